// `@inlinable` like the rest of IdentifiedArray: see IdentifiedArray.swift for the measurement.

/// A persistent sequence of elements by position: a trie of ``TrieLeaf``s under ``TrieBranch``es,
/// dense from the left, whose versions share every node that neither changed.
///
/// Up to ``TrieShape/rootLeafWidth`` elements, the root is a leaf that holds them all. Beyond,
/// position `p` lies in the root's slot `TrieShape.slot(of: p, level: shift)`, then in the slot
/// of the next level down in that child, and so on down to its leaf of
/// ``TrieShape/leafWidth`` elements, where it is slot `p & TrieShape.leafMask`. Every leaf but
/// the last is full and every branch but the ones on the right edge is full, so the shape, and
/// `shift`, follow from `count` alone: two tries of one count have the same shape, which lets
/// ``isEqual(to:comparisons:)`` walk them side by side.
///
/// A write copies the nodes on the path from the root to its leaf that another version also
/// holds, and changes in place the nodes this version alone holds: after `var b = a`, the first
/// write to `b` copies one path (`depth` nodes), and later writes to the same leaf copy nothing.
///
/// The root, and a branch's children, are kept as `AnyObject`: a leaf at level 0, a branch
/// above. The level, which the walk down always knows, says which; `leaf(_:)` and `branch(_:)`
/// cast back without a check in release builds (`uncheckedDowncast`, checked in debug builds).
@usableFromInline
struct ElementTrie<Element> {
    /// The number of elements.
    @usableFromInline
    var count: Int
    /// A ``TrieLeaf`` when `shift` is 0, a ``TrieBranch`` above.
    @usableFromInline
    var root: AnyObject
    /// The level of the root: the bits of a position that the levels below it take, 0 when the
    /// root is a leaf. The root is a branch only when it has at least two children
    /// (`count > 1 << shift`).
    @usableFromInline
    var shift: Int

    @inlinable
    init() {
        count = 0
        root = TrieLeaf<Element>.makeEmpty(capacity: 0)
        shift = 0
    }

    @inlinable
    init(_ elements: some Sequence<Element>) {
        self.init()
        for element in elements { append(element) }
    }

    /// The number of levels, leaves included.
    @inlinable
    var depth: Int {
        shift == 0 ? 1 : (shift - TrieShape.leafBits) / TrieShape.branchBits + 2
    }

    /// The number of elements that a trie whose root is at level `shift` can hold.
    @inlinable
    static func capacity(shift: Int) -> Int { TrieShape.capacity(level: shift) }

    /// The node `node`, known to be at level 0, as the leaf it is.
    @inlinable
    static func leaf(_ node: AnyObject) -> TrieLeaf<Element> {
        uncheckedDowncast(node, to: TrieLeaf<Element>.self)
    }

    /// The node `node`, known to be at a level above 0, as the branch it is.
    @inlinable
    static func branch(_ node: AnyObject) -> TrieBranch {
        uncheckedDowncast(node, to: TrieBranch.self)
    }

    // MARK: - Reading

    /// The leaf that holds `position`. The caller checked that `position` is in `0..<count`.
    @inlinable
    func leaf(containing position: Int) -> TrieLeaf<Element> {
        var node = root
        var level = shift
        while level > 0 {
            node = Self.branch(node)[TrieShape.slot(of: position, level: level)]
            level = TrieShape.childLevel(of: level)
        }
        return Self.leaf(node)
    }

    /// Calls `body` with the leaf that holds `position`, walking down without retaining the
    /// nodes on the way (this trie holds them all, unchanged, for the whole call: node
    /// assumption 3; a retain and a release per level cost more than the walk). The caller
    /// checked that `position` is in `0..<count`.
    @inlinable
    func withLeaf<Result>(
        containing position: Int,
        _ body: (TrieLeaf<Element>) throws -> Result
    ) rethrows -> Result {
        var node = UnretainedNode(root)
        var level = shift
        while level > 0 {
            node = node.child(slot: TrieShape.slot(of: position, level: level))
            level = TrieShape.childLevel(of: level)
        }
        return try node.withLeaf(of: Element.self, body)
    }

