// The storage of `IdentifiedArray`'s nodes, in the lists' unsafe room (Lists/Unsafe/) because it
// manages memory by hand; the rest of the list (Lists/, Lists/Machinery/) is safe Swift and
// reaches the nodes only through this file, TrieNode+Slots.swift and the unretained handle
// (UnretainedNode.swift). `@inlinable` like the rest of IdentifiedArray: see
// IdentifiedArray.swift for the measurement.
//
// Each unchecked operation of the room is sound because of one of these assumptions, stated
// once here and cited by number where it is used ("node assumption 3" outside this folder), with
// what checks it where it can be checked:
//
// 1. A node's slots `0..<count` are initialized and the rest are not (`count` of `capacity`, in
//    its header); only those are read, copied or destroyed. Checked: every slot access
//    `precondition`s its bounds, in release builds too.
// 2. A node is changed in place only while one version of a trie holds it
//    (`isKnownUniquelyReferenced`); a node that versions share, and that other threads may then
//    read, is copied before any change, never changed (which makes `IdentifiedArray` Sendable,
//    IdentifiedArray+Sendable.swift). Checked by the callers, which test uniqueness before they
//    write (`ElementTrie.makeUnique`, `ElementTrie.reuse`).
// 3. A node reached through an ``UnretainedNode`` is used only while something the caller holds
//    keeps it, unchanged, for the whole use: the trie (or tries) the walk started from, whose
//    nodes it reaches from the root down (a read, `==`), or the version a reusing write takes
//    its source from, which the write holds until it returns. Not checkable by an assert: a
//    retain would be the check, and it is what the handle exists to avoid.
// 4. A node's class follows from its level: a ``TrieLeaf`` of the trie's element type at level
//    0, a ``TrieBranch`` above. Checked: the casts assert the class in debug builds
//    (`uncheckedDowncast`, assumption 5 in Unsafe/Unchecked.swift).
//
// Nodes keep their slots inline, in the node's own allocation (`ManagedBuffer`): a node is one
// allocation, and a copy is one allocation and one loop over its slots, specialized for the
// element type where the client's types are known. The previous nodes held two
// `ContiguousArray`s: two allocations per node, and a copy that went through the runtime's
// unspecialized `swift_arrayInitWithCopy`, a value-witness call per slot (callgrind,
// `list.10000`: 2,400 instructions per level of the path copied; see `ElementTrie`).

/// The fan-out of an ``ElementTrie``: a leaf holds up to `leafWidth` elements, a branch up to
/// `branchWidth` children, and a position's slot in a node at a level is some bits of its
/// binary form: the low `leafBits` in its leaf, the next `branchBits` in the branch above, and
/// so on.
///
/// A row change copies one leaf and one branch per level; each copied slot costs a retain when
/// it is copied and a release when the old version goes (about 60 instructions a slot), and
/// each node an allocation and a free (about 250 with the rest of a level's work), so the
/// widths trade the cost per level against the number of levels. Callgrind, a row action with
/// one subscriber on 10 / 10,000 / 100,000 rows: leaves and branches of 32, 4,513 / 9,529 /
/// 11,918 instructions; of 16, 3,416 / 7,180 / 8,409; leaves of 16 under branches of 8, 3,416 /
/// 7,193 / 8,047; leaves of 8 under branches of 16 with the flat root leaf of 16, 3,479 / 6,891
/// / 8,109 (without it, 10 rows take two leaves and a branch: 3,935); leaves of 8 under
/// branches of 8 with the flat root leaf, 3,479 / 6,827 / 7,722, the shape kept: one node
/// more per path than with branches of 16, 8 fewer slots per branch. (Those figures are of
/// the path copy; a store's row action now reuses the path of the version before, see
/// ElementTrie+Reusing.swift, and copies only when another holder keeps that version.)
@usableFromInline
enum TrieShape {
    @inlinable static var leafBits: Int { 3 }
    @inlinable static var leafWidth: Int { 1 << leafBits }
    @inlinable static var leafMask: Int { leafWidth - 1 }
    @inlinable static var branchBits: Int { 3 }
    @inlinable static var branchWidth: Int { 1 << branchBits }
    @inlinable static var branchMask: Int { branchWidth - 1 }
    /// The most elements a trie keeps in a single leaf, its root, before it becomes leaves of
    /// `leafWidth` under a branch. A short list is one flat leaf: copying its few elements costs
    /// less than a branch and a leaf would.
    @inlinable static var rootLeafWidth: Int { 16 }

