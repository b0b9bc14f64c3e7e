// Names the docs of screens that own their state take as given (ReMVVMMiddleware's
// `register(reducer:forEach:case:id:)` and the article "Screens That Own Their State").
public import ReMVVMStore

/// The state of the docs' recorder screen, carried by `Screen.record`.
public struct RecordState: Hashable, Sendable, Codable {
    public var secondsElapsed = 0
    public var note = ""
    public init() {}
}
