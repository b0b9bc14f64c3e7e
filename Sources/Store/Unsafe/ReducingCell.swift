#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
#if !canImport(Darwin)
    import Dispatch
#endif

// The one place the package keeps "which store is reducing": a cell of memory that a
// `@Dependency` read inside a reducer looks at, since a reducer is a static function with no
// store in reach.
//
// Safety: the cell is allocated once, never moved or freed. Only the main actor writes it (a
// store reduces on the main actor), around each reduce, and only the main actor reads it:
// `ReducingCell.scope` checks that first, so a read from anywhere else never touches the cell. The pointer it holds is an unretained `ReduceScope`, which its engine keeps alive
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

        /// Whether the main actor runs here: on Apple platforms, always on the main thread.
        static var isMainThread: Bool { pthread_main_np() != 0 }
    #else
        /// The main thread, noted by the first store made (on the main actor).
        private static let mainThread = Locked<pthread_t?>(nil)
        /// Marks the main dispatch queue, on which the main actor's work runs when it does not
        /// run on the main thread.
        private static let mainQueueKey = DispatchSpecificKey<Bool>()

        /// Notes the calling thread and the main queue, the first time; called on the main actor.
        static func noteMainThread() {
            let isFirst = mainThread.withLock { main in
                defer { if main == nil { main = pthread_self() } }
                return main == nil
            }
            if isFirst { DispatchQueue.main.setSpecific(key: mainQueueKey, value: true) }
        }

        /// Whether the main actor runs here: on the main thread, or on the main dispatch queue.
        /// Elsewhere than on Apple platforms, a program that awaits at its top level hands the
        /// main thread to the main queue (`dispatch_main`), whose work, the main actor's, then
        /// runs on another thread.
        static var isMainThread: Bool {
            if DispatchQueue.getSpecific(key: mainQueueKey) == true { return true }
            return mainThread.withLock { main in main.map { pthread_equal($0, pthread_self()) != 0 } ?? false
            }
        }
    #endif
}

/// The reducing cell as an engine holds it: the cell and the address of the engine's scope,
/// unretained (the engine keeps its scope alive as long as it holds this handle), so that the
/// engine's files name no pointer.
@usableFromInline
struct ReducingCellHandle {
    @usableFromInline let cell: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    @usableFromInline let scope: UnsafeMutableRawPointer

    init(scope: ReduceScope) {
        cell = ReducingCell.cell
        self.scope = Unmanaged.passUnretained(scope).toOpaque()
    }

    /// Puts the engine's scope in the cell around a reduce; returns what the cell held, which
    /// ``restore(_:)`` puts back (a reduce may dispatch into another store, which sets the cell).
    @inlinable
    @inline(__always)
    func enter() -> UnsafeMutableRawPointer? {
        let outer = cell.pointee
        cell.pointee = scope
        return outer
    }

    @inlinable
    @inline(__always)
    func restore(_ outer: UnsafeMutableRawPointer?) {
        cell.pointee = outer
    }

    /// Empties the cell: what runs now (subscribers, observers) is no reducer.
    @inlinable
    @inline(__always)
    func clear() {
        cell.pointee = nil
    }
}
