// The demo's test store, for these tests and for the tests `--export-test` writes: it lives
// here, not in the executable, which ships no test machinery.

import ReMVVMMiddleware
import ReMVVMStore
import ReMVVMTesting

@testable import remvvm_demo

extension DemoApp {
    /// A test store with the demo's reducers (the navigation's included) and middleware (the undo
    /// history) and the state the app starts from, on `clock`: what the tests `--export-test`
    /// prints start with.
    ///
    /// ```swift
    /// let clock = TestClock()
    /// let store = DemoApp.makeTestStore(clock: clock)
    /// try await store.send(LoginAction(firstName: "Ada", lastName: "Lovelace")) {
    ///     $0.user = User(firstName: "Ada", lastName: "Lovelace")
    ///     $0.navigation.apply(.present(.greetings))
    /// }
    /// ```
    @MainActor
    static func makeTestStore(clock: any Clock<Duration> = TestClock()) -> TestStore<AppState> {
        let history = UndoHistory<AppState>(limit: historyLimit)
        let store = TestStore(
            with: AppState(factory: CompositeViewModelFactory(), user: nil),
            middleware: [history]
        ) { $0.clock = clock }
        setUp(store, history: history)
        return store
    }
}
