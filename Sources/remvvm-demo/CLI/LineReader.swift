import Dispatch
import ReMVVMStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a file descriptor line by line, as bytes: the caller decides what to do with bytes
/// that are not UTF-8. A line ends at `\n`; a `\r` before it is dropped; the last line may
/// lack its `\n`.
///
/// When the descriptor and standard output are both terminals, each line is read with line
/// editing instead (see ``LineEditor``): the terminal is in raw mode while the line is typed,
/// and as it was before while the line runs. Pipes and files are read as plain lines.
///
/// Waiting for input happens off the main actor: while a person thinks, the store's tasks
/// (the idle timeout) run, and what they print can interrupt the line being typed
/// (``interrupt(prompt:_:)``). Input that is there already is read in place. A class, so that
/// the interruption reaches the line while ``nextLine()`` waits.
@MainActor
final class LineReader {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false
    /// The terminal's own settings, when the prompt edits lines.
    private let terminalSettings: termios?
    private var editor: LineEditor?
    private var decoder = KeyDecoder()
    /// Whether ``nextLine()`` is waiting for input, with the prompt on display.
    private(set) var isReading = false
    /// Whether the line being read is typed with editing keys, so the editor holds it.
    private var isEditing = false

    init(descriptor: Int32) {
        self.descriptor = descriptor
        if isatty(1) == 1, let settings = TerminalMode.currentSettings(of: descriptor) {
            terminalSettings = settings
            editor = LineEditor(prompt: "> ", echoes: TerminalMode.echoes(settings))
        } else {
            terminalSettings = nil
        }
    }

    /// What the prompt shows again after Ctrl-L clears the screen.
    var prompt: String {
        get { editor?.prompt ?? "" }
        set { editor?.prompt = newValue }
    }

    /// The next line, `nil` at the end of the input, or the `errno` of a failed read.
    func nextLine() async -> Result<[UInt8], ReadError>? {
        isReading = true
        defer { isReading = false }
        if let terminalSettings, editor != nil, TerminalMode.enterRaw(descriptor, from: terminalSettings) {
            defer { TerminalMode.leaveRaw() }
            return await editedLine()
        }
        return await plainLine()
    }

    /// Shows `output`, which arrived while the user was typing a line, on its own lines, then
    /// the prompt and the line typed so far again, the cursor where it was.
    ///
    /// - Parameters:
    ///   - prompt: The prompt as the terminal shows it (styled).
    ///   - output: Writes the output that interrupts the line.
    func interrupt(prompt: String, _ output: () -> Void) {
        guard isEditing, let editor else {
            // No line editing: the terminal echoes what is typed, and only it knows the line.
            Self.writeAll("\n")
            output()
            Self.writeAll(prompt)
            return
        }
        // Back to the start of the prompt's line and clear it: the output takes its place.
        // (A line longer than the terminal is wide leaves its first rows above the output.)
        Self.writeAll("\r\u{1B}[K")
        output()
        Self.writeAll(prompt + editor.lineAfterPrompt)
    }

    /// A line typed with editing keys, on a terminal in raw mode. The editor is used in place,
    /// never copied across a wait: ``interrupt(prompt:_:)`` reads it while this waits.
    private func editedLine() async -> Result<[UInt8], ReadError>? {
        guard editor != nil else { return await plainLine() }
        isEditing = true
        defer { isEditing = false }
        editor?.startLine()
        while true {
            if start == buffer.count {
                if atEnd {
                    // The terminal went away mid-line: run what was typed, then stop.
                    let characters = editor?.characters ?? []
                    return characters.isEmpty ? nil : .success(Array(characters.joined()))
                }
                buffer.removeAll(keepingCapacity: true)
                start = 0
                if case .failure(let error) = await fill() { return .failure(error) }
                continue
            }
            let byte = buffer[start]
            start += 1
            guard let key = decoder.feed(byte) else { continue }
            var output = ""
            guard let outcome = editor?.apply(key, output: &output) else {
                preconditionFailure(
                    "internal inconsistency: the line editor went away while a line was typed")
            }
            if !output.isEmpty { Self.writeAll(output) }
            switch outcome {
            case .editing: continue
            case .line(let line): return .success(line)
            case .endOfInput: return nil
            }
        }
    }

