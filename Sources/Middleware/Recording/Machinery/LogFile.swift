import ReMVVMStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The file an ``ActionRecorder`` appends to: a POSIX descriptor, so each line goes to the
/// operating system in one `write` as soon as it is made (no buffer in the process that a crash
/// could lose), and errors come back as `errno` with the system's own words for them.
final class LogFile {
    private var descriptor: Int32

    /// Creates the file, or empties it when it exists, and opens it for appending.
    ///
    /// - Throws: The system's reason, e.g. "No such file or directory".
    init(path: String) throws(LogFileError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw LogFileError(code: errno) }
        self.descriptor = descriptor
    }

    deinit {
        close()
    }

    /// Writes all of `bytes`, retrying interrupted and short writes.
    ///
    /// - Throws: The system's reason when the file cannot take them (a full disk, say); part of
    ///   the bytes may have been written.
    func append(_ bytes: [UInt8]) throws(LogFileError) {
        guard descriptor >= 0 else { throw LogFileError(code: EBADF) }
        if let failure = writeAll(bytes, to: descriptor) {
            throw LogFileError(code: failure)
        }
    }

    /// Closes the file; later appends fail.
    func close() {
        guard descriptor >= 0 else { return }
        _ = closeDescriptor(descriptor)
        descriptor = -1
    }
}

/// Why a file could not be opened, read or written: an `errno` value and its text.
struct LogFileError: Error {
    let code: Int32

    /// The system's words for ``code``, such as "No space left on device".
    var reason: String { String(cString: strerror(code)) }
}

/// Reads a whole file.
///
/// - Throws: The system's reason when the file cannot be opened or read.
func readWholeFile(path: String) throws(LogFileError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw LogFileError(code: errno) }
    defer { _ = closeDescriptor(descriptor) }
    switch readToEnd(descriptor) {
    case .success(let bytes): return bytes
    case .failure(let failure): throw LogFileError(code: failure.code)
    }
}

/// `close(2)`, named apart from ``LogFile/close()``.
private func closeDescriptor(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}
