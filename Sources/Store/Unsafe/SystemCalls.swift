#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// The package's calls of the C library that take memory addresses: the one write loop, the one
// read loop and the one lock. Each owns or borrows its memory as stated beside it.

// MARK: - Writing

/// Writes all of `text` to standard error, retrying short writes: the library's one way to
/// print, shared by the store's diagnostics and the tracing middleware's default sink.
package func writeToStandardError(_ text: String) {
    writeAll(text, to: 2)
}

/// Writes all of `text` to the file `descriptor`; gives up quietly when the reader is gone.
/// Shared by the store's diagnostics, the tracing middleware and the demo.
package func writeAll(_ text: String, to descriptor: Int32) {
    var text = text
    text.withUTF8 { _ = writeAll(UnsafeRawBufferPointer($0), to: descriptor) }
}

/// Writes all of `bytes` to the file `descriptor`, retrying short and interrupted writes: the
/// package's one write loop.
///
/// - Returns: `nil` when every byte was written, otherwise the `errno` of the failed write
///   (`EIO` for a write that wrote nothing).
package func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
    var remaining = bytes
    while !remaining.isEmpty {
        let written = write(descriptor, remaining.baseAddress, remaining.count)
        if written < 0 && errno == EINTR { continue }
        if written < 0 { return errno }
        if written == 0 { return EIO }
        remaining = UnsafeRawBufferPointer(rebasing: remaining[written...])
    }
    return nil
}

/// Writes all of `bytes` to the file `descriptor`, as the raw-buffer form above does.
///
/// - Returns: `nil` when every byte was written, otherwise the `errno` of the failed write.
package func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
    bytes.withUnsafeBytes { writeAll($0, to: descriptor) }
}

// MARK: - Reading

/// Reads the file `descriptor` to its end, retrying interrupted reads: the package's one read
/// loop, for the action log and the saved state.
///
/// - Returns: The bytes, or the `errno` of the read that failed.
package func readToEnd(_ descriptor: Int32) -> Result<[UInt8], ReadFailure> {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        if count < 0 { return .failure(ReadFailure(code: errno)) }
        if count == 0 { return .success(bytes) }
        bytes.append(contentsOf: chunk[..<count])
    }
}

/// Why ``readToEnd(_:)`` failed: the `errno` of the read.
package struct ReadFailure: Error {
    package let code: Int32
}

// MARK: - Locking

// The package's one lock, for the little state that any thread may touch: a `TestClock`'s time
// and sleepers (`Clock.now` is synchronous and nonisolated), the register of test stores
// that ended unfinished (a test store may be released off the main actor) and the dependency
// values a store read from their keys (effects read dependencies from any task).
//
// Safety: the mutex lives in memory this object allocates once and never moves; it is
// initialized before any use and destroyed in `deinit`, when no thread can hold a reference.
// `Synchronization.Mutex` would do, but needs macOS 15 / iOS 18, above the package's floor.

/// A value that is read and changed only while holding a lock.
package final class Locked<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    package init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "internal inconsistency: pthread_mutex_init failed (\(status))")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the value while holding the lock; `body` must not take the lock again.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