    /// The slot of `position` in its leaf.
    @inlinable @inline(__always)
    func slotInLeaf(of position: Int) -> Int {
        shift == 0 ? position : position & TrieShape.leafMask
    }

    @inlinable
    subscript(position: Int) -> Element {
        let slot = slotInLeaf(of: position)
        return withLeaf(containing: position) { $0[slot] }
    }

    /// Calls `body` with each leaf, in order.
    @inlinable
    func forEachLeaf(_ body: (TrieLeaf<Element>) throws -> Void) rethrows {
        try Self.forEachLeaf(under: root, level: shift, body)
    }

    @inlinable
    static func forEachLeaf(
        under node: AnyObject,
        level: Int,
        _ body: (TrieLeaf<Element>) throws -> Void
    ) rethrows {
        if level == 0 {
            try body(leaf(node))
            return
        }
        let branch = Self.branch(node)
        for slot in 0..<branch.count {
            try forEachLeaf(under: branch[slot], level: TrieShape.childLevel(of: level), body)
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
            let first = slotInLeaf(of: position)
            let last = min(leaf.count, first + positions.upperBound - position)
            result.append(contentsOf: leaf[first..<last])
            position += last - first
        }
        return result
    }

    // MARK: - Writing

    /// Whether only the holder of `node`, a node at `level`, holds it: checked on the node as
    /// the class its level makes it (``isUniquelyHeld(_:as:)``).
    @inlinable
    @inline(__always)
    static func isHeldAlone(_ node: inout AnyObject, level: Int) -> Bool {
        level == 0
            ? isUniquelyHeld(&node, as: TrieLeaf<Element>.self) : isUniquelyHeld(&node, as: TrieBranch.self)
    }

    /// Makes `node`, at `level`, one that only its holder holds, copying it if it is shared.
    @inlinable
    static func makeUnique(_ node: inout AnyObject, level: Int) {
        if isHeldAlone(&node, level: level) { return }
        node = level == 0 ? leaf(node).copy() : branch(node).copy()
    }

    /// Calls `body` on the element at `position`, in place, copying only the shared nodes on
    /// its path. O(log n).
    @inlinable
    mutating func update<Result>(
        at position: Int,
        _ body: (inout Element) throws -> Result
    ) rethrows -> Result {
        Self.makeUnique(&root, level: shift)
        if shift == 0 {
            return try Self.leaf(root).update(slot: position, body)
        }
        return try Self.update(root, at: position, level: shift, body)
    }

    /// `update(at:_:)` below `node`, at `level`, which the caller made unique; not the root leaf.
    @inlinable
    static func update<Result>(
        _ node: AnyObject,
        at position: Int,
        level: Int,
        _ body: (inout Element) throws -> Result
    ) rethrows -> Result {
        if level == 0 {
            return try leaf(node).update(slot: position & TrieShape.leafMask, body)
        }
        return try branch(node).updateChild(slot: TrieShape.slot(of: position, level: level)) { child in
            let childLevel = TrieShape.childLevel(of: level)
            makeUnique(&child, level: childLevel)
            return try update(child, at: position, level: childLevel, body)
        }
    }

    /// A chain of new nodes from `level` down to a leaf that holds only `element`.
    @inlinable
    static func path(to element: Element, level: Int) -> AnyObject {
        if level == 0 {
            return TrieLeaf.make(holding: element, capacity: TrieShape.leafWidth)
        }
        return TrieBranch.make(
            holding: path(to: element, level: TrieShape.childLevel(of: level)),
            capacity: TrieShape.branchWidth)
    }

