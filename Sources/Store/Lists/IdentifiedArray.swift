// `@inlinable` and `@usableFromInline` throughout IdentifiedArray and its machinery, so that a
// client's element type specializes the code: unspecialized, generic metadata lookups took most
// of the time. Release build, a client module, `IdentifiedArray<Book>` of 100,000 rows: one row
// changed while the old value is kept 2.9 µs -> 2.5 µs (10 rows: 1.1 µs -> 0.3 µs), `==` of the
// two versions 23 µs -> 2.6 µs, `remove(at: 0)` with the old value kept 93 ms -> 21 ms (6.6 ms
// with the leaf-at-a-time append that came with it).
//
// The nodes (Unsafe/TrieNode.swift) keep their slots inline, one allocation each, and are
// copied and destroyed by loops specialized for the element. Callgrind, a row action with one
// subscriber (`list.n`), before -> after: 10 rows 4,795 -> 3,479 instructions, 10,000 rows
// 12,058 -> 6,827, 100,000 rows 15,118 -> 7,722; `==` of two versions of 100,000 rows 8,610 ->
// 1,079 (`SWIFT_DETERMINISTIC_HASHING=1`). Then a store's row action reused the path of the
// version it replaced (Machinery/ElementTrie+Reusing.swift) and `==` stopped retaining the
// branches on its way: 2,823 / 3,678 / 3,894 and 519, no allocation per row action.

/// An ordered collection of elements of distinct ids, read and written by id or by position,
/// whose copies share what they do not change.
///
/// Use it for a list in a store's state. A store keeps the state before each change for its
/// subscribers (`oldState`), so changing one row of a plain array copies all of it; changing one
/// row of an identified array copies a handful of small nodes, and comparing the two versions
/// looks only at what differs.
///
/// ```swift
/// struct Row: Identifiable, Equatable {
///     let id: Int
///     var title: String
///     var isFavorite = false
/// }
///
/// var rows: IdentifiedArray<Row> = [Row(id: 1, title: "Dune"), Row(id: 2, title: "Emma")]
/// let old = rows
/// rows[id: 2]?.isFavorite.toggle()  // copies one path, shares the rest with `old`
/// rows[id: 3] = Row(id: 3, title: "Ulysses")  // an id not present: appended
/// rows[id: 1] = nil  // removed
/// rows.move(fromOffsets: [0], toOffset: 2)
/// print(rows.ids, old == rows)  // [3, 2] false
/// ```
///
/// Each id appears once. Adding an element whose id is present (``append(_:)``,
/// ``insert(_:at:)``, an array literal, ``init(_:)``) is a programmer error and stops the
/// program, naming the id, as a dictionary literal with a duplicate key does; to add or replace,
/// set ``subscript(id:)``. Setting, at a position or an id, an element of another id stops the
/// program too: an element's id is what the array keeps it by.
///
/// ## Structure and costs
///
/// The elements are kept by position in a persistent trie: up to 16 elements in one flat leaf;
/// beyond, leaves of up to 8 elements under branches of up to 8 children, every leaf but the
/// last full (a trie of 10,000 elements is 5 levels deep, one of 100,000 is 6). Next to it, a
/// dictionary maps each id to its position. Copies share both. A write to a copy copies the
/// nodes on the path from the root to the element's leaf that the other copy also holds (one
/// allocation per node), and changes in place what only it holds; the dictionary is copied
/// only when an id is added or removed while another copy shares it.
///
/// | Operation | Cost |
/// | --- | --- |
/// | `self[id:]`, `self[position]` (read) | O(log n): a dictionary lookup, a walk of the trie |
/// | `self[id:]`, `self[position]` (set, same id) | O(log n), whether or not a copy shares it |
/// | ``append(_:)`` | O(log n) while the array is not shared; O(n) when it is (the dictionary) |
/// | ``insert(_:at:)``, ``remove(at:)``, ``remove(id:)`` | O(n − position + log n); O(n) when shared (the dictionary) |
/// | ``move(fromOffsets:toOffset:)``, ``removeAll(where:)`` | O(n) |
/// | `==` | O(what differs): nodes both hold are equal without a look inside |
/// | ``ids``, `hash(into:)`, iteration, ``description`` | O(n) |
///
/// "n − position" is the number of elements after the position: the part of the trie left of
/// it stays shared, the rest is rebuilt and the positions after it are rewritten. "Shared"
/// means that a copy of the array (a store's `oldState`) holds the same dictionary of
/// positions, which adding or removing an id then copies. Removing the last element is
/// O(log n) while the array is not shared.
public struct IdentifiedArray<Element: Identifiable> {
    @usableFromInline
    var trie: ElementTrie<Element>
    @usableFromInline
    var table: PositionTable<Element.ID>

