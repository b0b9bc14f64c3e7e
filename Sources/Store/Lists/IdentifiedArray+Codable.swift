extension IdentifiedArray: Encodable where Element: Encodable {
    /// Encodes the elements as a plain array, in order.
    ///
    /// The JSON of an identified array is the JSON of an array of its elements: an app can
    /// change a stored `[Element]` to an `IdentifiedArray<Element>` and read its old files.
    ///
    /// ```swift
    /// import Foundation
    /// import ReMVVMStore
    ///
    /// struct Row: Identifiable, Codable { let id: Int }
    /// let rows: IdentifiedArray = [Row(id: 1), Row(id: 2)]
    /// let json = try JSONEncoder().encode(rows)
    /// print(String(decoding: json, as: UTF8.self))  // [{"id":1},{"id":2}]
    /// ```
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Complexity: O(n).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for element in self {
            try container.encode(element)
        }
    }
}

extension IdentifiedArray: Decodable where Element: Decodable {
    /// Decodes an array of elements, in order, and throws when two of them have one id.
    ///
    /// Two elements of one id throw `DecodingError.dataCorrupted`, whose description names the
    /// id and whose coding path ends at the second of them.
    ///
    /// ```swift
    /// import Foundation
    /// import ReMVVMStore
    ///
    /// struct Row: Identifiable, Codable { let id: Int }
    /// let json = Data(#"[{"id":1},{"id":1}]"#.utf8)
    /// do {
    ///     _ = try JSONDecoder().decode(IdentifiedArray<Row>.self, from: json)
    /// } catch {
    ///     print(error)  // ... two elements have the id 1 (at positions 0 and 1) ...
    /// }
    /// ```
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Complexity: O(n).
    public init(from decoder: any Decoder) throws {
        self.init()
        var container = try decoder.unkeyedContainer()
        while !container.isAtEnd {
            let position = container.currentIndex
            let element = try container.decode(Element.self)
            if let earlier = index(id: element.id) {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(
                        codingPath: container.codingPath + [PositionKey(position)],
                        debugDescription:
                            "IdentifiedArray: two elements have the id \(element.id) (at positions \(earlier) and \(position))"
                    )
                )
            }
            append(element)
        }
    }
}

/// The key of an element of an unkeyed container, for the coding path of a decoding error.
private struct PositionKey: CodingKey {
    let intValue: Int?
    let stringValue: String

    init(_ position: Int) {
        intValue = position
        stringValue = "Index \(position)"
    }

    init?(intValue: Int) { self.init(intValue) }
    init?(stringValue: String) { nil }
}
