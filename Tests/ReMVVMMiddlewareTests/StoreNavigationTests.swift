import ReMVVMStore
import ReMVVMTesting
import Testing

@testable import ReMVVMMiddleware

/// `Store.register(navigation:)` and `Store.viewModel(for:key:)` for navigation entries.
@MainActor
@Suite struct StoreNavigationTests {
    @Test("a view model for an entry is the same instance while the entry is shown")
    func sameInstance() throws {
        let (store, log) = makeNavigationStore()
        store.dispatch(action: NavigationAction.push(Page.list))
        let entry = store.state.navigation.top

        let first: PageViewModel = try #require(store.viewModel(for: entry))
        store.dispatch(action: Tick())
        store.dispatch(action: NavigationAction.present(Page.sheet))
        let again: PageViewModel? = store.viewModel(for: entry)
        let keyed: PageViewModel? = store.viewModel(for: entry, key: "other")

        #expect(again === first)
        #expect(keyed != nil && keyed !== first)
        // Subscribed as any StoreSubscriber view model: it saw both changes after it was made.
        #expect(first.changesSeen == 2)
        #expect(log.kinds.isEmpty)
    }

    @Test("a view model is released in the dispatch that pops its entry: not before, not later")
    func releasedInThePoppingDispatch() throws {
        let (store, _) = makeNavigationStore()
        store.dispatch(action: NavigationAction.push(Page.list))
        let entry = store.state.navigation.top
        weak var released: PageViewModel?
        var seenInsidePop: [Bool] = []
        do {
            let made: PageViewModel = try #require(store.viewModel(for: entry))
            released = made
        }
        // Nothing else holds it, but the entry is shown: the store keeps it.
        #expect(released != nil)
        store.dispatch(action: Tick())
        store.dispatch(action: NavigationAction.present(Page.sheet))
        store.dispatch(action: NavigationAction<Page>.dismiss)
        #expect(released != nil)
        let subscribersBefore = store.subscriberCount

        // A subscriber added after the registration sees the popping change: by then it is gone.
        let watcher = store.subscribe(to: \.self) { _, _ in seenInsidePop.append(released == nil) }
        store.dispatch(action: NavigationAction<Page>.pop(count: 1))

        #expect(released == nil)
        #expect(seenInsidePop == [true])
        #expect(store.subscriberCount == subscribersBefore)  // the watcher came, the view model went
        _ = watcher
    }

    @Test("a view model still held elsewhere is unsubscribed when its entry leaves")
    func unsubscribedWhenItsEntryLeaves() throws {
        let (store, _) = makeNavigationStore()
        store.dispatch(action: NavigationAction.present(Page.sheet))
        let viewModel: PageViewModel = try #require(store.viewModel(for: store.state.navigation.top))
        store.dispatch(action: Tick())
        #expect(viewModel.changesSeen == 1)

        store.dispatch(action: NavigationAction<Page>.dismiss)
        store.dispatch(action: Tick())

        // Not told about the dismiss that removed its entry, nor anything after.
        #expect(viewModel.changesSeen == 1)
    }

    @Test("the same screen pushed twice has two view models; popping one keeps the other")
    func samePushedTwice() throws {
        let (store, _) = makeNavigationStore()
        store.dispatch(action: NavigationAction.push(Page.list))
        let lower = store.state.navigation.top
        store.dispatch(action: NavigationAction.push(Page.list))
        let upper = store.state.navigation.top
        weak var upperViewModel: PageViewModel?
        let lowerViewModel: PageViewModel = try #require(store.viewModel(for: lower))
        do {
            let made: PageViewModel = try #require(store.viewModel(for: upper))
            #expect(made !== lowerViewModel)
            upperViewModel = made
        }

        store.dispatch(action: NavigationAction<Page>.pop(count: 1))

        #expect(upperViewModel == nil)
        let stillLower: PageViewModel? = store.viewModel(for: lower)
        #expect(stillLower === lowerViewModel)
    }

    @Test(
        "every way an entry leaves releases its view models: dismiss, popToRoot, replace, synchronize, another reducer"
    )
    func everyWayOut() throws {
        let actions: [any StoreAction] = [
            NavigationAction<Page>.dismiss, NavigationAction<Page>.popToRoot,
            NavigationAction.replace([Page.home]), NavigationAction<Page>.synchronize(visibleCount: 2),
            SignOut(),
        ]
        for action in actions {
            let (store, _) = makeNavigationStore()
            store.dispatch(action: NavigationAction.push(Page.list))
            store.dispatch(action: NavigationAction.present(Page.sheet))
            store.dispatch(action: NavigationAction.push(Page.detail(1)))
            weak var modal: PageViewModel?
            do {
                let made: PageViewModel = try #require(store.viewModel(for: store.state.navigation.top))
                modal = made
            }
            store.dispatch(action: action)
            #expect(modal == nil, "\(action)")
        }
    }

