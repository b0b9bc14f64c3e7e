// `@inlinable` like the rest of IdentifiedArray: see IdentifiedArray.swift for the measurement.

/// The fan-out of an ``ElementTrie``: each node holds up to `width` elements (a leaf) or up to
/// `width` nodes (a branch), and a position's slot in a node at a level is `bits` of its binary
/// form.
///
/// 32 is Clojure's choice: a trie of 100,000 elements is 4 levels deep, a path copy is 4 small
/// arrays, and a leaf's elements lie side by side for iteration.
@usableFromInline
enum TrieShape {
    @inlinable static var bits: Int { 5 }
    @inlinable static var width: Int { 1 << bits }
    @inlinable static var mask: Int { width - 1 }
}

/// One node of an ``ElementTrie``: a leaf when it is at level 0, a branch above.
///
/// A leaf uses `elements` and a branch `children`; the other array stays empty, which costs no
/// allocation. Nodes are shared between versions of a trie and changed in place only while a
/// single version holds them (`isKnownUniquelyReferenced`); a version that shares a node
/// replaces it with a `copy()` before changing it, so the other versions never see a change.
///
/// Its arrays are `@exclusivity(unchecked)`: a node is changed only by the one version that
/// holds it alone, through a path of calls that never reach the same node again, so two
/// accesses to one node's arrays cannot overlap; the dynamic checks cost more than the path
/// copy's own work (callgrind, `list.10000`: about 1,300 of 14,200 instructions per dispatch).
@usableFromInline
final class TrieNode<Element> {
    @exclusivity(unchecked) @usableFromInline
    var elements: ContiguousArray<Element>
    @exclusivity(unchecked) @usableFromInline
    var children: ContiguousArray<TrieNode<Element>>

    @inlinable
    init(elements: ContiguousArray<Element>) {
        self.elements = elements
        self.children = []
    }

    @inlinable
    init(children: ContiguousArray<TrieNode<Element>>) {
        self.elements = []
        self.children = children
    }

    /// A node with the same contents; its arrays share their buffers with this node's until one
    /// of them is written.
    @inlinable
    func copy() -> TrieNode<Element> {
        let node = TrieNode(elements: elements)
        node.children = children
        return node
    }

    @inlinable
    var isEmpty: Bool { elements.isEmpty && children.isEmpty }

    /// A chain of nodes from `level` down to a leaf that holds only `element`.
    @inlinable
    static func path(to element: Element, level: Int) -> TrieNode<Element> {
        if level == 0 { return TrieNode(elements: [element]) }
        return TrieNode(children: [path(to: element, level: level - TrieShape.bits)])
    }

    /// Makes the child in `slot` one that only this node holds, copying it if it is shared, and
    /// returns it.
    @inlinable
    func uniqueChild(at slot: Int) -> TrieNode<Element> {
        if !isKnownUniquelyReferenced(&children[slot]) {
            children[slot] = children[slot].copy()
        }
        return children[slot]
    }

    /// Calls `body` on the element at `position` of the subtrie this node roots at `level`,
    /// copying the shared nodes on the way down. The caller made this node unique.
    @inlinable
    func update<Result>(
        at position: Int,
        level: Int,
        _ body: (inout Element) throws -> Result
    ) rethrows -> Result {
        if level == 0 {
            return try body(&elements[position & TrieShape.mask])
        }
        let slot = (position >> level) & TrieShape.mask
        return try uniqueChild(at: slot).update(at: position, level: level - TrieShape.bits, body)
    }

    /// Adds `element` at `position`, the first position past the subtrie this node roots at
    /// `level`, which has room for it. The caller made this node unique.
    @inlinable
    func append(_ element: Element, at position: Int, level: Int) {
        if level == 0 {
            elements.append(element)
            return
        }
        let slot = (position >> level) & TrieShape.mask
        if slot == children.count {
            children.append(TrieNode.path(to: element, level: level - TrieShape.bits))
        } else {
            uniqueChild(at: slot).append(element, at: position, level: level - TrieShape.bits)
        }
    }

    /// Adds `newElements` to the last leaf of the subtrie this node roots at `level`, the leaf
    /// that holds `lastPosition`, which has room for them. The caller made this node unique.
    @inlinable
    func appendToLastLeaf(_ newElements: ArraySlice<Element>, after lastPosition: Int, level: Int) {
        if level == 0 {
            elements.append(contentsOf: newElements)
            return
        }
        let slot = (lastPosition >> level) & TrieShape.mask
        uniqueChild(at: slot).appendToLastLeaf(
            newElements, after: lastPosition, level: level - TrieShape.bits)
    }

    /// Drops every element after `lastPosition` from the subtrie this node roots at `level`.
    /// The caller made this node unique.
    @inlinable
    func truncate(after lastPosition: Int, level: Int) {
        let slot = (lastPosition >> level) & TrieShape.mask
        if level == 0 {
            elements.removeSubrange((slot + 1)...)
            return
        }
        children.removeSubrange((slot + 1)...)
        uniqueChild(at: slot).truncate(after: lastPosition, level: level - TrieShape.bits)
    }
}