    /// Adds `element` at the end. O(log n): at most one path is copied or made.
    @inlinable
    mutating func append(_ element: Element) {
        if count == Self.capacity(shift: shift) {
            if shift == 0 {
                // The root leaf is full: its elements go to leaves of `leafWidth` under a new
                // root branch, and the element to a new leaf after them.
                let elements = Self.leaf(root)
                let branch = TrieBranch.makeEmpty(capacity: TrieShape.branchWidth)
                var start = 0
                while start < count {
                    let leaf = TrieLeaf<Element>.makeEmpty(capacity: TrieShape.leafWidth)
                    for slot in start..<start + TrieShape.leafWidth { leaf.append(elements[slot]) }
                    branch.append(leaf)
                    start += TrieShape.leafWidth
                }
                branch.append(Self.path(to: element, level: 0))
                root = branch
                shift = TrieShape.leafBits
            } else {
                // The trie is full at this height: a new root, the old one its first child.
                let newPath = Self.path(to: element, level: shift)
                root = TrieBranch.make(holding: root, newPath, capacity: TrieShape.branchWidth)
                shift = TrieShape.parentLevel(of: shift)
            }
        } else {
            Self.makeUnique(&root, level: shift)
            Self.append(element, at: count, to: &root, level: shift)
        }
        count += 1
    }

    /// Adds `element` at `position`, the first position past the subtrie `node` roots at
    /// `level`, which has room for it. The caller made `node` unique.
    @inlinable
    static func append(_ element: Element, at position: Int, to node: inout AnyObject, level: Int) {
        if level == 0 {
            var leaf = Self.leaf(node)
            if leaf.isFull {
                // Only a root leaf is made smaller than its width, and grows by doubling.
                leaf = leaf.copy(capacity: Swift.min(TrieShape.rootLeafWidth, Swift.max(2 * leaf.count, 1)))
                node = leaf
            }
            leaf.append(element)
            return
        }
        let branch = Self.branch(node)
        let slot = TrieShape.slot(of: position, level: level)
        let childLevel = TrieShape.childLevel(of: level)
        if slot == branch.count {
            branch.append(path(to: element, level: childLevel))
        } else {
            branch.updateChild(slot: slot) { child in
                makeUnique(&child, level: childLevel)
                append(element, at: position, to: &child, level: childLevel)
            }
        }
    }

    /// Adds `elements` at the end, in order. O(log n) each.
    @inlinable
    mutating func append(contentsOf elements: ContiguousArray<Element>) {
        for element in elements { append(element) }
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
        if shift > 0 && newCount <= TrieShape.rootLeafWidth {
            // Few enough for one flat leaf again: the elements kept, in a new root leaf.
            let leaf = TrieLeaf<Element>.makeEmpty(capacity: TrieShape.rootLeafWidth)
            for element in elements(in: 0..<newCount) { leaf.append(element) }
            root = leaf
            shift = 0
            count = newCount
            return
        }
        // Lower the trie while the root's first child can hold all that is left, so the root
        // keeps at least two children and the shape still follows from the count.
        while shift > 0 && newCount <= 1 << shift {
            root = Self.branch(root)[0]
            shift = TrieShape.childLevel(of: shift)
        }
        Self.makeUnique(&root, level: shift)
        if shift == 0 {
            Self.leaf(root).truncate(to: newCount)
        } else {
            Self.truncate(root, after: newCount - 1, level: shift)
        }
        count = newCount
    }

    /// Drops every element after `lastPosition` from the subtrie `node` roots at `level`. The
    /// caller made `node` unique.
    @inlinable
    static func truncate(_ node: AnyObject, after lastPosition: Int, level: Int) {
        if level == 0 {
            leaf(node).truncate(to: (lastPosition & TrieShape.leafMask) + 1)
            return
        }
        let slot = TrieShape.slot(of: lastPosition, level: level)
        let branch = Self.branch(node)
        branch.truncate(to: slot + 1)
        branch.updateChild(slot: slot) { child in
            let childLevel = TrieShape.childLevel(of: level)
            makeUnique(&child, level: childLevel)
            truncate(child, after: lastPosition, level: childLevel)
        }
    }

    /// Removes and returns the last element. O(log n).
    @inlinable
    mutating func removeLast() -> Element {
        let last = self[count - 1]
        truncate(to: count - 1)
        return last
    }
}
