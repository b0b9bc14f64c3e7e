/// A stack that keeps at most `capacity` elements: pushing onto a full stack drops the oldest.
///
/// Pushes, pops and drops cost O(1) amortized; the storage never holds more than twice
/// `capacity` slots, and a dropped element is released at once.
struct BoundedStack<Element> {
    let capacity: Int
    /// The elements, oldest first, from `head` on; slots before `head` were dropped.
    private var storage: [Element?] = []
    private var head = 0

    init(capacity: Int) {
        precondition(capacity >= 0, "a bounded stack needs a capacity of 0 or more, got \(capacity)")
        self.capacity = capacity
    }

    var count: Int { storage.count - head }

    var isEmpty: Bool { count == 0 }

    /// The newest element.
    var last: Element? { isEmpty ? nil : storage[storage.count - 1] }

    /// The elements, oldest first.
    /// Every slot from `head` on holds an element; only dropped slots, before it, are `nil`.
    var elements: [Element] { storage[head...].compactMap { $0 } }

    mutating func push(_ element: Element) {
        storage.append(element)
        guard count > capacity else { return }
        storage[head] = nil
        head += 1
        // Move the kept elements to the front once the dropped slots outnumber them.
        if head >= 16 && head * 2 >= storage.count {
            storage.removeFirst(head)
            head = 0
        }
    }

    @discardableResult
    mutating func popLast() -> Element? {
        guard !isEmpty else { return nil }
        let element = storage.removeLast()
        if isEmpty {
            storage.removeAll(keepingCapacity: true)
            head = 0
        }
        return element
    }

    mutating func removeAll() {
        storage.removeAll()
        head = 0
    }
}
