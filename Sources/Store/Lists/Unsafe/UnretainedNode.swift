// The lists' unretained handle: how the trie's reads walk its nodes without a retain and a
// release per level, the one place the list uses `Unmanaged`. Its assumptions are numbered in
// TrieNode.swift. `@inlinable` like the rest of IdentifiedArray: see IdentifiedArray.swift for
// the measurement.

/// A node of an ``ElementTrie``, a ``TrieLeaf`` or a ``TrieBranch``, neither retained nor checked
/// to be alive: valid while something the caller holds keeps the node, unchanged (assumption 3).
///
/// Walking a trie with references retains each node on the way down and releases it on the way
/// back: `compare.100000`, 8 `swift_retain_n` and 8 `swift_release_n` per `==`, 151 ns against
/// 9.5 ns for 10 rows (package-benchmark, one run); a row read paid a retain and a release per
/// level. A node lent by this handle is reached inside `_withUnsafeGuaranteedRef`, and its
/// children leave it as handles, so nothing on the walk is retained.
@usableFromInline
struct UnretainedNode {
    @usableFromInline let unmanaged: Unmanaged<AnyObject>

    /// `node`, not retained: the caller holds it, unchanged, for as long as it uses the handle
    /// (assumption 3).
    @inlinable
    @inline(__always)
    init(_ node: AnyObject) {
        unmanaged = .passUnretained(node)
    }

    /// Whether the two handles are of one node, by address: a node two tries share is equal in
    /// both without a look inside.
    @inlinable
    @inline(__always)
    func isSameNode(as other: UnretainedNode) -> Bool {
        unmanaged.toOpaque() == other.unmanaged.toOpaque()
    }

    /// Runs `body` with the node, a branch by its level (assumption 4), lent without a retain
    /// (assumption 3).
    @inlinable
    @inline(__always)
    func withBranch<Result>(_ body: (TrieBranch) throws -> Result) rethrows -> Result {
        try unmanaged._withUnsafeGuaranteedRef { try body(uncheckedDowncast($0, to: TrieBranch.self)) }
    }

    /// Runs `body` with the node, a leaf of `Element`s by its level (assumption 4), lent without
    /// a retain (assumption 3).
    @inlinable
    @inline(__always)
    func withLeaf<Element, Result>(
        of _: Element.Type, _ body: (TrieLeaf<Element>) throws -> Result
    ) rethrows -> Result {
        try unmanaged._withUnsafeGuaranteedRef { try body(uncheckedDowncast($0, to: TrieLeaf<Element>.self)) }
    }

    /// The number of children of the node, a branch by its level (assumption 4).
    @inlinable
    @inline(__always)
    var childCount: Int { withBranch { $0.count } }

    /// The child in `slot` of the node, a branch by its level (assumption 4), not retained:
    /// the node holds it, so it stays valid as long as this handle does (assumption 3).
    @inlinable
    @inline(__always)
    func child(slot: Int) -> UnretainedNode {
        withBranch { $0.unretainedChild(slot: slot) }
    }
}
