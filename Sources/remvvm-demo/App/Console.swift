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
