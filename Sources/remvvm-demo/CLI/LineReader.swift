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
struct LineReader {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// The next line, `nil` at the end of the input, or the `errno` of a failed read.
    mutating func nextLine() -> Result<[UInt8], ReadError>? {
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