    @Test("no view model for an entry that is not shown, nor without a registered navigation")
    func entryNotShown() throws {
        let (store, log) = makeNavigationStore()
        store.dispatch(action: NavigationAction.push(Page.list))
        let gone = store.state.navigation.top
        store.dispatch(action: NavigationAction<Page>.pop(count: 1))

        let late: PageViewModel? = store.viewModel(for: gone)
        #expect(late == nil)
        #expect(log.kinds == [.navigationEntryNotShown])
        #expect(log.diagnostics.first?.message.contains("not on display") == true)

        let plain = Store(with: NavState())
        var reported: [StoreDiagnostic] = []
        plain.diagnosticsHandler = { reported.append($0) }
        let unregistered: PageViewModel? = plain.viewModel(for: plain.state.navigation.top)
        #expect(unregistered == nil)
        #expect(reported.map(\.kind) == [.navigationEntryNotShown])
        #expect(reported.first?.message.contains("store.register(navigation:)") == true)
    }

    @Test("an undo that brings an entry back gives it a new view model")
    func restoredEntry() throws {
        let history = UndoHistory<NavState>(limit: 10)
        let (store, _) = makeNavigationStore(middleware: [history])
        history.register(on: store)
        store.dispatch(action: NavigationAction.push(Page.list))
        let entry = store.state.navigation.top
        weak var first: PageViewModel?
        do {
            let made: PageViewModel = try #require(store.viewModel(for: entry))
            first = made
        }
        store.dispatch(action: NavigationAction<Page>.pop(count: 1))
        #expect(first == nil)
        store.dispatch(action: UndoAction())
        #expect(store.state.navigation.top == entry)
        let second: PageViewModel? = store.viewModel(for: entry)
        #expect(second != nil)
    }

    @Test("a TestStore flow: sends and receives navigation, refused requests assert no change")
    func testStoreFlow() async throws {
        let store = TestStore(with: NavState(), middleware: [OpenDetailOnTick()])
        store.register(navigation: \.navigation)
        store.register(reducer: TickReducer.self)
        store.store.diagnosticsHandler = { _ in }

        try await store.send(NavigationAction.push(Page.list)) { $0.navigation.apply(.push(.list)) }
        try await store.send(Tick()) { $0.count = 1 }
        try await store.receive(NavigationAction<Page>.self) { $0.navigation.apply(.push(.detail(1))) }
        try await store.send(NavigationAction<Page>.dismiss)  // refused: nothing changes
        try await store.send(NavigationAction<Page>.synchronize(visibleCount: 1)) {
            $0.navigation.apply(.popToRoot)
        }
        #expect(store.store.state.navigation.screens == [[.home]])
        try await store.finish()

        // A wrong expectation fails: the push makes the entry 4, not a copy of the state before.
        let failure = await caughtTestStoreFailure {
            try await store.send(NavigationAction.push(Page.sheet)) { $0.navigation.apply(.present(.sheet)) }
        }
        #expect(failure != nil)
    }

    @Test("a navigation reached through a computed property reduces and reports as a stored one")
    func computedKeyPath() {
        let store = Store(with: BoxedNavState())
        store.register(navigation: \.navigation)
        var reported: [StoreDiagnostic.Kind] = []
        store.diagnosticsHandler = { reported.append($0.kind) }
        store.dispatch(action: NavigationAction.push(Page.list))
        store.dispatch(action: NavigationAction<Page>.dismiss)
        #expect(store.state.navigation.screens == [[.home, .list]])
        #expect(reported == [.impossibleNavigation])
    }
}

/// Keeps its navigation in a box, reached through a computed property (no inline offset).
struct BoxedNavState: StoreState {
    final class Box: Sendable {
        let navigation: NavigationState<Page>
        init(_ navigation: NavigationState<Page>) { self.navigation = navigation }
    }
    var box = Box(NavigationState(root: .home))
    var navigation: NavigationState<Page> {
        get { box.navigation }
        set { box = Box(newValue) }
    }
}

/// Opens the detail of the count after every tick.
struct OpenDetailOnTick: Middleware {
    func applyMiddleware(for state: NavState, action: Tick, dispatcher: Dispatcher<Tick, NavState>) {
        dispatcher.next { state in
            dispatcher.dispatch(action: NavigationAction.push(Page.detail(state.count)))
        }
    }
}