    /// Creates an empty array.
    ///
    /// ```swift
    /// struct Row: Identifiable { let id: Int }
    /// let rows = IdentifiedArray<Row>()
    /// print(rows.isEmpty)  // true
    /// ```
    ///
    /// - Complexity: O(1).
    @inlinable
    public init() {
        trie = ElementTrie()
        table = PositionTable()
    }

    /// Creates an array of the elements of a sequence, in its order.
    ///
    /// Two elements of one id are a programmer error: the initializer stops the program with a
    /// message naming the id, as an array literal does. Make the elements unique first when
    /// they may not be (decoding does that for you, and throws).
    ///
    /// ```swift
    /// struct Row: Identifiable { let id: Int }
    /// let rows = IdentifiedArray((1...3).map(Row.init(id:)))
    /// print(rows.ids)  // [1, 2, 3]
    /// ```
    ///
    /// - Parameter elements: The elements, of distinct ids.
    /// - Complexity: O(n), for n elements.
    @inlinable
    public init(_ elements: some Sequence<Element>) {
        self.init()
        for element in elements {
            guard table[element.id] == nil else {
                preconditionFailure("IdentifiedArray: two elements have the id \(element.id)")
            }
            appendNew(element)
        }
    }

    /// The ids of the elements, in order.
    ///
    /// ```swift
    /// struct Row: Identifiable { let id: String }
    /// let rows: IdentifiedArray = [Row(id: "b"), Row(id: "a")]
    /// print(rows.ids)  // ["b", "a"]
    /// ```
    ///
    /// - Complexity: O(n): the array is made on each read.
    @inlinable
    public var ids: [Element.ID] {
        var ids: [Element.ID] = []
        ids.reserveCapacity(trie.count)
        trie.forEachLeaf { leaf in
            for element in leaf { ids.append(element.id) }
        }
        return ids
    }

    /// The position of the element whose id is `id`, or `nil` when there is none.
    ///
    /// ```swift
    /// struct Row: Identifiable { let id: Int }
    /// let rows: IdentifiedArray = [Row(id: 7), Row(id: 3)]
    /// print(rows.index(id: 3) as Any)  // Optional(1)
    /// ```
    ///
    /// - Parameter id: The id to look for.
    /// - Returns: The element's position, from 0.
    /// - Complexity: O(1) on average.
    @inlinable
    public func index(id: Element.ID) -> Int? {
        table[id]
    }

    /// The element whose id is `id`, or `nil` when there is none; setting replaces, appends or
    /// removes it.
    ///
    /// Setting an element replaces the one of that id in place, or appends it when the id is
    /// not present; setting `nil` removes the element of that id, if any. The element set must
    /// have the id it is set for: setting another id's element stops the program.
    ///
    /// ```swift
    /// struct Row: Identifiable {
    ///     let id: Int
    ///     var isFavorite = false
    /// }
    /// var rows: IdentifiedArray = [Row(id: 1), Row(id: 2)]
    /// rows[id: 2]?.isFavorite.toggle()  // in place
    /// rows[id: 5] = Row(id: 5)  // appended
    /// rows[id: 1] = nil  // removed
    /// print(rows.ids, rows[id: 2]?.isFavorite as Any)  // [2, 5] Optional(true)
    /// ```
    ///
    /// - Parameter id: The id of the element.
    /// - Complexity: Reading, and replacing an element, O(log n), and the array shares all but
    ///   one path of its trie with copies made before. Appending: see ``append(_:)``; removing:
    ///   see ``remove(at:)``.
    @inlinable
    public subscript(id id: Element.ID) -> Element? {
        get {
            guard let position = table[id] else { return nil }
            return trie[position]
        }
        set {
            guard let newValue else {
                remove(id: id)
                return
            }
            guard newValue.id == id else {
                preconditionFailure(
                    "IdentifiedArray: the element set for the id \(id) has the id \(newValue.id)"
                )
            }
            if let position = table[id] {
                trie.update(at: position) { $0 = newValue }
            } else {
                appendNew(newValue)
            }
        }
    }

