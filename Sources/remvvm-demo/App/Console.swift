/// Which stream a piece of output goes to.
enum OutputStream: Equatable, Sendable {
    case standardOutput
    case standardError
}

/// A piece of output, in the order it was produced.
struct OutputChunk: Equatable, Sendable {
    let stream: OutputStream
    let text: String
}

/// Collects what the app prints while it runs one command, so that the command line tool can
/// write it and tests can read it.
@MainActor
final class Console {
    private(set) var chunks: [OutputChunk] = []

    func out(_ text: String) {
        chunks.append(OutputChunk(stream: .standardOutput, text: text))
    }

    func err(_ text: String) {
        chunks.append(OutputChunk(stream: .standardError, text: text))
    }

    /// Returns what was collected and starts afresh.
    func take() -> [OutputChunk] {
        defer { chunks.removeAll() }
        return chunks
    }
}

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