    /// The level of the children of a branch at `level`: 0 (leaves) under the lowest branch.
    @inlinable @inline(__always)
    static func childLevel(of level: Int) -> Int {
        level == leafBits ? 0 : level - branchBits
    }

    /// The level of a branch whose children are at `level`.
    @inlinable @inline(__always)
    static func parentLevel(of level: Int) -> Int {
        level == 0 ? leafBits : level + branchBits
    }

    /// The number of elements a node at `level` can hold: the root leaf's width at level 0.
    @inlinable @inline(__always)
    static func capacity(level: Int) -> Int {
        level == 0 ? rootLeafWidth : 1 << (level + branchBits)
    }

    /// The slot of `position` in a branch at `level`, above 0.
    @inlinable @inline(__always)
    static func slot(of position: Int, level: Int) -> Int {
        (position >> level) & branchMask
    }
}

/// Whether only the holder of `node`, a `Node` by its level (assumption 4), holds it: the
/// runtime's check of the reference count, on the reference where it is stored.
///
/// `isKnownUniquelyReferenced(&node)` on the `AnyObject` itself opens the existential into a
/// copy of the reference: a debug build always retained that copy, so the check never held
/// and every write copied its path (the nodes a test saw reused were new ones at freed
/// addresses); a release build did so in `ElementTrie.update(at:reusing:_:)` (callgrind,
/// `list.10`: a retain and a release per row action), and called the check unspecialized.
/// Read as the class it is, the reference is checked in place. Sound because a class
/// existential without protocols is one reference, laid out as the class's own (and the
/// nodes are native Swift objects); the type is asserted in debug builds.
@inlinable
@inline(__always)
func isUniquelyHeld<Node: AnyObject>(_ node: inout AnyObject, as _: Node.Type) -> Bool {
    assert(node is Node, "internal inconsistency: \(type(of: node)) is not \(Node.self)")
    return withUnsafeMutablePointer(to: &node) { reference in
        reference.withMemoryRebound(to: Node.self, capacity: 1) { isKnownUniquelyReferenced(&$0.pointee) }
    }
}

/// The header of a node: how many of its slots hold a value, and how many it has.
@usableFromInline
struct TrieNodeHeader {
    @usableFromInline
    var count: Int
    @usableFromInline
    let capacity: Int

    @inlinable
    init(count: Int, capacity: Int) {
        self.count = count
        self.capacity = capacity
    }
}

/// The header of a leaf: a node header, and how to destroy the leaf's elements.
///
/// A generic class's `deinit` is compiled once, unspecialized, so destroying the elements there
/// would call the runtime's value-witness loop (`swift_arrayDestroy`, about 60 instructions per
/// element of a row of four fields). The leaf is made where the element type is known
/// (`@inlinable`), so it carries a function specialized for it: a release per reference-holding
/// field, nothing more.
@usableFromInline
struct TrieLeafHeader<Element> {
    @usableFromInline
    var node: TrieNodeHeader
    /// Destroys the first `count` elements at the pointer; they must be initialized.
    @usableFromInline
    let destroyElements: (UnsafeMutablePointer<Element>, Int) -> Void

    @inlinable
    init(capacity: Int) {
        node = TrieNodeHeader(count: 0, capacity: capacity)
        destroyElements = { elements, count in
            for slot in 0..<count {
                _ = (elements + slot).move()
            }
        }
    }
}

/// A leaf of an ``ElementTrie``: up to ``TrieShape/leafWidth`` elements, inline (up to
/// ``TrieShape/rootLeafWidth`` when it is the root).
///
/// Slots `0..<header.count` are initialized, the rest not. Leaves are shared between versions of
/// a trie and changed in place only while a single version holds them
/// (`isKnownUniquelyReferenced`); a version that shares one replaces it with a ``copy(capacity:)``
/// before changing it, so the other versions never see a change.
@usableFromInline
final class TrieLeaf<Element>: ManagedBuffer<TrieLeafHeader<Element>, Element> {
    /// A new leaf with room for `capacity` elements and none in it.
    @inlinable
    static func makeEmpty(capacity: Int) -> TrieLeaf<Element> {
        let buffer = create(minimumCapacity: capacity) { _ in
            TrieLeafHeader(capacity: capacity)
        }
        // `create`, called on this subclass, makes an instance of it: the cast only restates
        // the type (and is checked in debug builds).
        return unsafeDowncast(buffer, to: TrieLeaf<Element>.self)
    }

