import ReMVVMStore
import Testing

@testable import ReMVVMMiddleware

@MainActor
@Suite struct NavigationMiddlewareTests {
    /// Records, in order, what subscribers and the navigator saw.
    final class Recorder {
        var events: [String] = []
    }

    @Test("navigation happens after every subscriber saw the new state")
    func navigatesAfterSubscribers() {
        let recorder = Recorder()
        let navigator = Navigator(root: TestScreen.home)
        let navigation = NavigationMiddleware<TestState, TestScreen>(
            navigator: navigator,
            routes: [.on(Increment.self, navigate: .push(.detail(1)))]
        )
        let (store, log) = makeStore(middleware: [navigation])
        navigator.onChange = { [unowned store] step in
            #expect(step == .push(.detail(1)))
            recorder.events.append("navigate at count \(store.state.count)")
        }
        let first = store.subscribe(to: \.self) { state, _ in
            recorder.events.append("first saw \(state.count)")
        }
        let second = store.subscribe(to: \.count) { count, _ in recorder.events.append("second saw \(count)")
        }

        store.dispatch(action: Increment())

        #expect(recorder.events == ["first saw 1", "second saw 1", "navigate at count 1"])
        #expect(navigator.path == [.home, .detail(1)])
        #expect(log.kinds.isEmpty)
        _ = (first, second)
    }

    @Test("the flow is the mapping: each action type navigates with its own step")
    func mapping() {
        let navigator = Navigator(root: TestScreen.home)
        let navigation = NavigationMiddleware<TestState, TestScreen>(
            navigator: navigator,
            routes: [
                .on(Rename.self, navigate: .present(.sheet)),
                .on(Increment.self) { action, state in .push(.detail(state.count * 10 + action.by)) },
            ]
        )
        let (store, _) = makeStore(middleware: [navigation])
        store.dispatch(action: Increment(by: 2))
        store.dispatch(action: Rename(name: "Ada"))
        // The closure got the action and the state after it.
        #expect(navigator.stacks == [[.home, .detail(22)], [.sheet]])
        #expect(navigation.step(after: Rename(name: nil), in: store.state) == .present(.sheet))
        #expect(navigation.step(after: Ping(), in: store.state) == nil)
    }

    @Test("a later route for the same action type replaces the earlier one")
    func laterRouteWins() {
        let navigator = Navigator(root: TestScreen.home)
        let navigation = NavigationMiddleware<TestState, TestScreen>(
            navigator: navigator,
            routes: [
                .on(Increment.self, navigate: .push(.detail(1))),
                .on(Increment.self, navigate: .present(.sheet)),
            ]
        )
        let (store, _) = makeStore(middleware: [navigation])
        store.dispatch(action: Increment())
        #expect(navigator.stacks == [[.home], [.sheet]])
    }

    @Test("an action that is blocked, unhandled or unmapped does not navigate")
    func noNavigationWithoutReduce() {
        let navigator = Navigator(root: TestScreen.home)
        let navigation = NavigationMiddleware<TestState, TestScreen>(
            navigator: navigator,
            routes: [
                .on(Increment.self, navigate: .push(.detail(1))),
                .on(Ping.self, navigate: .push(.detail(2))),
            ]
        )
        let (store, log) = makeStore(middleware: [navigation, Blocker<Increment>()])
        var changes = 0
        navigator.onChange = { _ in changes += 1 }
        store.dispatch(action: Increment())  // blocked further down
        store.dispatch(action: Ping())  // no reducer
        store.dispatch(action: Rename(name: "Ada"))  // reduced, but no route
        #expect(changes == 0)
        #expect(navigator.path == [.home])
        #expect(store.state.count == 0)
        #expect(store.state.name == "Ada")
        #expect(log.kinds == [.unhandledAction])
    }

    @Test("a route whose closure returns nil does not navigate")
    func closureDeclines() {
        let navigator = Navigator(root: TestScreen.home)
        let navigation = NavigationMiddleware<TestState, TestScreen>(
            navigator: navigator,
            routes: [.on(Increment.self) { _, state in state.count > 1 ? .push(.detail(state.count)) : nil }]
        )
        let (store, _) = makeStore(middleware: [navigation])
        store.dispatch(action: Increment())
        #expect(navigator.path == [.home])
        store.dispatch(action: Increment())
        #expect(navigator.path == [.home, .detail(2)])
    }

    @Test("routes of fixed steps name no type, and navigate in a store of any state")
    func fixedStepsInferTheirState() {
        let navigator = Navigator(root: TestScreen.home)
        // No generic arguments: the fixed steps read no state.
        let navigation = NavigationMiddleware(
            navigator: navigator,
            routes: [.on(Increment.self, navigate: .push(.detail(1)))]
        )
        #expect(type(of: navigation) == NavigationMiddleware<AnyStoreState, TestScreen>.self)

        let (store, log) = makeStore(middleware: [navigation])
        store.dispatch(action: Increment())
        #expect(navigator.path == [.home, .detail(1)])
        #expect(log.kinds.isEmpty)

        // The same middleware in a store of another state navigates too.
        let other = makeNavigationStore(middleware: [navigation])
        other.0.register(reducer: CountReducer.self)
        other.0.dispatch(action: Increment())
        #expect(navigator.path == [.home, .detail(1), .detail(1)])
        #expect(other.1.kinds.isEmpty)
    }

    @Test("routes that read the state run only in a store of that state, and say so elsewhere")
    func readingRoutesNameTheirState() {
        let navigator = Navigator(root: TestScreen.home)
        let navigation = NavigationMiddleware<TestState, TestScreen>(
            navigator: navigator,
            routes: [.on(Increment.self) { _, state in .push(.detail(state.count)) }]
        )
        let (store, log) = makeNavigationStore(middleware: [navigation])
        store.register(reducer: CountReducer.self)
        store.dispatch(action: Increment())
        #expect(navigator.path == [.home])
        #expect(store.state.count == 1)
        #expect(log.kinds == [.middlewareStateMismatch])
        #expect(
            log.diagnostics.first?.message
                == "NavigationMiddleware<TestState, TestScreen> expects state TestState, but the store's "
                + "state is NavState; it passed Increment on without running."
        )
    }
}

/// Counts `Increment`s in the navigation tests' other state.
private enum CountReducer: Reducer {
    static func reduce(state: NavState, with action: Increment) -> NavState {
        var state = state
        state.count += action.by
        return state
    }
}
