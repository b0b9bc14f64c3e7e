// Comparing two versions of a trie by what they do not share, and inspecting what they share
// (for tests).

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
        // One flat leaf each (up to 16 elements): compared here, without the walk's call
        // (callgrind, `compare.10`: 168 instructions, 236 through `equal(_:_:level:comparisons:)`).
        if shift == 0 {
            return root === other.root
                || Self.equalLeaves(Self.leaf(root), Self.leaf(other.root), comparisons: &comparisons)
        }
        return Self.equal(
            UnretainedNode(root), UnretainedNode(other.root), level: shift, comparisons: &comparisons)
    }

    /// Whether the subtries `left` and `right` root at `level` are equal. Neither node is
    /// retained: the two tries hold them, unchanged, for the whole comparison (node assumption
    /// 3). Retaining each branch on the way down and releasing it on the way up took most of
    /// the time (see ``UnretainedNode``).
    @inlinable
    static func equal(
        _ left: UnretainedNode,
        _ right: UnretainedNode,
        level: Int,
        comparisons: inout Int
    ) -> Bool {
        if left.isSameNode(as: right) { return true }
        if level == 0 {
            return left.withLeaf(of: Element.self) { leftLeaf in
                right.withLeaf(of: Element.self) { rightLeaf in
                    equalLeaves(leftLeaf, rightLeaf, comparisons: &comparisons)
                }
            }
        }
        // The children leave their branches as handles: a branch passed on as a reference was
        // retained around the recursive call (two `swift_retain_n` per level).
        let count = left.childCount
        assert(count == right.childCount, "internal inconsistency: branches differ in size")
        let childLevel = TrieShape.childLevel(of: level)
        for slot in 0..<count {
            let leftChild = left.child(slot: slot)
            let rightChild = right.child(slot: slot)
            // A pair both share is equal without a look inside.
            if !leftChild.isSameNode(as: rightChild)
                && !equal(leftChild, rightChild, level: childLevel, comparisons: &comparisons)
            {
                return false
            }
        }
        return true
    }

    @inlinable
    static func equalLeaves(
        _ leftLeaf: TrieLeaf<Element>,
        _ rightLeaf: TrieLeaf<Element>,
        comparisons: inout Int
    ) -> Bool {
        let count = leftLeaf.count
        assert(count == rightLeaf.count, "internal inconsistency: leaves differ in size")
        return leftLeaf.elementsEqual(rightLeaf, count: count, comparisons: &comparisons)
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

    /// The children of `node`, a node at `level`: none for a leaf.
    private static func children(of node: AnyObject, level: Int) -> [AnyObject] {
        guard level > 0 else { return [] }
        let branch = Self.branch(node)
        return (0..<branch.count).map { branch[$0] }
    }

    private static func collectIdentities(
        of node: AnyObject,
        level: Int,
        into identities: inout Set<ObjectIdentifier>
    ) {
        identities.insert(ObjectIdentifier(node))
        for child in children(of: node, level: level) {
            collectIdentities(of: child, level: TrieShape.childLevel(of: level), into: &identities)
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
            stack.append(
                contentsOf: Self.children(of: node, level: level).map {
                    ($0, TrieShape.childLevel(of: level))
                })
        }
        return notShared
    }

    /// A description of the first broken invariant of the trie's shape, or `nil` when there is
    /// none: every leaf but the last full, every branch left of the right edge full, a root
    /// branch with two children or more, each node of its level's class, and the elements
    /// adding up to `count`.
    func invariantViolation() -> String? {
        if shift > 0 {
            guard let root = root as? TrieBranch else { return "a root of level \(shift) that is no branch" }
            if root.count < 2 { return "a root branch with \(root.count) child(ren)" }
            if count <= TrieShape.rootLeafWidth {
                return "a root branch for \(count) elements, which fit one leaf"
            }
        }
        if count > Self.capacity(shift: shift) {
            return "\(count) elements in a trie of height \(shift) that holds \(Self.capacity(shift: shift))"
        }
        if shift == 0 {
            guard let leaf = root as? TrieLeaf<Element> else { return "a root of level 0 that is no leaf" }
            return leaf.count == count ? nil : "a root leaf of \(leaf.count) elements, count is \(count)"
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
        _ node: AnyObject,
        level: Int,
        seen: inout Int,
        count: Int,
        problem: inout String?
    ) {
        guard problem == nil else { return }
        if level == 0 {
            guard let leaf = node as? TrieLeaf<Element> else {
                problem = "a node at level 0 that is no leaf"
                return
            }
            if leaf.count > TrieShape.leafWidth { problem = "a leaf of \(leaf.count) elements" }
            seen += leaf.count
            if leaf.count < TrieShape.leafWidth && seen != count {
                problem = "a leaf of \(leaf.count) elements before the last"
            }
            if leaf.count == 0 && count > 0 { problem = "an empty leaf" }
            return
        }
        guard let branch = node as? TrieBranch else {
            problem = "a node at level \(level) that is no branch"
            return
        }
        if branch.count == 0 || branch.count > TrieShape.branchWidth {
            problem = "a branch of \(branch.count) children"
        }
        for slot in 0..<branch.count {
            check(
                branch[slot], level: TrieShape.childLevel(of: level), seen: &seen, count: count,
                problem: &problem)
        }
        if problem == nil && branch.count < TrieShape.branchWidth && seen != count {
            problem = "a branch of \(branch.count) children before the right edge"
        }
    }
}
