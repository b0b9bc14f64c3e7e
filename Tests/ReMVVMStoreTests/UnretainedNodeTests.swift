import Testing

@testable import ReMVVMStore

// Tests Sources/Store/Lists/Unsafe/UnretainedNode.swift, the lists' unretained handle, and
// `isUniquelyHeld(_:as:)` in TrieNode.swift: each against the retained, checked way of doing
// the same thing.

private struct Item: Identifiable, Equatable, Sendable {
    let id: Int
    var title: String
}

private func trie(_ count: Int) -> ElementTrie<Item> {
    ElementTrie((0..<count).map { Item(id: $0, title: "item \($0) on the heap, long enough") })
}

/// A reference that does not keep its object: `nil` once the object is gone.
private final class WeakNode {
    weak var node: AnyObject?
    init(_ node: AnyObject) { self.node = node }
}

/// The nodes on the path to `position`, root first, reached by retained references.
private func retainedPath(to position: Int, in trie: ElementTrie<Item>) -> [AnyObject] {
    var path = [trie.root]
    var level = trie.shift
    while level > 0 {
        path.append(
            ElementTrie<Item>.branch(path[path.count - 1])[TrieShape.slot(of: position, level: level)])
        level = TrieShape.childLevel(of: level)
    }
    return path
}

@Suite struct UnretainedNodeTests {
    @Test(
        "the handle walks to the nodes a retained walk reaches, and lends the leaf that holds each position",
        arguments: [1, 10, 17, 100, 5_000])
    func walksLikeRetainedReferences(count: Int) {
        let items = trie(count)
        for position in 0..<count {
            let expected = retainedPath(to: position, in: items)
            var node = UnretainedNode(items.root)
            var level = items.shift
            var depth = 0
            #expect(node.isSameNode(as: UnretainedNode(expected[0])))
            while level > 0 {
                let branch = ElementTrie<Item>.branch(expected[depth])
                #expect(node.childCount == branch.count)
                node = node.child(slot: TrieShape.slot(of: position, level: level))
                level = TrieShape.childLevel(of: level)
                depth += 1
                #expect(
                    node.isSameNode(as: UnretainedNode(expected[depth])),
                    "position \(position), depth \(depth)")
            }
            let slot = items.slotInLeaf(of: position)
            #expect(node.withLeaf(of: Item.self) { $0 === expected[depth] && $0[slot].id == position })
            #expect(items[position].id == position)
        }
    }

    @Test("two handles are of one node only when they are: siblings and another trie's equal nodes differ")
    func identityIsTheNode() {
        let items = trie(100)
        let copy = items
        let rebuilt = trie(100)
        let root = UnretainedNode(items.root)
        #expect(root.isSameNode(as: UnretainedNode(copy.root)))
        #expect(!root.isSameNode(as: UnretainedNode(rebuilt.root)))
        #expect(!root.child(slot: 0).isSameNode(as: root.child(slot: 1)))
        #expect(root.child(slot: 1).isSameNode(as: UnretainedNode(copy.root).child(slot: 1)))
    }

    @Test("walking and reading leave every count of references as it was", arguments: [10, 5_000])
    func walkingRetainsNothing(count: Int) {
        var items = trie(count)
        let level = items.shift
        #expect(ElementTrie<Item>.isHeldAlone(&items.root, level: level))
        var total = 0
        for position in 0..<count {
            total += items.withLeaf(containing: position) { $0[items.slotInLeaf(of: position)].id }
        }
        #expect(total == count * (count - 1) / 2)
        var comparisons = 0
        #expect(items.isEqual(to: trie(count), comparisons: &comparisons))
        // A handle that kept a retain would leave the nodes shared; one that dropped a release
        // too many would free them under the trie (the sanitizer run catches that).
        #expect(ElementTrie<Item>.isHeldAlone(&items.root, level: level))
    }

    @Test(
        "a node held once is held alone, a shared one is not, for leaves and branches",
        arguments: [10, 5_000])
    func uniquenessIsTheReferenceCount(count: Int) {
        var items = trie(count)
        #expect(ElementTrie<Item>.isHeldAlone(&items.root, level: items.shift))
        let kept = items
        #expect(!ElementTrie<Item>.isHeldAlone(&items.root, level: items.shift))
        _ = kept
    }

    @Test("writes after the first to a version held alone change its nodes in place, in every build")
    func writesInPlaceOnceUnique() {
        let original = trie(5_000)
        var items = original
        items.update(at: 100) { $0.title = "first write" }
        // The first write copied the path; the later ones keep these very nodes.
        let path = retainedPath(to: 101, in: items).map(WeakNode.init)
        for round in 0..<3 {
            items.update(at: 101) { $0.title = "write \(round)" }
        }
        let after = retainedPath(to: 101, in: items)
        #expect(path.count == after.count)
        for (weak, node) in zip(path, after) {
            #expect(weak.node === node)
        }
        #expect(items[101].title == "write 2" && items[100].title == "first write")
        #expect(
            original[100].title != "first write" && original[101].title == "item 101 on the heap, long enough"
        )
    }
}
