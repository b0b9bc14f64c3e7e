/// A first-in first-out queue.
///
/// An array with a read index, emptied whenever the last element is read, so the steady state
/// of a chain (take one, add one) reuses the same storage and never grows.
@usableFromInline
struct FIFO<Element> {
    @usableFromInline var items: [Element] = []
    @usableFromInline var head = 0

    @inlinable
    init() {}

    @inlinable
    var isEmpty: Bool { head == items.count }

    @inlinable
    mutating func append(_ element: Element) {
        items.append(element)
    }

    /// Inlinable so that it is specialized for the element: unspecialized, emptying the array
    /// looked up its type's metadata at each call (callgrind, the `chain` workload).
    @inlinable
    mutating func popFirst() -> Element? {
        guard head < items.count else { return nil }
        let element = items[head]
        head += 1
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 1024 && head * 2 >= items.count {
            items.removeFirst(head)
            head = 0
        }
        return element
    }
}
