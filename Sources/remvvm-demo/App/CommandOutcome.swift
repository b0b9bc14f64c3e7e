/// What running one line or command did.
struct CommandOutcome: Equatable, Sendable {
    /// What the command printed, in order; the error line is not among them.
    var output: [OutputChunk] = []
    /// Why the command failed, or `nil` when it succeeded.
    var error: CommandError?
    /// Whether the command asks to leave.
    var quits = false

    var failed: Bool { error != nil }

    /// Everything printed to standard output.
    var standardOutput: String {
        output.filter { $0.stream == .standardOutput }.map(\.text).joined()
    }

    /// Everything printed to standard error, with the error line (`error: ...`) last.
    var standardError: String {
        output.filter { $0.stream == .standardError }.map(\.text).joined()
            + (error.map { "error: \($0)\n" } ?? "")
    }
}
