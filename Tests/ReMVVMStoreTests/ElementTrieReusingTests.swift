import ReMVVMTestSupport
import Testing

@testable import ReMVVMStore

// Tests Sources/Store/Lists/Machinery/ElementTrie+Reusing.swift: a write that takes its nodes
// from a donor version, directly and through a store's row reducer.

private struct Row: Identifiable, Equatable, Sendable {
    let id: Int
    var value = 0
    /// A title long enough to live on the heap, so a copied row retains something.
    var title: String
}

private func rows(_ count: Int) -> IdentifiedArray<Row> {
    IdentifiedArray((0..<count).map { Row(id: $0, title: "a title of row \($0) on the heap") })
}

@Suite struct ElementTrieReusingTests {
    @Test(
        "rewriting one row of a kept version again and again reuses the path the write before replaced",
        arguments: [10, 100, 10_000])
    func steadyState(count: Int) {
        var state = rows(count)
        var donor: TrieDonor?
        let id = count / 2
        for round in 1...4 {
            let old = state
            var new = state
            #expect(new.updateElement(id: id, reusing: &donor) { $0.value += 1 })
            // The new version holds its own path; the version it was made from is unchanged.
            #expect(new.trieNodesNotShared(with: old) == old.trieDepth)
            #expect(old[id: id]?.value == round - 1 && new[id: id]?.value == round)
            #expect(new.invariantViolation() == nil && old.invariantViolation() == nil)
            // The donor holds the version the write started from, whose path the next write
            // takes once `old` is gone.
            #expect(donor?.root === old.trie.root)
            state = new
        }
    }

    @Test("the donor's nodes become the new path when only the donor held them")
    func nodesAreReused() {
        let first = rows(10_000)
        var second = first
        var donor: TrieDonor?
        _ = second.updateElement(id: 5, reusing: &donor) { $0.value = 1 }  // no donor yet: a copy
        let donorNodes = second.trie.nodeIdentities().subtracting(first.trie.nodeIdentities())
        // Only the donor now holds `second`'s path (the donor was set to `first`, not `second`).
        donor = TrieDonor(second.trie)
        second = IdentifiedArray()
        var third = first
        #expect(third.updateElement(id: 6, reusing: &donor) { $0.value = 2 })  // the same leaf
        #expect(donorNodes.count == first.trieDepth)
        // Each node on the path of the row written, the root included, is one the donor gave,
        // in every build: a node's uniqueness is checked on the node as its class
        // (`isUniquelyHeld`). Checked on the `AnyObject`, it was checked on a retained copy in
        // debug and AddressSanitizer builds, which then copied every node and passed here only
        // when a copy landed at a freed donor node's address.
        var node = third.trie.root
        var level = third.trie.shift
        #expect(donorNodes.contains(ObjectIdentifier(node)), "the root")
        while level > 0 {
            node = ElementTrie<Row>.branch(node)[TrieShape.slot(of: 6, level: level)]
            level = TrieShape.childLevel(of: level)
            #expect(donorNodes.contains(ObjectIdentifier(node)), "level \(level)")
        }
        #expect(third[id: 5]?.value == 0 && third[id: 6]?.value == 2)
        #expect(first.allSatisfy { $0.value == 0 })
        #expect(third.invariantViolation() == nil)
    }

    @Test(
        "seeded writes with donors that are shared, dropped, stale or of another size keep every version right"
    )
    func seededVersions() {
        var random = SeededGenerator(seed: 30)
        var reference = Array(rows(3_000))
        var current = IdentifiedArray(reference)
        var kept: [(IdentifiedArray<Row>, [Row])] = []
        var donor: TrieDonor?
        // 2,000 steps, 200 under the sanitizers; the kept versions are checked 20 times either way.
        let steps = Reliability.modelCheckRuns(2_000)
        let checkEvery = steps / 20
        for step in 0..<steps {
            let before = current
            let referenceBefore = reference
            switch Int.random(in: 0..<10, using: &random) {
            case 0:
                kept.append((before, referenceBefore))  // the donor's version is kept: shared
            case 1:
                donor = nil
            case 2:
                donor = TrieDonor(rows(Int.random(in: 0..<4_000, using: &random)).trie)
            case 3:
                // Another element type, of the same size: gives nothing.
                donor = TrieDonor(IdentifiedArray((0..<current.count).map(Tag.init(id:))).trie)
            default:
                break
            }
            let id = Int.random(in: 0..<3_010, using: &random)
            let found = current.updateElement(id: id, reusing: &donor) { $0.value += 1 }
            if let index = reference.firstIndex(where: { $0.id == id }) {
                reference[index].value += 1
                #expect(found)
            } else {
                #expect(!found)
            }
            #expect(Array(current) == reference, "step \(step)")
            #expect(Array(before) == referenceBefore, "step \(step): the version before changed")
            if step % checkEvery == 0 {
                for (version, expected) in kept { #expect(Array(version) == expected, "step \(step)") }
                #expect(current.invariantViolation() == nil)
            }
        }
    }
}

private struct Tag: Identifiable {
    let id: Int
}

private struct Board: StoreState {
    var rows: IdentifiedArray<Row>
}

private struct Bump: StoreAction { let rowID: Int }

private enum BumpReducer: Reducer {
    static func reduce(state: Row, with action: Bump) -> Row {
        var row = state
        row.value += 1
        return row
    }
}

private struct Append: StoreAction { let id: Int }

private enum AppendReducer: Reducer {
    static func reduce(state: Board, with action: Append) -> Board {
        var state = state
        state.rows.append(Row(id: action.id, title: "row \(action.id)"))
        return state
    }
}

@MainActor
@Suite struct StoreRowReuseTests {
    @Test("a subscriber that keeps every old state sees each as it was, while other changes come between")
    func keptOldStates() {
        let store = Store(with: Board(rows: rows(1_000)))
        store.register(reducer: BumpReducer.self, forEach: \.rows, id: \.rowID)
        store.register(reducer: AppendReducer.self)
        var calls = 0
        var told: [(step: Int, state: Board, oldState: Board)] = []
        let subscription = store.subscribe(to: \.self) { state, oldState in
            // Two pairs of three kept: the donor is shared after some steps, not after others.
            calls += 1  // one call per dispatch: `calls` is the step
            if calls % 3 != 2 { told.append((calls, state, oldState)) }
        }
        var random = SeededGenerator(seed: 7)
        var reference = Array(store.state.rows)
        var expected: [[Row]] = [reference]
        var nextID = 1_000
        for _ in 0..<600 {
            if Int.random(in: 0..<8, using: &random) == 0 {
                reference.append(Row(id: nextID, title: "row \(nextID)"))
                store.dispatch(action: Append(id: nextID))
                nextID += 1
            } else {
                let index = Int.random(in: 0..<reference.count, using: &random)
                reference[index].value += 1
                store.dispatch(action: Bump(rowID: reference[index].id))
            }
            expected.append(reference)
            #expect(Array(store.state.rows) == reference)
        }
        #expect(told.count == 400)
        for (step, state, oldState) in told {
            #expect(Array(state.rows) == expected[step], "step \(step)")
            #expect(Array(oldState.rows) == expected[step - 1], "step \(step)")
        }
        _ = subscription
    }
}
