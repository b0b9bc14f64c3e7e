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
struct LineReader {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false
    /// The terminal's own settings, when the prompt edits lines.
    private let terminalSettings: termios?
    private var editor: LineEditor?
    private var decoder = KeyDecoder()

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
    mutating func nextLine() -> Result<[UInt8], ReadError>? {
        if let terminalSettings, editor != nil, TerminalMode.enterRaw(descriptor, from: terminalSettings) {
            defer { TerminalMode.leaveRaw() }
            return editedLine()
        }
        return plainLine()
    }

    /// A line typed with editing keys, on a terminal in raw mode.
    private mutating func editedLine() -> Result<[UInt8], ReadError>? {
        guard var editor else { return plainLine() }
        defer { self.editor = editor }
        editor.startLine()
        while true {
            if start == buffer.count {
                if atEnd {
                    // The terminal went away mid-line: run what was typed, then stop.
                    return editor.characters.isEmpty ? nil : .success(Array(editor.characters.joined()))
                }
                buffer.removeAll(keepingCapacity: true)
                start = 0
                if case .failure(let error) = fill() { return .failure(error) }
                continue
            }
            let byte = buffer[start]
            start += 1
            guard let key = decoder.feed(byte) else { continue }
            var output = ""
            let outcome = editor.apply(key, output: &output)
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

    private mutating func plainLine() -> Result<[UInt8], ReadError>? {
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
            switch fill() {
            case .success: continue
            case .failure(let error): return .failure(error)
            }
        }
    }

    private mutating func fill() -> Result<Void, ReadError> {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                buffer.append(contentsOf: chunk[..<count])
                return .success(())
            }
            if count == 0 {
                atEnd = true
                return .success(())
            }
            if errno == EINTR { continue }
            return .failure(ReadError(code: errno))
        }
    }

    private static func droppingCarriageReturn(_ line: [UInt8]) -> [UInt8] {
        line.last == UInt8(ascii: "\r") ? Array(line.dropLast()) : line
    }

    /// Reads a whole file into lines, or says why it cannot be read.
    static func lines(ofFile path: String) -> Result<[[UInt8]], ReadError> {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return .failure(ReadError(code: errno)) }
        defer { close(descriptor) }
        var reader = LineReader(descriptor: descriptor)
        var lines: [[UInt8]] = []
        while let line = reader.nextLine() {
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
