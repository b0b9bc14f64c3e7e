/// The FIFO of work that arrived while the store was busy.
///
/// An array with a read index, emptied whenever the last element is read, so the steady state
/// of a chain (take one, add one) reuses the same storage and never grows.
@usableFromInline
struct PendingQueue<State: StoreState> {
    init() {}

    @usableFromInline
    enum Work {
        /// A dispatched action, processed from the top of the middleware stack.
        case action(any StoreAction)
        /// A middleware chain whose `next` was called while the store was busy.
        case resume(@MainActor (DispatchEngine<State>) -> Void)
    }

    @usableFromInline var items: [Work] = []
    @usableFromInline var head = 0

    @inlinable
    var isEmpty: Bool { head == items.count }

    @inlinable
    mutating func append(_ work: Work) {
        items.append(work)
    }

    @usableFromInline
    mutating func popFirst() -> Work? {
        guard head < items.count else { return nil }
        let work = items[head]
        head += 1
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 1024 && head * 2 >= items.count {
            items.removeFirst(head)
            head = 0
        }
        return work
    }
}
