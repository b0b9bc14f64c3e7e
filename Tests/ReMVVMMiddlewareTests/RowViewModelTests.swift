import ReMVVMMiddleware
import ReMVVMStore
import ReMVVMTestSupport
import Testing

// Tests row view models (`Store.viewModel(for:in:id:)` in Store+Navigation.swift): made from
// the row's id, kept while the row is in its list and its entry shown, let go with either.

private struct Row: Identifiable, Equatable, Sendable {
    let id: Int
}

private struct ListState: StoreState {
    var rows = Shelf<Row>([])
    var navigation = NavigationState(root: TestScreen.home)
    let factory: ViewModelFactory
}

private struct AddRow: StoreAction { let id: Int }
private struct DeleteRow: StoreAction { let id: Int }

private enum AddRowReducer: Reducer {
    static func reduce(state: ListState, with action: AddRow) -> ListState {
        var state = state
        state.rows.rows.append(Row(id: action.id))
        return state
    }
}

private enum DeleteRowReducer: Reducer {
    static func reduce(state: ListState, with action: DeleteRow) -> ListState {
        var state = state
        state.rows[id: action.id] = nil
        return state
    }
}

/// A row's view model, subscribed to the store; it notes when it is told of a state without
/// its row (it must be gone by then).
@MainActor
private final class RowViewModel: StoreSubscriber {
    let id: Int
    var sawItsRowGone = false

    init(id: Int) { self.id = id }

    func didChange(state: ListState, oldState: ListState) {
        if state.rows[id: id] == nil { sawItsRowGone = true }
    }
}

@MainActor
private func makeStore() -> Store<ListState> {
    let factory = CompositeViewModelFactory()
    factory.add { (id: Int) -> RowViewModel? in RowViewModel(id: id) }
    let store = Store(with: ListState(factory: factory))
    store.register(navigation: \.navigation)
    store.register(reducer: AddRowReducer.self)
    store.register(reducer: DeleteRowReducer.self)
    return store
}

@MainActor
@Suite("Row view models")
struct RowViewModelTests {
    @Test(
        "a row's view model is made from its id, kept while the row is there, and let go in the dispatch that removes it"
    )
    func lifetime() throws {
        let store = makeStore()
        store.dispatch(action: AddRow(id: 7))
        let entry = store.state.navigation.top
        weak var made: RowViewModel?
        do {
            let row: RowViewModel = try #require(store.viewModel(for: entry, in: \.rows, id: 7))
            #expect(row.id == 7)
            let again: RowViewModel? = store.viewModel(for: entry, in: \.rows, id: 7)
            #expect(again === row)
            made = row
        }
        #expect(made != nil)
        #expect(store.subscriberCount == 1)
        store.dispatch(action: AddRow(id: 8))
        #expect(made != nil)
        store.dispatch(action: DeleteRow(id: 7))
        #expect(made == nil)
        #expect(store.subscriberCount == 0)
    }

    @Test("no view model for a row that is not in the list: reported, nothing kept")
    func missingRow() {
        let store = makeStore()
        var kinds: [StoreDiagnostic.Kind] = []
        store.diagnosticsHandler = { kinds.append($0.kind) }
        let row: RowViewModel? = store.viewModel(for: store.state.navigation.top, in: \.rows, id: 3)
        #expect(row == nil)
        #expect(kinds == [.rowNotFound])
        #expect(store.subscriberCount == 0)
    }

    @Test("row view models leave with their entry too")
    func leaveWithTheEntry() throws {
        let store = makeStore()
        store.dispatch(action: AddRow(id: 1))
        store.dispatch(action: NavigationAction.push(TestScreen.sheet))
        weak var made: RowViewModel?
        do {
            let row: RowViewModel = try #require(
                store.viewModel(for: store.state.navigation.top, in: \.rows, id: 1))
            made = row
        }
        store.dispatch(action: NavigationAction<TestScreen>.pop(count: 1))
        #expect(made == nil)
        #expect(store.subscriberCount == 0)
    }

    @Test("1,000 seeded adds and deletes: the live row view models and subscribers are the rows on screen")
    func seeded() async {
        let store = makeStore()
        var random = SeededGenerator(seed: 30)
        var made: [Int: Weak] = [:]
        var nextID = 0
        for step in 1...modelCheckRuns(1_000) {
            // Lets other main-actor work run (see ListModelCheckTests).
            await Task.yield()
            if store.state.rows.rows.isEmpty || Bool.random(using: &random) {
                nextID += 1
                store.dispatch(action: AddRow(id: nextID))
            } else {
                store.dispatch(action: DeleteRow(id: store.state.rows.rows.randomElement(using: &random)!.id))
            }
            let entry = store.state.navigation.top
            for row in store.state.rows.rows {
                let viewModel: RowViewModel? = store.viewModel(for: entry, in: \.rows, id: row.id)
                if let kept = made[row.id]?.object { #expect(kept === viewModel, "step \(step)") }
                made[row.id] = Weak(viewModel)
            }
            let alive = made.values.compactMap(\.object)
            #expect(alive.count == store.state.rows.rows.count, "step \(step)")
            #expect(store.subscriberCount == store.state.rows.rows.count, "step \(step)")
            #expect(!alive.contains { $0.sawItsRowGone }, "step \(step)")
            if alive.count != store.state.rows.rows.count { return }
        }
    }
}

@MainActor
private struct Weak {
    weak var object: RowViewModel?
    init(_ object: RowViewModel?) { self.object = object }
}
