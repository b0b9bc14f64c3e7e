import ReMVVMStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What ``readSavedFile(path:)`` found at a path.
enum SavedFileContents {
    /// A regular file, read whole.
    case bytes([UInt8])
    /// Something else (a named pipe, a device, a socket, a folder): not read, since a pipe
    /// would block until a writer came and a device may never end.
    case notRegularFile
}

/// Reads the regular file at `path` whole, without blocking on what is not one.
///
/// The file is opened with `O_NONBLOCK`, so that opening a named pipe returns at once instead
/// of waiting for a writer, and `fstat` of the open descriptor (not of the name, which may be
/// replaced in between) says whether it is a regular file; only then is it read. The flag does
/// not change how a regular file is read.
///
/// - Throws: Why it could not be opened or read (`ENOENT` when nothing is there).
func readSavedFile(path: String) throws(LogFileError) -> SavedFileContents {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { throw LogFileError(code: errno) }
    defer { _ = close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw LogFileError(code: errno) }
    guard status.st_mode & S_IFMT == S_IFREG else { return .notRegularFile }
    switch readToEnd(descriptor) {
    case .success(let bytes): return .bytes(bytes)
    case .failure(let failure): throw LogFileError(code: failure.code)
    }
}