    /// A new leaf holding `element` alone.
    @inlinable
    static func make(holding element: Element, capacity: Int) -> TrieLeaf<Element> {
        let leaf = makeEmpty(capacity: capacity)
        leaf.append(element)
        return leaf
    }

    /// A leaf with copies of this leaf's elements and room for `capacity`, at least `count`.
    @inlinable
    func copy(capacity: Int) -> TrieLeaf<Element> {
        let count = self.count
        assert(capacity >= count, "internal inconsistency: a leaf copy too small for its elements")
        let leaf = Self.makeEmpty(capacity: capacity)
        withUnsafeMutablePointerToElements { source in
            leaf.withUnsafeMutablePointers { header, target in
                // Slots `0..<count` of the source are initialized (the header says so), and the
                // target has room for `capacity >= count` of them. An element-wise loop, not
                // `initialize(from:count:)`, so the copy is specialized (one retain per
                // reference-holding field) rather than the runtime's value-witness loop.
                for slot in 0..<count {
                    (target + slot).initialize(to: source[slot])
                }
                header.pointee.node.count = count
            }
        }
        return leaf
    }

    /// A copy with as many slots as this leaf.
    @inlinable
    func copy() -> TrieLeaf<Element> {
        copy(capacity: withUnsafeMutablePointerToHeader { $0.pointee.node.capacity })
    }

    deinit {
        withUnsafeMutablePointers { header, elements in
            // Exactly slots `0..<count` are initialized; the function was made for `Element`
            // (see `TrieLeafHeader`).
            header.pointee.destroyElements(elements, header.pointee.node.count)
        }
    }

    // The header is read through its pointer, here and below: `ManagedBuffer.header` is a stored
    // property of a class, and each access to it through the property pays a dynamic exclusivity
    // check (callgrind: about 60 instructions per row action).
    @inlinable
    var count: Int { withUnsafeMutablePointerToHeader { $0.pointee.node.count } }

    @inlinable
    var isFull: Bool {
        withUnsafeMutablePointerToHeader { $0.pointee.node.count == $0.pointee.node.capacity }
    }

    /// Calls `body` on the element in `slot`, in place. The caller holds this leaf alone.
    @inlinable
    func update<Result>(slot: Int, _ body: (inout Element) throws -> Result) rethrows -> Result {
        try withUnsafeMutablePointers { header, elements in
            precondition(
                slot >= 0 && slot < header.pointee.node.count, "internal inconsistency: leaf slot \(slot)")
            return try body(&elements[slot])
        }
    }

    /// Adds `element` after the last one. The caller holds this leaf alone and checked it is not
    /// full.
    @inlinable
    func append(_ element: Element) {
        withUnsafeMutablePointers { header, elements in
            let count = header.pointee.node.count
            precondition(
                count < header.pointee.node.capacity, "internal inconsistency: append to a full leaf")
            (elements + count).initialize(to: element)
            header.pointee.node.count = count + 1
        }
    }

    /// Drops the elements from `newCount` on. The caller holds this leaf alone.
    @inlinable
    func truncate(to newCount: Int) {
        withUnsafeMutablePointers { header, elements in
            let count = header.pointee.node.count
            precondition(newCount >= 0 && newCount <= count, "internal inconsistency: truncating a leaf")
            // Slots `newCount..<count` are initialized; after this, they are not, as the header
            // says.
            (elements + newCount).deinitialize(count: count - newCount)
            header.pointee.node.count = newCount
        }
    }
}

extension TrieLeaf: RandomAccessCollection {
    @inlinable var startIndex: Int { 0 }
    @inlinable var endIndex: Int { count }

    @inlinable
    subscript(slot: Int) -> Element {
        withUnsafeMutablePointers { header, elements in
            precondition(
                slot >= 0 && slot < header.pointee.node.count, "internal inconsistency: leaf slot \(slot)")
            return elements[slot]
        }
    }
}

/// A branch of an ``ElementTrie``: up to ``TrieShape/branchWidth`` children, inline, all leaves
/// (``TrieLeaf``) or all branches, as its level says.
///
/// Not generic: its children are references, kept as `AnyObject` and cast back by the trie,
/// which knows each node's level; so releasing a branch's children is one specialized loop of
/// releases, with no generic metadata. Shared and copied like leaves.
@usableFromInline
final class TrieBranch: ManagedBuffer<TrieNodeHeader, AnyObject> {
    /// A new branch with room for `capacity` children and none in it.
    @inlinable
    static func makeEmpty(capacity: Int) -> TrieBranch {
        let buffer = create(minimumCapacity: capacity) { _ in
            TrieNodeHeader(count: 0, capacity: capacity)
        }
        // As for `TrieLeaf.make`: `create` on this class makes an instance of it.
        return unsafeDowncast(buffer, to: TrieBranch.self)
    }

