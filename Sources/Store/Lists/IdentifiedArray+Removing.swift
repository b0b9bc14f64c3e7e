// Removing and moving the rows of an IdentifiedArray.

extension IdentifiedArray {
    // MARK: - Removing

    /// Removes and returns the element at a position, moving the elements after it one place
    /// forward.
    ///
    /// ```swift
    /// struct Row: Identifiable { let id: Int }
    /// var rows: IdentifiedArray = [Row(id: 1), Row(id: 2), Row(id: 3)]
    /// let removed = rows.remove(at: 0)
    /// print(removed.id, rows.ids)  // 1 [2, 3]
    /// ```
    ///
    /// - Parameter position: The position of the element, in `0..<count`.
    /// - Returns: The element removed.
    /// - Complexity: O(n − position + log n), and O(n) when a copy of the array shares the
    ///   dictionary of positions, which is copied; removing the last element is O(log n) while
    ///   no copy shares it.
    @discardableResult
    @inlinable
    public mutating func remove(at position: Int) -> Element {
        precondition(
            position >= 0 && position < count,
            "IdentifiedArray.remove(at:): position \(position) is out of range 0..<\(count)"
        )
        let removed = trie[position]
        table.update { $0[removed.id] = nil }
        replaceElements(from: position, with: trie.elements(in: position + 1..<count))
        return removed
    }

    /// Removes and returns the element whose id is `id`, or returns `nil` when there is none.
    ///
    /// ```swift
    /// struct Row: Identifiable { let id: Int }
    /// var rows: IdentifiedArray = [Row(id: 1), Row(id: 2)]
    /// print(rows.remove(id: 1)?.id as Any, rows.remove(id: 9) as Any)  // Optional(1) nil
    /// print(rows.ids)  // [2]
    /// ```
    ///
    /// - Parameter id: The id of the element to remove.
    /// - Returns: The element removed, or `nil` when no element has the id.
    /// - Complexity: O(n − position + log n), for the element's position; O(1) when the id is
    ///   not present.
    @discardableResult
    @inlinable
    public mutating func remove(id: Element.ID) -> Element? {
        guard let position = table[id] else { return nil }
        return remove(at: position)
    }

    /// Removes the elements at some positions, keeping the others in order, as SwiftUI's
    /// `onDelete` asks.
    ///
    /// The positions may come in any order, and a position given twice counts once. An
    /// `IndexSet`, which is a sequence of `Int`, can be passed as it is. No position removes
    /// nothing, and the array then still shares everything with its copies.
    ///
    /// ```swift
    /// struct Row: Identifiable { let id: String }
    /// var rows: IdentifiedArray = [Row(id: "a"), Row(id: "b"), Row(id: "c"), Row(id: "d")]
    /// rows.remove(atOffsets: [3, 1])
    /// print(rows.ids)  // ["a", "c"]
    /// ```
    ///
    /// - Parameter offsets: The positions of the elements to remove, each in `0..<count`, in
    ///   any order.
    /// - Complexity: O(n − min(offsets) + k log k + log n) for k positions given, and O(n) when
    ///   a copy of the array shares the dictionary of positions, which is copied.
    @inlinable
    public mutating func remove(atOffsets offsets: some Sequence<Int>) {
        let removing = Set(offsets).sorted()
        guard let first = removing.first, let last = removing.last else { return }
        precondition(
            first >= 0 && last < count,
            "IdentifiedArray.remove(atOffsets:): offset \(first < 0 ? first : last) is out of range 0..<\(count)"
        )
        var kept = ContiguousArray<Element>()
        kept.reserveCapacity(count - first - removing.count)
        var removedIDs: [Element.ID] = []
        removedIDs.reserveCapacity(removing.count)
        var next = removing.startIndex
        for (offset, element) in trie.elements(in: first..<count).enumerated() {
            if next < removing.endIndex && removing[next] == first + offset {
                removedIDs.append(element.id)
                next += 1
            } else {
                kept.append(element)
            }
        }
        table.update { positions in
            for id in removedIDs { positions[id] = nil }
        }
        replaceElements(from: first, with: kept)
    }