    private static func writeAll(_ text: String) {
        ReMVVMStore.writeAll(text, to: 1)
    }

    private func plainLine() async -> Result<[UInt8], ReadError>? {
        while true {
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(buffer[start..<newline])
                start = newline + 1
                return .success(Self.droppingCarriageReturn(line))
            }
            if atEnd {
                guard start < buffer.count else { return nil }
                let line = Array(buffer[start...])
                start = buffer.count
                return .success(Self.droppingCarriageReturn(line))
            }
            buffer.removeFirst(start)
            start = 0
            switch await fill() {
            case .success: continue
            case .failure(let error): return .failure(error)
            }
        }
    }

    /// Reads what the descriptor has. When it has nothing yet, waits for it on a thread of
    /// the global dispatch queue while the main actor goes on running the store's tasks.
    ///
    /// Input that is there already (a file, a pipe written ahead, the end of the input) is read
    /// in place, without the hop: a script reads no slower, and a session that never waits
    /// never starts a second thread (valgrind, which CI runs the demo under, stops with an
    /// internal error when a thread starts after the main thread parked in `dispatch_main`).
    private func fill() async -> Result<Void, ReadError> {
        let descriptor = self.descriptor
        let chunk: Result<[UInt8], ReadError>
        if Self.hasInput(descriptor) {
            chunk = Self.readChunk(descriptor)
        } else {
            chunk = await withCheckedContinuation { continuation in
                DispatchQueue.global().async {
                    continuation.resume(returning: Self.readChunk(descriptor))
                }
            }
        }
        switch chunk {
        case .success(let bytes):
            if bytes.isEmpty { atEnd = true } else { buffer.append(contentsOf: bytes) }
            return .success(())
        case .failure(let error):
            return .failure(error)
        }
    }

    /// Whether a `read` would return at once: bytes are there, the input ended, or reading
    /// fails.
    ///
    /// Only those answers count: macOS's `poll` does not support terminals and answers
    /// `POLLNVAL` for them at once, and a terminal read in place would block the main actor
    /// until a key is pressed. Any other answer, or a failed `poll`, sends the read off the
    /// main actor, where it may wait.
    private nonisolated static func hasInput(_ descriptor: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, 0) > 0 else { return false }
        return Int32(entry.revents) & Int32(POLLIN | POLLHUP | POLLERR) != 0
    }

    /// One `read` of up to 64 KiB: the bytes, none at the end of the input, or the error.
    private nonisolated static func readChunk(_ descriptor: Int32) -> Result<[UInt8], ReadError> {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count >= 0 {
                chunk.removeLast(chunk.count - count)
                return .success(chunk)
            }
            if errno == EINTR { continue }
            return .failure(ReadError(code: errno))
        }
    }

    private nonisolated static func droppingCarriageReturn(_ line: [UInt8]) -> [UInt8] {
        line.last == UInt8(ascii: "\r") ? Array(line.dropLast()) : line
    }

    /// Reads a whole file into lines, or says why it cannot be read.
    static func lines(ofFile path: String) async -> Result<[[UInt8]], ReadError> {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return .failure(ReadError(code: errno)) }
        defer { close(descriptor) }
        let reader = LineReader(descriptor: descriptor)
        var lines: [[UInt8]] = []
        while let line = await reader.nextLine() {
            switch line {
            case .success(let line): lines.append(line)
            case .failure(let error): return .failure(error)
            }
        }
        return .success(lines)
    }
}

/// A failed `open` or `read`.
struct ReadError: Error, Equatable {
    let code: Int32

    /// The system's description, such as `No such file or directory`.
    var reason: String { String(cString: strerror(code)) }
}
