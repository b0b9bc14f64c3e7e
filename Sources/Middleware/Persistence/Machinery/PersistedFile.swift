#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The file format of a ``StatePersistence``: one JSON object holding the format's version and
/// the part's value, `{"value":...,"version":1}`.
///
/// The version lets a file written by a newer app, whose value this app may misread, be told
/// apart from one it can decode.
struct PersistedFile<Value: Codable>: Codable {
    let version: Int
    let value: Value

    /// Encodes `value` as a file of `version`.
    static func encode(_ value: Value, version: Int) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(PersistedFile(version: version, value: value)))
    }

    /// Decodes the value of a file's `bytes`, or says why they must be set aside.
    ///
    /// The version is read first, on its own, so that a newer file is reported as newer even
    /// when its value would not decode.
    ///
    /// - Parameter newestVersion: The newest version this app writes and reads.
    static func decode(_ bytes: [UInt8], newestVersion: Int) -> Result<Value, SetAsideReason> {
        let data = Data(bytes)
        let decoder = JSONDecoder()
        let header: Header
        do {
            header = try decoder.decode(Header.self, from: data)
        } catch {
            // Header's own decoding cannot fail, so the decoder rejected the text itself.
            return .failure(.notJSON)
        }
        guard let version = header.version else { return .failure(.wrongShape) }
        guard version <= newestVersion else { return .failure(.newerVersion) }
        do {
            return .success(try decoder.decode(PersistedFile.self, from: data).value)
        } catch {
            return .failure(.wrongShape)
        }
    }

    /// The version of any JSON text: `nil` when the text is not an object with an integer
    /// `version`. Decoding it fails only for text that is not JSON.
    private struct Header: Decodable {
        let version: Int?

        private enum CodingKeys: String, CodingKey {
            case version
        }

        init(from decoder: any Decoder) {
            let container = try? decoder.container(keyedBy: CodingKeys.self)
            version = (try? container?.decodeIfPresent(Int.self, forKey: .version)) ?? nil
        }
    }
}
