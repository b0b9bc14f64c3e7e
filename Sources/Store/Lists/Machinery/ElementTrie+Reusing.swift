// `@inlinable` like the rest of IdentifiedArray: see IdentifiedArray.swift for the measurement.
//
// Writing one element of a version that another version shares, with the nodes of a third
// version that nobody else holds any more, instead of new copies.
//
// A write to a shared version copies the path to its element: each copied branch retains its
// children, and when the version before the write goes (a store's `oldState`, after the
// notification), each node of its path releases them. Those retains and releases are atomic,
// and they were where the time went: `perf record -e cpu-clock`, `list.10000`, before this
// file: `swift_retain` 31% and `swift_release` 32% of the samples; callgrind counted 55 retains
// and 62 releases per row action (27 and 30 at 10 rows), five allocations and five frees.
//
// A store that writes one row after another keeps, from the write before, the version it
// replaced (the ``TrieDonor``). When nobody else holds that version's path, its nodes are
// made to hold what the version being written holds and become the new path: a slot whose
// child both already hold is left alone, so rewriting the same row again and again retains and
// releases nothing, and allocates nothing; a slot that differs is one retain and one release.
// The donor then keeps the version the write started from, for the next write.

/// A version of an ``ElementTrie`` kept to give its nodes to a later write
/// (``ElementTrie/update(at:reusing:_:)``).
///
/// Not generic, so a store can keep one without knowing the element type: the type is recorded
/// and checked before the nodes are used as that type's. A class, so that the engine can keep
/// it as an object it knows nothing of (`DispatchEngine.keptUntilNextChange`); the store's row
/// reducer makes one at its first write and then keeps it, so a row action allocates none.
@usableFromInline
final class TrieDonor {
    // Unchecked: only the write below touches a donor's fields, and the element's body, which
    // runs inside it, cannot reach the donor; the dynamic checks cost more than the accesses.
    @exclusivity(unchecked) @usableFromInline
    var elementType: ObjectIdentifier
    @exclusivity(unchecked) @usableFromInline
    var root: AnyObject
    @exclusivity(unchecked) @usableFromInline
    var count: Int
    @exclusivity(unchecked) @usableFromInline
    var shift: Int

    @inlinable
    init<Element>(_ trie: ElementTrie<Element>) {
        elementType = ObjectIdentifier(Element.self)
        root = trie.root
        count = trie.count
        shift = trie.shift
    }

    /// Whether this donor's nodes fit `trie`: the same element type and shape.
    @inlinable
    func canGive<Element>(to trie: ElementTrie<Element>) -> Bool {
        elementType == ObjectIdentifier(Element.self) && count == trie.count && shift == trie.shift
    }

    /// Makes this donor one of `trie`, letting go of the version it held.
    @inlinable
    func hold<Element>(_ trie: ElementTrie<Element>) {
        elementType = ObjectIdentifier(Element.self)
        root = trie.root
        count = trie.count
        shift = trie.shift
    }

    /// The root this donor holds, not retained: valid while the donor holds it, unchanged.
    @inlinable
    var unretainedRoot: UnretainedNode { UnretainedNode(root) }

    /// Gives this donor's root for `root`, in place.
    @inlinable
    func exchangeRoot(with root: inout AnyObject) {
        swap(&self.root, &root)
    }

    /// The donor among what a reducer left for the next one (`DispatchEngine.keptUntilNextChange`),
    /// taken out of it; `nil` when that holds nothing, or something else, which goes.
    @inlinable
    static func take(from kept: inout AnyObject?) -> TrieDonor? {
        kept.take() as? TrieDonor
    }
}

