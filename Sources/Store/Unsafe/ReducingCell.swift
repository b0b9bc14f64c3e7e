#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// The one place the package keeps "which store is reducing": a cell of memory that a
// `@Dependency` read inside a reducer looks at, since a reducer is a static function with no
// store in reach.
//
// Safety: the cell is allocated once, never moved or freed. Only the main thread writes it (a
// store reduces on the main actor), around each reduce, and only the main thread reads it:
// `ReducingCell.scope` checks the thread first, so a read from any other thread never touches
// the cell. The pointer it holds is an unretained `ReduceScope`, which its engine keeps alive
// for as long as the pointer is in the cell (the engine writes the cell back before its
// reduce returns).

/// Which store's reducer runs right now on the main thread.
@usableFromInline
enum ReducingCell {
    /// The cell: `nil`, or the unretained ``ReduceScope`` of the store that is reducing.
    @usableFromInline
    nonisolated(unsafe) static let cell: UnsafeMutablePointer<UnsafeMutableRawPointer?> = {
        let cell = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: 1)
        cell.initialize(to: nil)
        return cell
    }()

    /// The scope of the store reducing on this thread, or `nil` (no reduce runs, or this is not
    /// the main thread).
    static var scope: ReduceScope? {
        guard isMainThread, let address = cell.pointee else { return nil }
        return Unmanaged<ReduceScope>.fromOpaque(address).takeUnretainedValue()
    }

    #if canImport(Darwin)
        /// Notes the main thread; Apple platforms know it already.
        static func noteMainThread() {}

        static var isMainThread: Bool { pthread_main_np() != 0 }
    #else
        /// The main thread, noted by the first store made (on the main actor).
        private static let mainThread = Locked<pthread_t?>(nil)

        /// Notes the calling thread, the main one, the first time.
        static func noteMainThread() {
            mainThread.withLock { if $0 == nil { $0 = pthread_self() } }
        }

        static var isMainThread: Bool {
            mainThread.withLock { main in main.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
        }
    #endif
}
