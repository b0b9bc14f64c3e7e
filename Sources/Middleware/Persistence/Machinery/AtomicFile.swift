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
///
/// A write told to make the folder (the first one of a run) makes it when it is missing, with
/// the folders above it that are missing too (`mkdir -p`): an app's Application Support folder,
/// say, does not exist until something makes it.
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
    /// - Parameter makingFolder: Whether to make the file's folder, and the folders above it,
    ///   when they are missing; otherwise a missing folder fails the write.
    /// - Throws: Why a step failed (a full disk, a read-only folder, a file where a folder
    ///   should be); the file then still holds its old contents.
    func replace(with bytes: [UInt8], makingFolder: Bool) throws(Failure) {
        let temporary = temporaryPath
        let descriptor = try openTemporary(temporary, makingFolder: makingFolder)
        var failure = writeAll(bytes, to: descriptor)
        if failure == nil, fsync(descriptor) != 0 { failure = errno }
        if close(descriptor) != 0, failure == nil { failure = errno }
        if let failure {
            _ = unlink(temporary)
            throw .system(LogFileError(code: failure))
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            _ = unlink(temporary)
            throw .system(LogFileError(code: code))
        }
        try Self.synchronizeFolder(folderPath)
    }

    /// Creates or truncates the temporary file, for writing; when `makingFolder`, makes the
    /// folder first if the file cannot be created because the folder, or one above it, is
    /// missing.
    private func openTemporary(_ temporary: String, makingFolder: Bool) throws(Failure) -> Int32 {
        let flags = O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC
        var descriptor = open(temporary, flags, 0o644)
        // ENOENT: a folder on the way is missing. ENOTDIR: something on the way is not a folder,
        // which making the folders finds and names.
        if descriptor < 0, makingFolder, errno == ENOENT || errno == ENOTDIR,
            let folder = Self.folderToMake(of: path)
        {
            try Self.makeFolder(folder)
            descriptor = open(temporary, flags, 0o644)
            // The folder was there after all (EEXIST), but it is a file.
            if descriptor < 0, errno == ENOTDIR { throw .notAFolder(folder) }
        }
        guard descriptor >= 0 else { throw .system(LogFileError(code: errno)) }
        return descriptor
    }

    /// `fsync` of a folder, so that a rename in it is on the disk.
    private static func synchronizeFolder(_ path: String) throws(Failure) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .system(LogFileError(code: errno)) }
        defer { _ = close(descriptor) }
        // Some file systems cannot synchronize a folder (EINVAL); the rename is done by then.
        if fsync(descriptor) != 0 && errno != EINVAL { throw .system(LogFileError(code: errno)) }
    }

    /// The folder of the file at `path`, as `mkdir` takes it (no trailing `/`); `nil` when there
    /// is none to make: the root, or the current folder of a bare name.
    static func folderToMake(of path: String) -> String? {
        var folder = Substring(split(path).folder)
        while folder.last == "/" { folder = folder.dropLast() }
        return folder.isEmpty ? nil : String(folder)
    }

    /// Makes the folder at `path` and every missing folder above it, as `mkdir -p` does; an
    /// existing folder is left as it is.
    ///
    /// Only the missing folders are touched, from the deepest up to the first that exists, so
    /// folders far above (which an app's sandbox may not even let it look at) are never read.
    ///
    /// - Throws: ``Failure/notAFolder(_:)`` with the path of a file that stands where a folder
    ///   should, or ``Failure/cannotMakeFolder(_:_:)`` with the system's reason (a read-only or
    ///   full disk, no permission).
    static func makeFolder(_ path: String) throws(Failure) {
        if mkdir(path, 0o755) == 0 { return }
        let code = errno
        // Something is there: the caller's next step finds out if it is a folder.
        if code == EEXIST { return }
        guard code == ENOENT || code == ENOTDIR, let parent = folderToMake(of: path) else {
            throw .cannotMakeFolder(path, LogFileError(code: code))
        }
        try makeFolder(parent)
        if mkdir(path, 0o755) == 0 { return }
        switch errno {
        case EEXIST: return  // made by someone else meanwhile
        case ENOTDIR: throw .notAFolder(parent)  // the parent exists, but is not a folder
        case let other: throw .cannotMakeFolder(path, LogFileError(code: other))
        }
    }

    /// Why a write failed.
    enum Failure: Error {
        /// A step of the write failed, for the system's reason.
        case system(LogFileError)
        /// The folder at this path was missing and could not be made.
        case cannotMakeFolder(String, LogFileError)
        /// The thing at this path, where a folder should be, is not a folder.
        case notAFolder(String)

        /// The reason in words, for messages: `No space left on device`,
        /// `cannot create the folder '/data/app': Permission denied`, or
        /// `'/data/app' is not a folder`.
        var reason: String {
            switch self {
            case .system(let error): error.reason
            case .cannotMakeFolder(let path, let error): "cannot create the folder '\(path)': \(error.reason)"
            case .notAFolder(let path): "'\(path)' is not a folder"
            }
        }
    }

    /// A path's folder, with its trailing `/` (empty for a bare name), and its last component.
    static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path) }
        return (String(path[...slash]), String(path[path.index(after: slash)...]))
    }
}
