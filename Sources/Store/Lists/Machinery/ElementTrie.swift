// `@inlinable` like the rest of IdentifiedArray: see IdentifiedArray.swift for the measurement.

/// A persistent sequence of elements by position: a 32-way trie of ``TrieNode``s, dense from
/// the left, whose versions share every node that neither changed.
///
/// Position `p` lies in the root's slot `(p >> shift) & 31`, then in slot `(p >> (shift - 5))
/// & 31` of that child, and so on down to its leaf, where it is slot `p & 31`. Every leaf but
/// the last is full and every branch but the ones on the right edge has 32 children, so the
/// shape, and `shift`, follow from `count` alone: two tries of one count have the same shape,
/// which lets ``isEqual(to:comparisons:)`` walk them side by side.
///
/// A write copies the nodes on the path from the root to its leaf that another version also
/// holds, and changes in place the nodes this version alone holds: after `var b = a`, the first
/// write to `b` copies one path (`depth` nodes), and later writes to the same leaf copy nothing.
@usableFromInline
struct ElementTrie<Element> {
    /// The number of elements.
    @usableFromInline
    var count: Int
    @usableFromInline
    var root: TrieNode<Element>
    /// The bits of a position that the levels below the root take: 0 when the root is a leaf.
    /// The root is a branch only when it has at least two children (`count > 1 << shift`).
    @usableFromInline
    var shift: Int

    @inlinable
    init() {
        count = 0
        root = TrieNode(elements: [])
        shift = 0
    }

    @inlinable
    init(_ elements: some Sequence<Element>) {
        self.init()
        for element in elements { append(element) }
    }

    /// The number of levels, leaves included.
    @inlinable
    var depth: Int { shift / TrieShape.bits + 1 }

    /// The number of elements that a trie of height `shift` can hold.
    @inlinable
    static func capacity(shift: Int) -> Int { 1 << (shift + TrieShape.bits) }

    // MARK: - Reading

    /// The leaf that holds `position`, and the slot of `position` in it. The caller checked
    /// that `position` is in `0..<count`.
    @inlinable
    func leaf(containing position: Int) -> TrieNode<Element> {
        var node = root
        var level = shift
        while level > 0 {
            node = node.children[(position >> level) & TrieShape.mask]
            level -= TrieShape.bits
        }
        return node
    }

    @inlinable
    subscript(position: Int) -> Element {
        leaf(containing: position).elements[position & TrieShape.mask]
    }

    /// Calls `body` with each leaf's elements, in order.
    @inlinable
    func forEachLeaf(_ body: (ContiguousArray<Element>) throws -> Void) rethrows {
        try Self.forEachLeaf(under: root, level: shift, body)
    }

    @inlinable
    static func forEachLeaf(
        under node: TrieNode<Element>,
        level: Int,
        _ body: (ContiguousArray<Element>) throws -> Void
    ) rethrows {
        if level == 0 {
            try body(node.elements)
            return
        }
        for child in node.children {
            try forEachLeaf(under: child, level: level - TrieShape.bits, body)
        }
    }

    /// The elements at `positions`, in order, reading each leaf once.
    @inlinable
    func elements(in positions: Range<Int>) -> ContiguousArray<Element> {
        var result = ContiguousArray<Element>()
        result.reserveCapacity(positions.count)
        var position = positions.lowerBound
        while position < positions.upperBound {
            let leaf = leaf(containing: position)
            let first = position & TrieShape.mask
            let last = min(leaf.elements.count, first + positions.upperBound - position)
            result.append(contentsOf: leaf.elements[first..<last])
            position += last - first
        }
        return result
    }

    // MARK: - Writing

    @inlinable
    mutating func makeRootUnique() {
        if !isKnownUniquelyReferenced(&root) { root = root.copy() }
    }

    /// Calls `body` on the element at `position`, in place, copying only the shared nodes on
    /// its path. O(log n).
    @inlinable
    mutating func update<Result>(
        at position: Int,
        _ body: (inout Element) throws -> Result
    ) rethrows -> Result {
        makeRootUnique()
        return try root.update(at: position, level: shift, body)
    }

    /// Adds `element` at the end. O(log n): at most one path is copied or made.
    @inlinable
    mutating func append(_ element: Element) {
        if count == Self.capacity(shift: shift) {
            // The trie is full at this height: a new root, the old one its first child.
            let newPath = TrieNode.path(to: element, level: shift)
            root = TrieNode(children: [root, newPath])
            shift += TrieShape.bits
        } else {
            makeRootUnique()
            root.append(element, at: count, level: shift)
        }
        count += 1
    }

    /// Adds `elements` at the end, in order: a leaf at a time, so O(log n) per 32 elements.
    @inlinable
    mutating func append(contentsOf elements: ContiguousArray<Element>) {
        var next = 0
        while next < elements.count {
            let room = count == 0 ? TrieShape.width : TrieShape.mask - ((count - 1) & TrieShape.mask)
            if room == 0 {
                // The last leaf is full: a new one, on a new path, with one element.
                append(elements[next])
                next += 1
                continue
            }
            let taken = Swift.min(room, elements.count - next)
            makeRootUnique()
            root.appendToLastLeaf(elements[next..<next + taken], after: count - 1, level: shift)
            count += taken
            next += taken
        }
    }

