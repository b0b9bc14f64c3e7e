/// Why ``StatePersistence/restore(into:)`` moved a file aside instead of restoring it: each is
/// a word of the new file name.
enum SetAsideReason: String, Error {
    /// The file could not be read (no permission, an I/O error), or is no regular file (a
    /// folder, a named pipe, a device in its place).
    case unreadable
    /// The bytes are not JSON (empty, cut short, or some other format).
    case notJSON = "not-json"
    /// JSON, but not a saved value of this type (another type's file, an older shape).
    case wrongShape = "wrong-shape"
    /// Written by a newer version of the app, whose value this one may misread.
    case newerVersion = "newer-version"

    /// The reason in words, for messages.
    var explanation: String {
        switch self {
        case .unreadable: "it could not be read"
        case .notJSON: "it is not JSON"
        case .wrongShape: "its JSON is not a saved value of this type"
        case .newerVersion: "a newer version of the app wrote it"
        }
    }
}