    // MARK: - Adding

    /// Adds an element at the end.
    ///
    /// The element's id must not be in the array: appending an id that is present stops the
    /// program, naming the id. To add or replace, set ``subscript(id:)``.
    ///
    /// ```swift
    /// struct Row: Identifiable { let id: Int }
    /// var rows: IdentifiedArray = [Row(id: 1)]
    /// rows.append(Row(id: 2))
    /// print(rows.ids)  // [1, 2]
    /// ```
    ///
    /// - Parameter element: The element to add, of an id not in the array.
    /// - Complexity: O(log n) for the trie. The id's entry in the dictionary of positions is
    ///   O(1) on average while no copy of the array shares the dictionary, and O(n) when one
    ///   does (a store's `oldState`): the dictionary is copied.
    @inlinable
    public mutating func append(_ element: Element) {
        guard table[element.id] == nil else {
            preconditionFailure(
                "IdentifiedArray.append: the id \(element.id) is already present; set self[id:] to replace its element"
            )
        }
        appendNew(element)
    }

    /// Adds the elements of a sequence at the end, in order.
    ///
    /// Their ids must be distinct and not in the array, as for ``append(_:)``.
    ///
    /// ```swift
    /// struct Row: Identifiable { let id: Int }
    /// var rows: IdentifiedArray = [Row(id: 1)]
    /// rows.append(contentsOf: [Row(id: 2), Row(id: 3)])
    /// print(rows.ids)  // [1, 2, 3]
    /// ```
    ///
    /// - Parameter elements: The elements to add.
    /// - Complexity: O(m log n) for m elements, plus one copy of the dictionary of positions
    ///   when a copy of the array shares it.
    @inlinable
    public mutating func append(contentsOf elements: some Sequence<Element>) {
        for element in elements { append(element) }
    }

    /// Inserts an element at a position, moving the elements from there on one place back.
    ///
    /// The element's id must not be in the array: inserting an id that is present stops the
    /// program, naming the id.
    ///
    /// ```swift
    /// struct Row: Identifiable { let id: Int }
    /// var rows: IdentifiedArray = [Row(id: 1), Row(id: 3)]
    /// rows.insert(Row(id: 2), at: 1)
    /// print(rows.ids)  // [1, 2, 3]
    /// ```
    ///
    /// - Parameters:
    ///   - element: The element to insert, of an id not in the array.
    ///   - position: Where to insert it, in `0...count`; `count` appends.
    /// - Complexity: O(n − position + log n): the elements after `position` are placed again
    ///   and their positions rewritten; the trie left of `position` stays shared with copies.
    ///   O(n) when a copy of the array shares the dictionary of positions, which is copied.
    @inlinable
    public mutating func insert(_ element: Element, at position: Int) {
        precondition(
            position >= 0 && position <= count,
            "IdentifiedArray.insert: position \(position) is out of range 0...\(count)"
        )
        guard table[element.id] == nil else {
            preconditionFailure("IdentifiedArray.insert: the id \(element.id) is already present")
        }
        if position == count {
            appendNew(element)
            return
        }
        var tail: ContiguousArray<Element> = [element]
        tail.append(contentsOf: trie.elements(in: position..<count))
        replaceElements(from: position, with: tail)
    }

    // MARK: - Machinery

    /// Appends an element whose id the caller checked is not present.
    @inlinable
    mutating func appendNew(_ element: Element) {
        let position = trie.count
        table.update { $0[element.id] = position }
        trie.append(element)
    }

    /// Replaces the elements from `start` on with `elements` and rewrites their positions.
    /// The caller already removed from the table the ids that are gone.
    @inlinable
    mutating func replaceElements(from start: Int, with elements: ContiguousArray<Element>) {
        trie.truncate(to: start)
        guard !elements.isEmpty else { return }
        table.update { positions in
            for (offset, element) in elements.enumerated() {
                positions[element.id] = start + offset
            }
        }
        trie.append(contentsOf: elements)
    }
}

extension IdentifiedArray: IdentifiedCollection {}
