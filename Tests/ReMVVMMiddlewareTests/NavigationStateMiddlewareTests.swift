import ReMVVMStore
import Testing

@testable import ReMVVMMiddleware

@MainActor
@Suite struct NavigationStateMiddlewareTests {
    /// What the UI was handed, one line per change, and the top it was told.
    @MainActor
    final class UI {
        var lines: [String] = []
        var calls = 0
        var tops: [Page] = []

        func middleware() -> NavigationStateMiddleware<NavState, Page> {
            NavigationStateMiddleware(at: \NavState.navigation) { [self] changes, navigation in
                calls += 1
                tops.append(navigation.top.screen)
                for change in changes {
                    switch change {
                    case .pushed(let entry): lines.append("push \(entry.screen) #\(entry.id)")
                    case .popped(let entry): lines.append("pop \(entry.screen) #\(entry.id)")
                    case .presented(let entry): lines.append("present \(entry.screen) #\(entry.id)")
                    case .dismissed(let entry): lines.append("dismiss \(entry.screen) #\(entry.id)")
                    }
                }
            }
        }
    }

    @Test("each action hands the UI its changes, in order")
    func eachAction() {
        let ui = UI()
        let (store, _) = makeNavigationStore(middleware: [ui.middleware()])
        store.dispatch(action: NavigationAction.push(Page.list))
        store.dispatch(action: NavigationAction.push(Page.detail(1)))
        store.dispatch(action: NavigationAction.present(Page.sheet))
        store.dispatch(action: NavigationAction.push(Page.detail(2)))
        store.dispatch(action: NavigationAction<Page>.dismiss)
        store.dispatch(action: NavigationAction<Page>.pop(count: 2))
        #expect(
            ui.lines == [
                "push list #2", "push detail(1) #3", "present sheet #4", "push detail(2) #5",
                "dismiss sheet #4", "pop detail(1) #3", "pop list #2",
            ])
        #expect(ui.calls == 6)
        #expect(ui.tops == [.list, .detail(1), .sheet, .detail(2), .detail(1), .home])
    }

    @Test("a deep link: what leaves first, the top first, then the new screens from the root")
    func deepLink() {
        let ui = UI()
        let (store, _) = makeNavigationStore(middleware: [ui.middleware()])
        store.dispatch(action: NavigationAction.push(Page.list))
        store.dispatch(action: NavigationAction.present(Page.sheet))
        ui.lines = []
        store.dispatch(action: NavigationAction.replace([Page.list, .detail(9)]))
        #expect(
            ui.lines == [
                "dismiss sheet #3", "pop list #2", "pop home #1", "push list #4", "push detail(9) #5",
            ])
    }

    @Test("a deep link to sheets: the old leave, then the new root stack, then each modal presented in order")
    func deepLinkWithModals() {
        let ui = UI()
        let (store, _) = makeNavigationStore(middleware: [ui.middleware()])
        store.dispatch(action: NavigationAction.push(Page.list))
        store.dispatch(action: NavigationAction.present(Page.sheet))
        store.dispatch(action: NavigationAction.push(Page.detail(1)))
        ui.lines = []
        let calls = ui.calls
        store.dispatch(
            action: NavigationAction.replace(
                [Page.list, .detail(9)], presenting: [[.sheet, .detail(10)], [.list]]))
        #expect(
            ui.lines == [
                "dismiss sheet #3", "pop list #2", "pop home #1",
                "push list #5", "push detail(9) #6", "present sheet #7", "push detail(10) #8",
                "present list #9",
            ])
        #expect(ui.calls == calls + 1)
        #expect(ui.tops.last == .list)
        // The next dismiss closes the top modal of the link.
        ui.lines = []
        store.dispatch(action: NavigationAction<Page>.dismiss)
        #expect(ui.lines == ["dismiss list #9"])
    }

    @Test("a refused deep link to a sheet hands the UI nothing")
    func refusedDeepLinkWithModals() {
        let ui = UI()
        let (store, log) = makeNavigationStore(middleware: [ui.middleware()])
        store.dispatch(action: NavigationAction.push(Page.list))
        let calls = ui.calls
        store.dispatch(action: NavigationAction.replace([Page.list], presenting: [[]]))
        #expect(ui.calls == calls)
        #expect(store.state.navigation.screens == [[.home, .list]])
        #expect(log.kinds == [.impossibleNavigation])
    }

    @Test("after the UI went back by itself, nothing is handed back, and later changes start from there")
    func synchronize() {
        let ui = UI()
        let (store, _) = makeNavigationStore(middleware: [ui.middleware()])
        store.dispatch(action: NavigationAction.push(Page.list))
        store.dispatch(action: NavigationAction.push(Page.detail(1)))
        ui.lines = []
        let calls = ui.calls
        store.dispatch(action: NavigationAction<Page>.synchronize(visibleCount: 2))
        #expect(ui.calls == calls)
        #expect(store.state.navigation.screens == [[.home, .list]])
        store.dispatch(action: NavigationAction<Page>.pop(count: 1))
        #expect(ui.lines == ["pop list #2"])
    }

    @Test(
        "any reducer that changes the navigation is handed over; others, blocked and refused actions are not")
    func otherReducers() {
        let ui = UI()
        let (store, _) = makeNavigationStore(
            middleware: [ui.middleware(), Blocking<NavigationAction<Page>>(when: .push(.sheet))])
        store.dispatch(action: NavigationAction.present(Page.sheet))
        store.dispatch(action: NavigationAction.push(Page.list))
        ui.lines = []
        let calls = ui.calls
        store.dispatch(action: Tick())
        store.dispatch(action: NavigationAction.push(Page.sheet))  // blocked
        store.dispatch(action: NavigationAction<Page>.pop(count: 5))  // refused
        #expect(ui.calls == calls)
        store.dispatch(action: SignOut())
        #expect(ui.lines == ["dismiss sheet #2"])
    }

    @Test("a jump, which no action brings, hands the UI the way back, and the next action starts there")
    func jump() {
        let ui = UI()
        let middleware = ui.middleware()
        let history = ActionHistory<NavState>()
        let (store, _) = makeNavigationStore(middleware: [middleware, history])
        store.dispatch(action: NavigationAction.push(Page.list))
        store.dispatch(action: NavigationAction.push(Page.detail(1)))
        ui.lines = []
        history.jump(to: 0)
        #expect(ui.lines == ["pop detail(1) #3", "pop list #2"])
        #expect(middleware.shownNavigation == store.state.navigation)
        // A jump to where the UI is already hands nothing.
        let calls = ui.calls
        history.jump(to: 0)
        #expect(ui.calls == calls)
        // The next action's changes start from the root the UI now shows, not from the detail.
        ui.lines = []
        store.dispatch(action: NavigationAction.push(Page.list))
        #expect(ui.lines == ["push list #2"])
        // A skip is handed over too: without the push (action 1 now), the root again.
        ui.lines = []
        history.skip(1)
        #expect(ui.lines == ["pop list #2"])
    }

    @Test("the UI is handed the changes after every subscriber saw the state, popped view models gone")
    func afterSubscribers() throws {
        var events: [String] = []
        weak var popped: PageViewModel?
        let middleware = NavigationStateMiddleware(at: \NavState.navigation) { changes, _ in
            events.append("handed \(changes.count), view model \(popped == nil ? "gone" : "alive")")
        }
        let (store, _) = makeNavigationStore(middleware: [middleware])
        store.dispatch(action: NavigationAction.push(Page.list))
        do {
            let made: PageViewModel = try #require(store.viewModel(for: store.state.navigation.top))
            popped = made
        }
        let subscription = store.subscribe(to: \.self) { _, _ in events.append("subscriber") }
        events = []
        store.dispatch(action: NavigationAction<Page>.pop(count: 1))
        #expect(events == ["subscriber", "handed 1, view model gone"])
        #expect(middleware.shownNavigation == store.state.navigation)
        _ = subscription
    }
}

/// Blocks the navigation action equal to `blocked`.
struct Blocking<Action: StoreAction & Equatable>: Middleware {
    let blocked: Action

    init(when blocked: Action) {
        self.blocked = blocked
    }

    func applyMiddleware(for state: NavState, action: Action, dispatcher: Dispatcher<Action, NavState>) {
        if action != blocked { dispatcher.next() }
    }
}
