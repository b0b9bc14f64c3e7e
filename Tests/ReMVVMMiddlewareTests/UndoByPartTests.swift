import ReMVVMMiddleware
import ReMVVMStore
import Testing

// The search and favorites case: a star the user taps is a step; search results that arrive
// afterwards are not, and undoing the star keeps them.

private struct LibraryState: StoreState, Equatable {
    var favorites: Set<Int> = []
    var results: [String] = []
}

private struct ToggleFavorite: StoreAction { var id: Int }
private struct ResultsArrived: StoreAction { var results: [String] }

private enum ToggleFavoriteReducer: Reducer {
    static func reduce(state: LibraryState, with action: ToggleFavorite) -> LibraryState {
        var state = state
        if state.favorites.remove(action.id) == nil { state.favorites.insert(action.id) }
        return state
    }
}

private enum ResultsArrivedReducer: Reducer {
    static func reduce(state: LibraryState, with action: ResultsArrived) -> LibraryState {
        var state = state
        state.results = action.results
        return state
    }
}

@MainActor
private func makeLibrary(_ history: UndoHistory<LibraryState>) -> Store<LibraryState> {
    let store = Store(with: LibraryState(), middleware: [history])
    store.register(reducer: ToggleFavoriteReducer.self)
    store.register(reducer: ResultsArrivedReducer.self)
    history.register(on: store)
    return store
}

@MainActor
@Suite struct UndoByPartTests {
    @Test("at: a part: undo restores that part alone; results that arrived after the step stay")
    func undoOnePart() {
        let history = UndoHistory<LibraryState>(limit: 10, at: \.favorites)
        let store = makeLibrary(history)
        store.dispatch(action: ToggleFavorite(id: 7))
        store.dispatch(action: ResultsArrived(results: ["Dune"]))
        #expect(history.undoableActions.count == 1)  // the results changed no favorite
        store.dispatch(action: UndoAction())
        #expect(store.state == LibraryState(favorites: [], results: ["Dune"]))
        store.dispatch(action: RedoAction())
        #expect(store.state == LibraryState(favorites: [7], results: ["Dune"]))
    }

    @Test("only: listed types make steps; without at:, undo restores the whole state before the step")
    func onlySomeTypes() {
        let history = UndoHistory<LibraryState>(limit: 10, only: [ToggleFavorite.self])
        let store = makeLibrary(history)
        store.dispatch(action: ResultsArrived(results: ["Dune"]))
        store.dispatch(action: ToggleFavorite(id: 7))
        store.dispatch(action: ResultsArrived(results: ["Dune", "Emma"]))
        #expect(history.undoableActions.map { "\(type(of: $0))" } == ["ToggleFavorite"])
        store.dispatch(action: UndoAction())
        // The whole state before the star: the later results go too, which at: avoids.
        #expect(store.state == LibraryState(favorites: [], results: ["Dune"]))
        store.dispatch(action: UndoAction())  // nothing more to undo: blocked
        #expect(store.state == LibraryState(favorites: [], results: ["Dune"]))
    }

    @Test("at: and only: together: steps for the listed types that changed the part")
    func both() {
        let history = UndoHistory<LibraryState>(limit: 10, at: \.favorites, only: [ToggleFavorite.self])
        let store = makeLibrary(history)
        store.dispatch(action: ToggleFavorite(id: 1))
        store.dispatch(action: ResultsArrived(results: ["Dune"]))
        store.dispatch(action: ToggleFavorite(id: 2))
        #expect(history.undoableActions.count == 2)
        store.dispatch(action: UndoAction())
        store.dispatch(action: UndoAction())
        #expect(store.state == LibraryState(favorites: [], results: ["Dune"]))
        store.dispatch(action: RedoAction())
        #expect(store.state == LibraryState(favorites: [1], results: ["Dune"]))
    }

    @Test("an action that makes no step keeps what could be redone")
    func noStepKeepsRedo() {
        let history = UndoHistory<LibraryState>(limit: 10, at: \.favorites)
        let store = makeLibrary(history)
        store.dispatch(action: ToggleFavorite(id: 7))
        store.dispatch(action: UndoAction())
        store.dispatch(action: ResultsArrived(results: ["Emma"]))
        #expect(history.canRedo)
        store.dispatch(action: RedoAction())
        #expect(store.state == LibraryState(favorites: [7], results: ["Emma"]))
    }

    @Test(
        "taps of one store are told in turn of the types they name; one cancelled from its own call ends at once"
    )
    func taps() {
        let store = Store(with: LibraryState(), middleware: [])
        store.register(reducer: ToggleFavoriteReducer.self)
        store.register(reducer: ResultsArrivedReducer.self)
        var told: [String] = []
        var first: StoreSubscription?
        first = store.tapActions(
            with: ActionTap(types: [ObjectIdentifier(ToggleFavorite.self)]) { action, state, oldState in
                told.append("first \(oldState.favorites.sorted()) -> \(state.favorites.sorted())")
                if state.favorites.count == 2 { first?.cancel() }
            })
        let second = store.tapActions(
            with: ActionTap(types: nil) { action, _, _ in told.append("second \(type(of: action))") })
        store.dispatch(action: ToggleFavorite(id: 1))
        store.dispatch(action: ResultsArrived(results: ["Dune"]))
        store.dispatch(action: ToggleFavorite(id: 2))
        store.dispatch(action: ToggleFavorite(id: 3))
        #expect(
            told == [
                "first [] -> [1]", "second ToggleFavorite", "second ResultsArrived", "first [1] -> [1, 2]",
                "second ToggleFavorite", "second ToggleFavorite",
            ])
        second.cancel()
    }

    @Test("an undo history registered from a subscriber after a change makes its first step of the next")
    func registeredDuringAChange() {
        let history = UndoHistory<LibraryState>(limit: 10)
        let store = Store(with: LibraryState(), middleware: [])
        store.register(reducer: ToggleFavoriteReducer.self)
        var registered = false
        let subscription = store.subscribe(to: \.favorites) { _, _ in
            if !registered {
                registered = true
                history.register(on: store)
            }
        }
        store.dispatch(action: ToggleFavorite(id: 1))
        #expect(!history.canUndo)
        store.dispatch(action: ToggleFavorite(id: 2))
        #expect(history.undoableActions.compactMap { ($0 as? ToggleFavorite)?.id } == [2])
        subscription.cancel()
    }
}