extension ElementTrie {
    /// Calls `body` on the element at `position`, in place, as ``update(at:_:)`` does, taking
    /// the nodes it needs from `donor` where only the donor holds them; on return, `donor`
    /// holds this trie as it was before the write. O(log n), and no allocation when the donor
    /// gives its path.
    ///
    /// The donor may be any version of any trie of this element type, or `nil`: nodes of it
    /// that another version also holds are not changed, and a donor of another shape (count)
    /// gives nothing.
    @inlinable
    mutating func update<Result>(
        at position: Int,
        reusing donor: inout TrieDonor?,
        _ body: (inout Element) throws -> Result
    ) rethrows -> Result {
        // Nobody else holds this version: it is written in place, and a donor is of no use.
        if Self.isHeldAlone(&root, level: shift) {
            return try update(at: position, body)
        }
        // The donor is reached in place, not bound to a local: a local would retain it for the
        // whole write (callgrind, `list.10`: a retain and a release more per row action).
        guard donor?.canGive(to: self) == true
        else {
            if donor == nil { donor = TrieDonor(self) } else { donor?.hold(self) }
            return try update(at: position, body)
        }
        // The donor's root becomes this trie's, and the donor holds the root this trie had:
        // the source the reused nodes are made equal to, alive for the whole call, so lent
        // unretained (node assumption 3; a class's field read into a local is retained around
        // the write: callgrind, `list.10`, a retain and a release per row action).
        donor?.exchangeRoot(with: &root)
        guard let source = donor?.unretainedRoot else {
            preconditionFailure("internal inconsistency: the donor went")
        }
        let leafSlot = slotInLeaf(of: position)
        return try Self.reuse(&root, as: source, at: position, leafSlot: leafSlot, level: shift, body)
    }

    /// Makes `node`, the donor's node at this place, one that holds what `source` holds and
    /// that only its holder holds, then writes the element at `position` below it. The node
    /// is reused when only the donor held it, and replaced by a copy of `source` when not.
    ///
    /// `source` and its children are lent unretained: the version the write started from, which
    /// the donor holds, unchanged, for the whole write (node assumption 3).
    @inlinable
    static func reuse<Result>(
        _ node: inout AnyObject,
        as source: UnretainedNode,
        at position: Int,
        leafSlot: Int,
        level: Int,
        _ body: (inout Element) throws -> Result
    ) rethrows -> Result {
        // A node the source holds too (`node === source`) is not unique either.
        if !isHeldAlone(&node, level: level) {
            if level == 0 {
                let copy = source.withLeaf(of: Element.self) { $0.copy() }
                node = copy
                return try copy.update(slot: leafSlot, body)
            }
            node = source.withBranch { $0.copy() }
            return try update(node, at: position, level: level, body)
        }
        if level == 0 {
            let target = leaf(node)
            source.withLeaf(of: Element.self) { target.assign(from: $0) }
            return try target.update(slot: leafSlot, body)
        }
        let target = branch(node)
        let slot = TrieShape.slot(of: position, level: level)
        let sourceChild = source.withBranch { from in
            target.assignChildren(from: from, except: slot)
            return from.unretainedChild(slot: slot)
        }
        let childLevel = TrieShape.childLevel(of: level)
        return try target.updateChild(slot: slot) { child in
            try reuse(&child, as: sourceChild, at: position, leafSlot: leafSlot, level: childLevel, body)
        }
    }
}

extension IdentifiedArray {
    /// Calls `body` on the element whose id is `id`, in place, with the nodes of `donor` (see
    /// ``ElementTrie/update(at:reusing:_:)``); `false`, and nothing called, when no element
    /// has the id. `body` must keep the element's id.
    @inlinable
    mutating func updateElement(
        id: Element.ID,
        reusing donor: inout TrieDonor?,
        _ body: (inout Element) -> Void
    ) -> Bool {
        guard let position = table[id] else { return false }
        trie.update(at: position, reusing: &donor) { element in
            body(&element)
            guard element.id == id else {
                preconditionFailure(
                    "IdentifiedArray: the element set for the id \(id) has the id \(element.id)")
            }
        }
        return true
    }
}
