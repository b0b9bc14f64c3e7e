/// Why ``StatePersistence/restore(into:)`` failed: its file could not be restored, and could
/// not be set aside either (a read-only folder, say).
///
/// The file is left where it was, and the persistence does not write it: a save would
/// overwrite what could not be kept. The state keeps its default.
///
/// ```swift
/// var state = AppState(factory: factory)
/// do {
///     _ = try saved.restore(into: &state)
/// } catch {
///     logger.error("\(error)")   // cannot set aside '/…/state.json' (it is not JSON): Read-only file system
/// }
/// ```
public struct PersistenceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The path of the file.
    public let path: String
    /// Why the file could not be restored, such as "it is not JSON".
    public let problem: String
    /// The system's reason the file could not be renamed, such as "Read-only file system".
    public let reason: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - path: The path of the file.
    ///   - problem: Why the file could not be restored.
    ///   - reason: Why it could not be renamed.
    public init(path: String, problem: String, reason: String) {
        self.path = path
        self.problem = problem
        self.reason = reason
    }

    /// `cannot set aside '<path>' (<problem>): <reason>`.
    public var description: String { "cannot set aside '\(path)' (\(problem)): \(reason)" }
}