    /// Removes every element that satisfies a predicate, keeping the others in order.
    ///
    /// When no element satisfies it, the array is left as it was, still sharing everything
    /// with its copies. When the predicate throws, the array is left as it was.
    ///
    /// ```swift
    /// struct Row: Identifiable {
    ///     let id: Int
    ///     var isFavorite = false
    /// }
    /// var rows: IdentifiedArray = [Row(id: 1, isFavorite: true), Row(id: 2), Row(id: 3)]
    /// rows.removeAll { !$0.isFavorite }
    /// print(rows.ids)  // [1]
    /// ```
    ///
    /// - Parameter shouldBeRemoved: Whether an element is to be removed.
    /// - Complexity: O(n).
    @inlinable
    public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
        var firstRemoved: Int?
        var kept = ContiguousArray<Element>()
        var removedIDs: [Element.ID] = []
        var position = 0
        try trie.forEachLeaf { leaf in
            for element in leaf {
                if try shouldBeRemoved(element) {
                    if firstRemoved == nil { firstRemoved = position }
                    removedIDs.append(element.id)
                } else if firstRemoved != nil {
                    kept.append(element)
                }
                position += 1
            }
        }
        guard let firstRemoved else { return }
        table.update { positions in
            for id in removedIDs { positions[id] = nil }
        }
        replaceElements(from: firstRemoved, with: kept)
    }

    // MARK: - Moving

    /// Moves the elements at some positions to a place, keeping their order, as SwiftUI's
    /// `onMove` asks.
    ///
    /// The elements at `offsets` are taken out and put, together and in their order, right
    /// before the element that was at `destination`, or at the end when `destination` is
    /// `count`. On `[a, b, c]`, moving `[0]` to offset 2 gives `[b, a, c]`, and moving `[2]`
    /// to offset 0 gives `[c, a, b]`. A position given twice counts once. An `IndexSet`, which
    /// is a sequence of `Int`, can be passed as it is.
    ///
    /// ```swift
    /// struct Row: Identifiable { let id: String }
    /// var rows: IdentifiedArray = [Row(id: "a"), Row(id: "b"), Row(id: "c")]
    /// rows.move(fromOffsets: [0], toOffset: 2)
    /// print(rows.ids)  // ["b", "a", "c"]
    /// ```
    ///
    /// - Parameters:
    ///   - offsets: The positions of the elements to move, each in `0..<count`, in any order.
    ///   - destination: The position, in `0...count` and counted before the move, of the
    ///     element the moved ones go before.
    /// - Complexity: O(n − min(offsets, destination) + log n). A move that leaves every
    ///   element in place changes nothing and shares everything with copies.
    @inlinable
    public mutating func move(fromOffsets offsets: some Sequence<Int>, toOffset destination: Int) {
        let moving = Set(offsets).sorted()
        guard let first = moving.first, let last = moving.last else { return }
        precondition(
            first >= 0 && last < count,
            "IdentifiedArray.move: offset \(first < 0 ? first : last) is out of range 0..<\(count)"
        )
        precondition(
            destination >= 0 && destination <= count,
            "IdentifiedArray.move: destination \(destination) is out of range 0...\(count)"
        )
        // A block of neighbours moved into itself or right next to itself stays where it is.
        if last - first + 1 == moving.count && destination >= first && destination <= last + 1 {
            return
        }
        let start = Swift.min(first, destination)
        var moved = ContiguousArray<Element>()
        var staying = ContiguousArray<Element>()
        var next = moving.startIndex
        for (offset, element) in trie.elements(in: start..<count).enumerated() {
            if next < moving.endIndex && moving[next] == start + offset {
                moved.append(element)
                next += 1
            } else {
                staying.append(element)
            }
        }
        let movedBeforeDestination = moving.prefix { $0 < destination }.count
        staying.insert(contentsOf: moved, at: destination - start - movedBeforeDestination)
        replaceElements(from: start, with: staying)
    }
}
