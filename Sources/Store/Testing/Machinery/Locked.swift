#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

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
