import ReMVVMStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Replaces a file's contents so that, whenever the process or the machine stops, the file
/// holds either all of the old bytes or all of the new ones, never a mix and never nothing.
///
/// The bytes go to a temporary file in the same folder (so the rename below stays within one
/// file system), which is synchronized to the disk (`fsync`) before `rename(2)` puts it in the
/// place of the old one: a rename within a file system is atomic, and the `fsync` first makes
/// sure the name never points at blocks that were not written yet. The folder is then
/// synchronized too, so that the rename itself survives a power failure. (On Apple platforms
/// `fsync` hands the data to the drive without flushing the drive's own cache; a process killed
/// at any instant still leaves the old or the new file.)
///
/// The temporary file has a fixed name, `.<name>.saving`, so a process killed while writing it
/// leaves at most that one file, which the next write truncates and reuses. One writer per file:
/// two writers of one path would share the temporary file.
struct AtomicFile {
    /// The file's path.
    let path: String

    /// The temporary file's path: `.<name>.saving` in the same folder.
    var temporaryPath: String {
        let (folder, name) = Self.split(path)
        return folder + "." + name + ".saving"
    }

    /// The folder's path, for its `fsync`: `.` for a bare file name.
    var folderPath: String {
        let (folder, _) = Self.split(path)
        return folder.isEmpty ? "." : folder
    }

    /// Replaces the file's contents with `bytes`.
    ///
    /// - Throws: The system's reason when a step fails (a full disk, a folder that is gone or
    ///   read-only); the file then still holds its old contents.
    func replace(with bytes: [UInt8]) throws(LogFileError) {
        let temporary = temporaryPath
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw LogFileError(code: errno) }
        var failure = bytes.withUnsafeBytes { writeAll($0, to: descriptor) }
        if failure == nil, fsync(descriptor) != 0 { failure = errno }
        if close(descriptor) != 0, failure == nil { failure = errno }
        if let failure {
            _ = unlink(temporary)
            throw LogFileError(code: failure)
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            _ = unlink(temporary)
            throw LogFileError(code: code)
        }
        try Self.synchronizeFolder(folderPath)
    }

    /// `fsync` of a folder, so that a rename in it is on the disk.
    private static func synchronizeFolder(_ path: String) throws(LogFileError) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw LogFileError(code: errno) }
        defer { _ = close(descriptor) }
        // Some file systems cannot synchronize a folder (EINVAL); the rename is done by then.
        if fsync(descriptor) != 0 && errno != EINVAL { throw LogFileError(code: errno) }
    }

    /// A path's folder, with its trailing `/` (empty for a bare name), and its last component.
    static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path) }
        return (String(path[...slash]), String(path[path.index(after: slash)...]))
    }
}
