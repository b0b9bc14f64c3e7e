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
/// and checked before the nodes are used as that type's.
@usableFromInline
struct TrieDonor {
    @usableFromInline
    let elementType: ObjectIdentifier
    @usableFromInline
    var root: AnyObject
    @usableFromInline
    let count: Int
    @usableFromInline
    let shift: Int

    // The two methods below are `mutating` so that a call through an optional donor
    // (`donor?.canGive(to:)`) reaches it in place: reading its fields makes a copy of it in a
    // debug build, which holds the root a second time until the caller returns, and the root
    // then looks shared.

    /// Whether this donor's nodes fit `trie`: the same element type and shape.
    @inlinable
    mutating func canGive<Element>(to trie: ElementTrie<Element>) -> Bool {
        elementType == ObjectIdentifier(Element.self) && count == trie.count && shift == trie.shift
    }

    /// Gives this donor's root for `root`, in place.
    @inlinable
    mutating func exchangeRoot(with root: inout AnyObject) {
        swap(&self.root, &root)
    }

    @inlinable
    init<Element>(_ trie: ElementTrie<Element>) {
        elementType = ObjectIdentifier(Element.self)
        root = trie.root
        count = trie.count
        shift = trie.shift
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
        if isKnownUniquelyReferenced(&root) {
            return try update(at: position, body)
        }
        guard donor?.canGive(to: self) == true
        else {
            donor = TrieDonor(self)
            return try update(at: position, body)
        }
        // The donor's root becomes this trie's, and the donor holds the root this trie had:
        // the source the reused nodes are made equal to, alive for the whole call.
        donor?.exchangeRoot(with: &root)
        guard let source = donor?.root else { preconditionFailure("internal inconsistency: the donor went") }
        let leafSlot = slotInLeaf(of: position)
        return try Self.reuse(&root, as: source, at: position, leafSlot: leafSlot, level: shift, body)
    }

    /// Makes `node`, the donor's node at this place, one that holds what `source` holds and
    /// that only its holder holds, then writes the element at `position` below it. The node
    /// is reused when only the donor held it, and replaced by a copy of `source` when not.
    @inlinable
    static func reuse<Result>(
        _ node: inout AnyObject,
        as source: AnyObject,
        at position: Int,
        leafSlot: Int,
        level: Int,
        _ body: (inout Element) throws -> Result
    ) rethrows -> Result {
        // A node the source holds too (`node === source`) is not unique either.
        if !isKnownUniquelyReferenced(&node) {
            node = level == 0 ? leaf(source).copy() : branch(source).copy()
            if level == 0 { return try leaf(node).update(slot: leafSlot, body) }
            return try update(node, at: position, level: level, body)
        }
        if level == 0 {
            let target = leaf(node)
            target.assign(from: leaf(source))
            return try target.update(slot: leafSlot, body)
        }
        let target = branch(node)
        let from = branch(source)
        let slot = TrieShape.slot(of: position, level: level)
        target.assignChildren(from: from, except: slot)
        let childLevel = TrieShape.childLevel(of: level)
        // The source's child stays alive while the source does, for the whole write.
        return try from.unretainedChild(slot: slot)._withUnsafeGuaranteedRef { sourceChild in
            try target.updateChild(slot: slot) { child in
                try reuse(&child, as: sourceChild, at: position, leafSlot: leafSlot, level: childLevel, body)
            }
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
