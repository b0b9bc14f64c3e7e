import ReMVVMStore
import ReMVVMTesting
import Testing

// Tests the reducer forms of Sources/Store/Core/Reducer.swift (the `inout` form beside the
// returning one) and the closure registrations of Sources/Store/Core/StoreRegistering+Closures.swift.

private struct Item: Identifiable, Equatable, Sendable {
    let id: Int
    var name: String
}

private struct Cupboard: StoreState, Equatable {
    var count = 0
    var label = ""
    var items: IdentifiedArray<Item> = [Item(id: 1, name: "a"), Item(id: 2, name: "b")]
    var draft: String?
}

private struct Add: StoreAction { let amount: Int }
private struct Labelled: StoreAction { let text: String }
private struct RenameItem: StoreAction {
    let itemID: Int
    let name: String
}
private struct Typed: StoreAction { let text: String }

private enum AddInPlace: Reducer {
    static func reduce(state: inout Cupboard, with action: Add) { state.count += action.amount }
}

private enum LabelInPlace: Reducer {
    static func reduce(state: inout String, with action: Labelled) { state = action.text }
}

private enum RenameInPlace: Reducer {
    static func reduce(state: inout Item, with action: RenameItem) { state.name = action.name }
}

private enum TypeInPlace: Reducer {
    static func reduce(state: inout String, with action: Typed) { state += action.text }
}

/// A store whose diagnostics are collected.
@MainActor
private func makeStore(_ state: Cupboard = Cupboard()) -> (Store<Cupboard>, () -> [StoreDiagnostic.Kind]) {
    let store = Store(with: state)
    var reported: [StoreDiagnostic.Kind] = []
    store.diagnosticsHandler = { reported.append($0.kind) }
    return (store, { reported })
}

@MainActor
@Suite("Reducer forms: inout reducers and closures")
struct ReducerFormsTests {
    @Test("an inout reducer works in every registration form, and its returning form is given")
    func inoutReducers() {
        let (store, reported) = makeStore()
        store.register(reducer: AddInPlace.self)
        store.register(reducer: LabelInPlace.self, at: \.label)
        store.register(reducer: RenameInPlace.self, forEach: \.items, id: \.itemID)
        store.register(reducer: TypeInPlace.self, ifLet: \.draft)
        store.dispatch(action: Add(amount: 2))
        store.dispatch(action: Labelled(text: "books"))
        store.dispatch(action: RenameItem(itemID: 2, name: "z"))
        store.dispatch(action: Typed(text: "x"))
        #expect(store.state.count == 2)
        #expect(store.state.label == "books")
        #expect(store.state.items.map(\.name) == ["a", "z"])
        #expect(store.state.draft == nil)
        #expect(reported() == [.partIsNil])
        // The returning form, given by the library.
        #expect(AddInPlace.reduce(state: Cupboard(), with: Add(amount: 5)).count == 5)
    }

    @Test("a closure reduces in every registration form, and reports what finds no place")
    func closures() {
        let (store, reported) = makeStore(Cupboard(draft: "d"))
        store.register(Add.self) { state, action in state.count += action.amount }
        store.register(Labelled.self, at: \.label) { label, action in label = action.text.uppercased() }
        store.register(RenameItem.self, forEach: \.items, id: \.itemID) { item, action in
            item.name = action.name
        }
        store.register(Typed.self, ifLet: \.draft) { draft, action in draft += action.text }
        var told = 0
        let subscription = store.subscribe(to: \.self) { _, _ in told += 1 }
        store.dispatch(action: Add(amount: 3))
        store.dispatch(action: Labelled(text: "books"))
        store.dispatch(action: RenameItem(itemID: 1, name: "y"))
        store.dispatch(action: RenameItem(itemID: 9, name: "none"))
        store.dispatch(action: Typed(text: "!"))
        #expect(
            store.state
                == Cupboard(
                    count: 3, label: "BOOKS", items: [Item(id: 1, name: "y"), Item(id: 2, name: "b")],
                    draft: "d!"))
        #expect(reported() == [.rowNotFound])
        // The action for a missing row changed nothing: an Equatable state is told only of changes.
        #expect(told == 4)
        _ = subscription
    }

    @Test("closures fold as reducers do: a reducers-only replay gives the same state")
    func closuresFold() {
        let (store, _) = makeStore()
        store.register(Add.self) { state, action in state.count += action.amount }
        store.register(RenameItem.self, forEach: \.items, id: \.itemID) { item, action in
            item.name = action.name
        }
        let actions: [any StoreAction] = [Add(amount: 1), RenameItem(itemID: 2, name: "q"), Add(amount: 4)]
        for action in actions { store.dispatch(action: action) }
        #expect(store.reduced(actions, from: Cupboard()) == store.state)
    }

    @Test("closures work on a test store through the same registrations")
    func testStore() async throws {
        let store = TestStore(with: Cupboard())
        store.register(Add.self) { state, action in state.count += action.amount }
        store.register(reducer: LabelInPlace.self, at: \.label)
        try await store.send(Add(amount: 2)) { $0.count = 2 }
        try await store.send(Labelled(text: "t")) { $0.label = "t" }
    }
}