    /// A new branch holding `children`, in order.
    @inlinable
    static func make(holding children: AnyObject..., capacity: Int) -> TrieBranch {
        let branch = makeEmpty(capacity: capacity)
        for child in children { branch.append(child) }
        return branch
    }

    /// A branch with this branch's children (retained, so shared) and room for `capacity`.
    @inlinable
    func copy(capacity: Int) -> TrieBranch {
        let count = self.count
        assert(capacity >= count, "internal inconsistency: a branch copy too small for its children")
        let branch = Self.makeEmpty(capacity: capacity)
        withUnsafeMutablePointerToElements { source in
            branch.withUnsafeMutablePointers { header, target in
                // As in `TrieLeaf.copy`: `0..<count` initialized in the source, room in the target.
                for slot in 0..<count {
                    (target + slot).initialize(to: source[slot])
                }
                header.pointee.count = count
            }
        }
        return branch
    }

    /// A copy with as many slots as this branch.
    @inlinable
    func copy() -> TrieBranch { copy(capacity: withUnsafeMutablePointerToHeader { $0.pointee.capacity }) }

    deinit {
        withUnsafeMutablePointers { header, children in
            // Exactly slots `0..<count` are initialized. A loop of moves, not
            // `deinitialize(count:)`, which is the runtime's unspecialized loop (a value-witness
            // call per child): this class is not generic, so the loop is a release per child.
            for slot in 0..<header.pointee.count {
                _ = (children + slot).move()
            }
        }
    }

    // The header is read through its pointer, here and below: `ManagedBuffer.header` is a stored
    // property of a class, and each access to it through the property pays a dynamic exclusivity
    // check (callgrind: about 60 instructions per row action).
    @inlinable
    var count: Int { withUnsafeMutablePointerToHeader { $0.pointee.count } }

    @inlinable
    var isFull: Bool { withUnsafeMutablePointerToHeader { $0.pointee.count == $0.pointee.capacity } }

    /// The child in `slot`.
    @inlinable
    subscript(slot: Int) -> AnyObject {
        withUnsafeMutablePointers { header, children in
            precondition(
                slot >= 0 && slot < header.pointee.count, "internal inconsistency: branch slot \(slot)")
            return children[slot]
        }
    }

    /// The child in `slot`, not retained: valid while this branch holds it, which the caller
    /// ensures by holding this branch, unchanged, for as long as it uses the child (assumption 3).
    @inlinable
    func unretainedChild(slot: Int) -> UnretainedNode {
        withUnsafeMutablePointers { header, children in
            precondition(
                slot >= 0 && slot < header.pointee.count, "internal inconsistency: branch slot \(slot)")
            return UnretainedNode(children[slot])
        }
    }

    /// Calls `body` on the child in `slot`, in place. The caller holds this branch alone.
    @inlinable
    func updateChild<Result>(slot: Int, _ body: (inout AnyObject) throws -> Result) rethrows -> Result {
        try withUnsafeMutablePointers { header, children in
            precondition(
                slot >= 0 && slot < header.pointee.count, "internal inconsistency: branch slot \(slot)")
            return try body(&children[slot])
        }
    }

    /// Adds `child` after the last one. The caller holds this branch alone and checked it is not
    /// full.
    @inlinable
    func append(_ child: AnyObject) {
        withUnsafeMutablePointers { header, children in
            let count = header.pointee.count
            precondition(count < header.pointee.capacity, "internal inconsistency: append to a full branch")
            (children + count).initialize(to: child)
            header.pointee.count = count + 1
        }
    }

    /// Drops the children from `newCount` on. The caller holds this branch alone.
    @inlinable
    func truncate(to newCount: Int) {
        withUnsafeMutablePointers { header, children in
            let count = header.pointee.count
            precondition(newCount >= 0 && newCount <= count, "internal inconsistency: truncating a branch")
            // As in `TrieLeaf.truncate`.
            (children + newCount).deinitialize(count: count - newCount)
            header.pointee.count = newCount
        }
    }
}
