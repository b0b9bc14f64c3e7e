import ReMVVMStore
import ReMVVMTestSupport
import Testing

// A model check of a list of features in a store: seeded sequences of adds, removes, moves and
// row edits by id (ids that exist and ids that do not), dispatched to a store whose rows are an
// IdentifiedArray reduced by `forEach`, against a reference array.

private struct Item: Identifiable, Equatable, Sendable {
    let id: Int
    var value = 0
}

private struct Board: StoreState, Equatable {
    var items: IdentifiedArray<Item> = []
}

private struct AddItem: StoreAction { let id: Int }
private struct RemoveItem: StoreAction { let id: Int }
private struct MoveItem: StoreAction {
    let from: Int
    let to: Int
}
private struct BumpItem: StoreAction {
    let itemID: Int
    let by: Int
}

private enum AddItemReducer: Reducer {
    static func reduce(state: Board, with action: AddItem) -> Board {
        var state = state
        if state.items[id: action.id] == nil { state.items.append(Item(id: action.id)) }
        return state
    }
}

private enum RemoveItemReducer: Reducer {
    static func reduce(state: Board, with action: RemoveItem) -> Board {
        var state = state
        state.items.remove(id: action.id)
        return state
    }
}

private enum MoveItemReducer: Reducer {
    static func reduce(state: Board, with action: MoveItem) -> Board {
        var state = state
        state.items.move(fromOffsets: [action.from], toOffset: action.to)
        return state
    }
}

/// A row reducer: the one `forEach` reduces.
private enum BumpItemReducer: Reducer {
    static func reduce(state: Item, with action: BumpItem) -> Item {
        var item = state
        item.value += action.by
        return item
    }
}

@MainActor
@Suite("Lists of features: a model check")
struct ListModelCheckTests {
    /// Runs sequence `seed`; returns the first violation, naming the seed and the step.
    static func run(seed: UInt64, steps: Int) -> String? {
        var random = SeededGenerator(seed: seed)
        let store = Store(with: Board())
        store.register(reducer: AddItemReducer.self)
        store.register(reducer: RemoveItemReducer.self)
        store.register(reducer: MoveItemReducer.self)
        store.register(reducer: BumpItemReducer.self, forEach: \.items, id: \.itemID)
        var missing = 0
        store.diagnosticsHandler = { diagnostic in
            if diagnostic.kind == .rowNotFound { missing += 1 }
        }
        // Half the sequences with a subscriber, which keeps the old state; half without.
        var told = 0
        let subscription = seed % 2 == 0 ? store.subscribe(to: \.self) { _, _ in told += 1 } : nil
        var reference: [Item] = []
        var expectedMissing = 0
        var nextID = 0
        for step in 1...steps {
            let before = store.state
            let referenceBefore = reference
            switch Int.random(in: 0..<10, using: &random) {
            case 0...2:
                nextID += 1
                reference.append(Item(id: nextID))
                store.dispatch(action: AddItem(id: nextID))
            case 3:
                guard let item = reference.randomElement(using: &random) else { continue }
                reference.removeAll { $0.id == item.id }
                store.dispatch(action: RemoveItem(id: item.id))
            case 4:
                guard !reference.isEmpty else { continue }
                let from = Int.random(in: 0..<reference.count, using: &random)
                let to = Int.random(in: 0...reference.count, using: &random)
                let moved = reference.remove(at: from)
                reference.insert(moved, at: to > from ? to - 1 : to)
                store.dispatch(action: MoveItem(from: from, to: to))
            default:
                // An id that exists, or one that does not (removed, or never added).
                let id = Int.random(in: 0...(nextID + 2), using: &random)
                let by = Int.random(in: 1...9, using: &random)
                if let index = reference.firstIndex(where: { $0.id == id }) {
                    reference[index].value += by
                } else {
                    expectedMissing += 1
                }
                store.dispatch(action: BumpItem(itemID: id, by: by))
            }
            let items = store.state.items
            if Array(items) != reference {
                return "seed \(seed), step \(step): \(Array(items)) != \(reference)"
            }
            if Set(items.ids).count != items.count { return "seed \(seed), step \(step): ids not unique" }
            if items.ids != reference.map(\.id) { return "seed \(seed), step \(step): ids out of order" }
            if missing != expectedMissing {
                return
                    "seed \(seed), step \(step): \(missing) reports of a missing row, \(expectedMissing) expected"
            }
            // The state before the step is a value that shares its storage with the new one:
            // what the step did left it as it was.
            if Array(before.items) != referenceBefore {
                return "seed \(seed), step \(step): the old state changed"
            }
        }
        _ = subscription
        return nil
    }

    @Test("2,000 seeded sequences against a reference array: order, unique ids, one report per missing id")
    func sequences() async {
        for seed in UInt64(1)...UInt64(Reliability.modelCheckRuns(2_000)) {
            // Lets other main-actor work run between sequences: under the sanitizers this
            // check takes tens of seconds, which starved the demo runs' output readers.
            await Task.yield()
            let violation = Self.run(seed: seed, steps: 40)
            #expect(violation == nil)
            if violation != nil { return }
        }
    }
}
