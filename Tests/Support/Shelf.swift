public import ReMVVMStore

/// A list reached by id, as an app writes one: an array wrapper (the ``IdentifiedCollection``
/// doc comment's example), so the tests of anything reached by id do not depend on `IdentifiedArray`:
/// a list the app writes itself works the same.
public struct Shelf<Row: Identifiable>: IdentifiedCollection {
    /// The rows, in order.
    public var rows: [Row]

    /// A shelf of `rows`.
    public init(_ rows: [Row]) { self.rows = rows }

    /// The position of the first row.
    public var startIndex: Int { rows.startIndex }
    /// The position after the last row.
    public var endIndex: Int { rows.endIndex }
    /// The row at `position`.
    public subscript(position: Int) -> Row { rows[position] }
    /// The position after `index`.
    public func index(after index: Int) -> Int { index + 1 }

    /// The row whose id is `id`; setting `nil` removes it, setting a new one appends it.
    public subscript(id id: Row.ID) -> Row? {
        get { rows.first { $0.id == id } }
        set {
            guard let index = rows.firstIndex(where: { $0.id == id }) else {
                if let newValue { rows.append(newValue) }
                return
            }
            if let newValue { rows[index] = newValue } else { rows.remove(at: index) }
        }
    }
}

extension Shelf: Sendable where Row: Sendable {}
extension Shelf: Equatable where Row: Equatable {}
