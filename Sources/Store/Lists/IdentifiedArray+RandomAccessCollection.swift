// `@inlinable` like the rest of IdentifiedArray: see IdentifiedArray.swift for the measurement.

extension IdentifiedArray: RandomAccessCollection {
    /// The position of the first element: always 0.
    ///
    /// - Complexity: O(1).
    public var startIndex: Int { 0 }

    /// The position one past the last element: the number of elements.
    ///
    /// - Complexity: O(1).
    public var endIndex: Int { trie.count }

    /// The number of elements.
    ///
    /// - Complexity: O(1).
    public var count: Int { trie.count }

    /// Whether the array has no element.
    ///
    /// - Complexity: O(1).
    public var isEmpty: Bool { trie.count == 0 }

    /// The element at a position; setting replaces it with an element of the same id.
    ///
    /// The element set must have the id of the element it replaces: an element is kept by its
    /// id, so setting another id's element at a position stops the program, naming both ids.
    /// To put another element there, remove the one there and insert the other.
    ///
    /// ```swift
    /// struct Row: Identifiable {
    ///     let id: Int
    ///     var title: String
    /// }
    /// var rows: IdentifiedArray = [Row(id: 1, title: "Dune"), Row(id: 2, title: "Emma")]
    /// rows[1].title = "Persuasion"
    /// print(rows[1].title, rows[id: 2]?.title as Any)  // Persuasion Optional("Persuasion")
    /// ```
    ///
    /// - Parameter position: A position in `0..<count`.
    /// - Complexity: O(log n), reading or writing; a write copies only the path to the
    ///   element's leaf that copies of the array share.
    @inlinable
    public subscript(position: Int) -> Element {
        get {
            checkPosition(position)
            return trie[position]
        }
        set {
            checkPosition(position)
            trie.update(at: position) { element in
                guard newValue.id == element.id else {
                    preconditionFailure(
                        "IdentifiedArray: the element set at position \(position) has the id \(newValue.id), "
                            + "not the id \(element.id) of the element there"
                    )
                }
                element = newValue
            }
        }
    }

    @inlinable
    func checkPosition(_ position: Int) {
        precondition(
            position >= 0 && position < trie.count,
            "IdentifiedArray: position \(position) is out of range 0..<\(trie.count)"
        )
    }

    /// Returns an iterator over the elements, in order.
    ///
    /// ```swift
    /// struct Row: Identifiable { let id: Int }
    /// let rows: IdentifiedArray = [Row(id: 1), Row(id: 2)]
    /// for row in rows { print(row.id) }
    /// ```
    ///
    /// - Returns: An iterator that starts at the first element.
    /// - Complexity: O(1); the iteration is O(n) in all, reading the trie once per leaf of 8
    ///   elements.
    @inlinable
    public func makeIterator() -> Iterator {
        Iterator(trie: trie)
    }

    /// An iterator over the elements of an ``IdentifiedArray``, in order.
    ///
    /// It holds the version of the array it was made from: changes to the array after it was
    /// made do not reach it.
    ///
    /// ```swift
    /// struct Row: Identifiable { let id: Int }
    /// let rows: IdentifiedArray = [Row(id: 1), Row(id: 2)]
    /// var iterator = rows.makeIterator()
    /// print(iterator.next()?.id as Any)  // Optional(1)
    /// ```
    public struct Iterator: IteratorProtocol {
        @usableFromInline
        let trie: ElementTrie<Element>
        @usableFromInline
        var position = 0
        /// The leaf of `position`, once read; `nil` before the first element.
        @usableFromInline
        var leaf: TrieLeaf<Element>?
        @usableFromInline
        var slot = 0
        @usableFromInline
        var leafCount = 0

        @inlinable
        init(trie: ElementTrie<Element>) {
            self.trie = trie
        }

        /// Returns the next element, or `nil` after the last one.
        ///
        /// ```swift
        /// struct Row: Identifiable { let id: Int }
        /// var iterator = IdentifiedArray([Row(id: 1)]).makeIterator()
        /// while let row = iterator.next() { print(row.id) }
        /// ```
        ///
        /// - Returns: The next element, or `nil` when there is none.
        /// - Complexity: O(1) amortized: O(log n) once per leaf of 8 elements.
        @inlinable
        public mutating func next() -> Element? {
            guard position < trie.count else { return nil }
            if slot == leafCount {
                let next = trie.leaf(containing: position)
                leaf = next
                leafCount = next.count
                slot = 0
            }
            defer {
                position += 1
                slot += 1
            }
            return leaf![slot]
        }
    }
}