    /// Keeps the first `newCount` elements and drops the rest. O(log n) plus the nodes dropped:
    /// the nodes left of the cut stay shared with other versions.
    @inlinable
    mutating func truncate(to newCount: Int) {
        precondition(
            newCount >= 0 && newCount <= count,
            "internal inconsistency: truncating to \(newCount) of \(count)")
        if newCount == count { return }
        if newCount == 0 {
            self = ElementTrie()
            return
        }
        // Lower the trie while the root's first child can hold all that is left, so the root
        // keeps at least two children and the shape still follows from the count.
        while shift > 0 && newCount <= 1 << shift {
            root = root.children[0]
            shift -= TrieShape.bits
        }
        makeRootUnique()
        root.truncate(after: newCount - 1, level: shift)
        count = newCount
    }

    /// Removes and returns the last element. O(log n).
    @inlinable
    mutating func removeLast() -> Element {
        let last = self[count - 1]
        truncate(to: count - 1)
        return last
    }
}

// MARK: - Comparing versions

extension ElementTrie where Element: Equatable {
    /// Whether the two tries hold equal elements in the same order, skipping the subtries they
    /// share; `comparisons` counts the pairs of elements compared by `==`.
    ///
    /// Tries of one count have one shape, so equal counts are walked node by node: a node that
    /// both hold (`===`) is equal without a look inside.
    @inlinable
    func isEqual(to other: ElementTrie<Element>, comparisons: inout Int) -> Bool {
        guard count == other.count else { return false }
        assert(
            shift == other.shift, "internal inconsistency: two tries of \(count) elements differ in height")
        return Self.equal(root, other.root, level: shift, comparisons: &comparisons)
    }

    @inlinable
    static func equal(
        _ left: TrieNode<Element>,
        _ right: TrieNode<Element>,
        level: Int,
        comparisons: inout Int
    ) -> Bool {
        if left === right { return true }
        if level == 0 {
            assert(
                left.elements.count == right.elements.count, "internal inconsistency: leaves differ in size")
            for (leftElement, rightElement) in zip(left.elements, right.elements) {
                comparisons += 1
                if leftElement != rightElement { return false }
            }
            return true
        }
        assert(left.children.count == right.children.count, "internal inconsistency: branches differ in size")
        for (leftChild, rightChild) in zip(left.children, right.children)
        where !equal(leftChild, rightChild, level: level - TrieShape.bits, comparisons: &comparisons) {
            return false
        }
        return true
    }
}

// MARK: - Inspection (tests)

extension ElementTrie {
    /// The identities of every node, for tests that count what two versions share.
    func nodeIdentities() -> Set<ObjectIdentifier> {
        var identities: Set<ObjectIdentifier> = []
        Self.collectIdentities(of: root, level: shift, into: &identities)
        return identities
    }

    private static func collectIdentities(
        of node: TrieNode<Element>,
        level: Int,
        into identities: inout Set<ObjectIdentifier>
    ) {
        identities.insert(ObjectIdentifier(node))
        guard level > 0 else { return }
        for child in node.children {
            collectIdentities(of: child, level: level - TrieShape.bits, into: &identities)
        }
    }

    /// The number of nodes of this trie that `other` does not hold: 0 when they are one value,
    /// and the number of nodes copied or made since they were when only a path changed.
    func nodesNotShared(with other: ElementTrie<Element>) -> Int {
        let shared = other.nodeIdentities()
        var notShared = 0
        // A node the other trie holds shares its whole subtrie: no need to look inside.
        var stack = [(node: root, level: shift)]
        while let (node, level) = stack.popLast() {
            guard !shared.contains(ObjectIdentifier(node)) else { continue }
            notShared += 1
            if level > 0 {
                stack.append(contentsOf: node.children.map { ($0, level - TrieShape.bits) })
            }
        }
        return notShared
    }

    /// A description of the first broken invariant of the trie's shape, or `nil` when there is
    /// none: every leaf but the last full, every branch left of the right edge full, a root
    /// branch with two children or more, and the elements adding up to `count`.
    func invariantViolation() -> String? {
        if shift > 0 && root.children.count < 2 {
            return "a root branch with \(root.children.count) child(ren)"
        }
        if count > Self.capacity(shift: shift) {
            return "\(count) elements in a trie of height \(shift) that holds \(Self.capacity(shift: shift))"
        }
        var seen = 0
        var problem: String?
        Self.check(root, level: shift, seen: &seen, count: count, problem: &problem)
        if problem == nil && seen != count {
            problem = "leaves hold \(seen) elements, count is \(count)"
        }
        return problem
    }

    private static func check(
        _ node: TrieNode<Element>,
        level: Int,
        seen: inout Int,
        count: Int,
        problem: inout String?
    ) {
        guard problem == nil else { return }
        if level == 0 {
            if !node.children.isEmpty { problem = "a leaf with children" }
            if node.elements.count > TrieShape.width { problem = "a leaf of \(node.elements.count) elements" }
            seen += node.elements.count
            if node.elements.count < TrieShape.width && seen != count {
                problem = "a leaf of \(node.elements.count) elements before the last"
            }
            if node.elements.isEmpty && count > 0 { problem = "an empty leaf" }
            return
        }
        if !node.elements.isEmpty { problem = "a branch with elements" }
        if node.children.isEmpty || node.children.count > TrieShape.width {
            problem = "a branch of \(node.children.count) children"
        }
        for child in node.children {
            check(child, level: level - TrieShape.bits, seen: &seen, count: count, problem: &problem)
        }
        if problem == nil && node.children.count < TrieShape.width && seen != count {
            problem = "a branch of \(node.children.count) children before the right edge"
        }
    }
}
