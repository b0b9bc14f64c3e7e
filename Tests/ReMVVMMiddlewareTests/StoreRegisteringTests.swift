import ReMVVMMiddleware
import ReMVVMStore
import ReMVVMTesting
import Testing

// Tests StoreRegistering (Sources/Store/Core/StoreRegistering.swift) and its navigation and
// history doors: one app function sets up a store and a test store alike.

private struct Shop: StoreState {
    var count = 0
    var navigation = NavigationState(root: TestScreen.home)
}

private struct Add: StoreAction, Codable {}

private enum AddReducer: Reducer {
    static func reduce(state: Shop, with action: Add) -> Shop {
        var state = state
        state.count += 1
        return state
    }
}

/// The app's one setup, for the store and for tests.
@MainActor
private func setUp(_ store: some StoreRegistering<Shop>) {
    store.register(reducer: AddReducer.self)
    store.register(navigation: \.navigation)
}

@MainActor
@Suite("One setup for a store and a test store")
struct StoreRegisteringTests {
    @Test("the app's setup function registers reducers and navigation on a store")
    func store() {
        let store = Store(with: Shop())
        setUp(store)
        store.dispatch(action: Add())
        store.dispatch(action: NavigationAction.push(TestScreen.sheet))
        #expect(store.state.count == 1)
        #expect(store.state.navigation.screens == [[.home, .sheet]])
    }

    @Test("the same function sets up a test store, and a history registers on it")
    func testStore() async throws {
        let history = ActionHistory<Shop>()
        let store = TestStore(with: Shop())
        setUp(store)
        history.register(on: store)
        try await store.send(Add()) { $0.count = 1 }
        try await store.send(NavigationAction.push(TestScreen.sheet)) {
            $0.navigation.apply(.push(.sheet))
        }
        #expect(history.entries.count == 2)
        #expect(history.jump(to: 1))
        #expect(store.store.state.count == 1)
        #expect(store.store.state.navigation.screens == [[.home]])
        try await store.finish()
    }
}
