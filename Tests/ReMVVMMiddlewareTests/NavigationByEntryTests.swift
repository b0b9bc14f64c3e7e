import Foundation
import ReMVVMStore
import Testing

@testable import ReMVVMMiddleware

/// Reaching an entry by its identifier: `NavigationState[id:]`, `NavigationAction.popTo(id:)`
/// and `NavigationAction.close(id:)`.
@MainActor
@Suite struct NavigationByEntryTests {
    /// Stacks `[[1 home, 2 list, 3 detail(1)], [4 sheet, 5 detail(2)], [6 list]]`.
    static func layered() -> NavigationState<Page> {
        var navigation = NavigationState(root: Page.home)
        navigation.apply(.push(.list))
        navigation.apply(.push(.detail(1)))
        navigation.apply(.present(.sheet))
        navigation.apply(.push(.detail(2)))
        navigation.apply(.present(.list))
        return navigation
    }

    /// A store showing ``layered()``, with its diagnostics log.
    static func layeredStore(middleware: [AnyMiddleware] = []) -> (Store<NavState>, ReportLog) {
        let (store, log) = makeNavigationStore(middleware: middleware)
        store.dispatch(action: NavigationAction.push(Page.list))
        store.dispatch(action: NavigationAction.push(Page.detail(1)))
        store.dispatch(action: NavigationAction.present(Page.sheet))
        store.dispatch(action: NavigationAction.push(Page.detail(2)))
        store.dispatch(action: NavigationAction.present(Page.list))
        return (store, log)
    }

    // MARK: - The subscript

    @Test("the subscript reads the entry with that identifier, and nil for one not shown")
    func subscriptGet() {
        var navigation = Self.layered()
        #expect(navigation[id: 3] == NavigationEntry(screen: .detail(1), id: 3))
        #expect(navigation[id: 1]?.screen == .home)
        #expect(navigation[id: 6]?.screen == .list)
        #expect(navigation[id: 7] == nil)
        #expect(navigation[id: 0] == nil)
        navigation.apply(.dismiss)
        #expect(navigation[id: 6] == nil)
    }

    @Test("setting an entry's screen replaces it in place: same identifier, same place, stacks kept")
    func subscriptSetScreen() {
        var navigation = Self.layered()
        navigation[id: 3]?.screen = .detail(42)
        #expect(navigation.screens == [[.home, .list, .detail(42)], [.sheet, .detail(2)], [.list]])
        #expect(navigation.ids == [[1, 2, 3], [4, 5], [6]])
        // A modal's first entry stays its first.
        navigation[id: 4]?.screen = .home
        #expect(navigation.screens == [[.home, .list, .detail(42)], [.home, .detail(2)], [.list]])
        // The numbering goes on: no identifier was taken.
        navigation.apply(.push(.sheet))
        #expect(navigation.top.id == 7)
    }

    @Test("a set entry keeps the old identifier whatever the new value says")
    func subscriptSetOtherID() {
        var navigation = Self.layered()
        navigation[id: 2] = NavigationEntry(screen: .sheet, id: 99)
        #expect(navigation[id: 2]?.screen == .sheet)
        #expect(navigation[id: 99] == nil)
        #expect(navigation.ids == [[1, 2, 3], [4, 5], [6]])
    }

    @Test("setting an entry that is not shown changes nothing")
    func subscriptSetUnknown() {
        var navigation = Self.layered()
        let before = navigation
        navigation[id: 9]?.screen = .sheet
        navigation[id: 9] = NavigationEntry(screen: .sheet, id: 9)
        navigation[id: 9] = nil
        #expect(navigation == before)
    }

    @Test(
        "setting nil closes the entry with every entry above it, as close(id:) does; the root stays",
        arguments: [1, 2, 3, 4, 5, 6, 7])
    func subscriptSetNil(id: Int) {
        var bySubscript = Self.layered()
        var byAction = Self.layered()
        bySubscript[id: id] = nil
        byAction.apply(.close(id: id))
        #expect(bySubscript == byAction)
        if id == 1 || id == 7 { #expect(bySubscript == Self.layered()) }
    }

    // MARK: - popTo(id:)

    @Test("popTo within the top stack pops the entries above it")
    func popToInTopStack() {
        var navigation = NavigationState(root: Page.home)
        navigation.apply(.push(.list))
        navigation.apply(.push(.detail(1)))
        navigation.apply(.push(.detail(2)))
        let met = navigation.apply(.popTo(id: 2))
        #expect(met)
        #expect(navigation.screens == [[.home, .list]])
        #expect(navigation.top.id == 2)
    }

    @Test("popTo an entry under modals dismisses the modals over it, and its own stack keeps it")
    func popToUnderModal() {
        let (store, log) = Self.layeredStore()
        store.dispatch(action: NavigationAction<Page>.popTo(id: 2))
        #expect(store.state.navigation.ids == [[1, 2]])
        #expect(log.kinds.isEmpty)

        // To a modal's first entry: that modal stays, the screens pushed on it and the modals
        // over it go.
        let (other, _) = Self.layeredStore()
        other.dispatch(action: NavigationAction<Page>.popTo(id: 4))
        #expect(other.state.navigation.ids == [[1, 2, 3], [4]])
        #expect(other.state.navigation.screens == [[.home, .list, .detail(1)], [.sheet]])
    }

    @Test("popTo the top entry is allowed and changes nothing")
    func popToTop() {
        var navigation = Self.layered()
        #expect(navigation.problem(with: .popTo(id: 6)) == nil)
        let met = navigation.apply(.popTo(id: 6))
        #expect(met)
        #expect(navigation == Self.layered())
    }

    @Test("popTo or close of an entry not shown changes nothing and is reported, naming the entry")
    func unknownEntry() {
        let actions: [(NavigationAction<Page>, String)] = [
            (
                .popTo(id: 7),
                "NavigationAction<Page>.popTo(id: 7): cannot pop to entry 7: no entry with that id is shown "
                    + "(shown: 1, 2, 3, 4, 5, 6). The navigation did not change."
            ),
            (
                .close(id: 0),
                "NavigationAction<Page>.close(id: 0): cannot close entry 0: no entry with that id is shown "
                    + "(shown: 1, 2, 3, 4, 5, 6). The navigation did not change."
            ),
        ]
        for (action, message) in actions {
            let (store, log) = Self.layeredStore()
            var changes = 0
            let subscription = store.subscribe(to: \.navigation) { _, _ in changes += 1 }
            let before = store.state
            store.dispatch(action: action)
            #expect(store.state == before)
            #expect(changes == 0)
            #expect(log.kinds == [.impossibleNavigation])
            #expect(log.diagnostics.first?.message == message)
            _ = subscription
        }
    }

    @Test("an entry that left is not shown any more: a pop to it is refused")
    func entryThatLeft() {
        var navigation = Self.layered()
        navigation.apply(.dismiss)
        #expect(navigation.problem(with: .popTo(id: 6)) != nil)
        let met = navigation.apply(.popTo(id: 6))
        #expect(!met)
        #expect(navigation.ids == [[1, 2, 3], [4, 5]])
    }

    // MARK: - close(id:)

    @Test("close of a pushed entry pops it with every entry above it")
    func closePushed() {
        let (store, log) = Self.layeredStore()
        store.dispatch(action: NavigationAction<Page>.dismiss)
        store.dispatch(action: NavigationAction<Page>.dismiss)
        store.dispatch(action: NavigationAction<Page>.close(id: 2))
        #expect(store.state.navigation.ids == [[1]])
        #expect(log.kinds.isEmpty)

        // Under a modal: the modals above go too.
        let (other, _) = Self.layeredStore()
        other.dispatch(action: NavigationAction<Page>.close(id: 5))
        #expect(other.state.navigation.ids == [[1, 2, 3], [4]])
    }

    @Test("close of a modal's first entry dismisses that modal, and the modals over it")
    func closeModal() {
        let (store, log) = Self.layeredStore()
        store.dispatch(action: NavigationAction<Page>.close(id: 4))
        #expect(store.state.navigation.ids == [[1, 2, 3]])
        #expect(store.state.navigation.top.screen == .detail(1))
        #expect(log.kinds.isEmpty)
    }

    @Test("close of the root entry is impossible: nothing changes, and the message says why")
    func closeRoot() {
        let (store, log) = Self.layeredStore()
        let before = store.state
        store.dispatch(action: NavigationAction<Page>.close(id: 1))
        #expect(store.state == before)
        #expect(log.kinds == [.impossibleNavigation])
        #expect(
            log.diagnostics.first?.message
                == "NavigationAction<Page>.close(id: 1): cannot close entry 1: it is the root, which always "
                + "stays (replace makes a new root). The navigation did not change.")
    }

    @Test("closing an entry lets go of the view models of it and of every entry above it")
    func closeReleasesViewModels() throws {
        let (store, _) = Self.layeredStore()
        weak var closed: PageViewModel?
        weak var above: PageViewModel?
        let third = try #require(store.state.navigation[id: 3])
        let fourth = try #require(store.state.navigation[id: 4])
        let below: PageViewModel = try #require(store.viewModel(for: third))
        do {
            let closedMade: PageViewModel = try #require(store.viewModel(for: fourth))
            let aboveMade: PageViewModel = try #require(store.viewModel(for: store.state.navigation.top))
            closed = closedMade
            above = aboveMade
        }
        store.dispatch(action: NavigationAction<Page>.close(id: 4))
        #expect(closed == nil)
        #expect(above == nil)
        let again: PageViewModel? = store.viewModel(for: third)
        #expect(again === below)
    }

    // MARK: - The UI hand-off

    /// What the UI was handed, one line per change.
    @MainActor
    final class HandedOver {
        var lines: [String] = []

        func middleware() -> NavigationStateMiddleware<NavState, Page> {
            NavigationStateMiddleware(at: \NavState.navigation) { [self] changes, _ in
                for change in changes {
                    switch change {
                    case .pushed(let entry): lines.append("push #\(entry.id)")
                    case .popped(let entry): lines.append("pop #\(entry.id)")
                    case .presented(let entry): lines.append("present #\(entry.id)")
                    case .dismissed(let entry): lines.append("dismiss #\(entry.id)")
                    }
                }
            }
        }
    }

    @Test(
        "the UI is handed popTo and close as pops and dismissals, the top first",
        arguments: [
            (NavigationAction<Page>.popTo(id: 2), ["dismiss #6", "dismiss #4", "pop #3"]),
            (.popTo(id: 4), ["dismiss #6", "pop #5"]),
            (.popTo(id: 6), []),
            (.close(id: 4), ["dismiss #6", "dismiss #4"]),
            (.close(id: 5), ["dismiss #6", "pop #5"]),
            (.close(id: 2), ["dismiss #6", "dismiss #4", "pop #3", "pop #2"]),
            (.close(id: 1), []),
        ])
    func handedToTheUI(action: NavigationAction<Page>, expected: [String]) {
        let ui = HandedOver()
        let (store, _) = Self.layeredStore(middleware: [ui.middleware()])
        ui.lines = []
        store.dispatch(action: action)
        #expect(ui.lines == expected)
    }

    @Test("a screen changed in place hands the UI nothing: no entry came or went")
    func screenChangedInPlace() {
        let ui = HandedOver()
        let (store, _) = Self.layeredStore(middleware: [ui.middleware()])
        store.register(reducer: RenameTopReducer.self)
        ui.lines = []
        store.dispatch(action: RenameTop(page: .detail(9)))
        #expect(store.state.navigation.top == NavigationEntry(screen: .detail(9), id: 6))
        #expect(ui.lines.isEmpty)
    }

    // MARK: - Writing and reading the actions

    @Test("the new cases describe themselves, encode and decode, and are written as code")
    func describedCodableAndWritten() throws {
        let actions: [NavigationAction<Page>] = [.popTo(id: 4), .close(id: 12)]
        #expect(
            actions.map(\.description) == [
                "NavigationAction<Page>.popTo(id: 4)", "NavigationAction<Page>.close(id: 12)",
            ])
        #expect(
            actions.map { SwiftValueCode.code(for: $0) }
                == ["NavigationAction<Page>.popTo(id: 4)", "NavigationAction<Page>.close(id: 12)"])
        for action in actions {
            let data = try JSONEncoder().encode(action)
            #expect(try JSONDecoder().decode(NavigationAction<Page>.self, from: data) == action)
        }
        let logged = #"{"close":{"id":3}}"#
        #expect(
            try JSONDecoder().decode(NavigationAction<Page>.self, from: Data(logged.utf8)) == .close(id: 3))
    }

    @Test("a pop to an entry is recorded and replayed by the reducers to the same state")
    func recordedAndReplayed() throws {
        try withTemporaryFile { (url: URL) throws in
            let recorder = ActionRecorder(fileURL: url)
            let (store, _) = makeNavigationStore(middleware: [recorder])
            store.dispatch(action: NavigationAction.push(Page.list))
            store.dispatch(action: NavigationAction.present(Page.sheet))
            store.dispatch(action: NavigationAction.push(Page.detail(1)))
            store.dispatch(action: NavigationAction<Page>.popTo(id: 2))
            store.dispatch(action: NavigationAction.push(Page.detail(2)))
            store.dispatch(action: NavigationAction<Page>.close(id: 5))
            withExtendedLifetime(recorder) {}

            let replayer = try ActionReplayer(types: [NavigationAction<Page>.self])
            let (again, _) = makeNavigationStore()
            try replayer.replay(try ActionLog(contentsOf: url), into: again)
            #expect(again.state == store.state)
            #expect(again.state.navigation.ids == [[1, 2]])
        }
    }

    @Test("an exported session sets a screen changed in place through its entry's identifier")
    func exportedScreenChange() throws {
        try withTemporaryFile { (url: URL) throws in
            let recorder = ActionRecorder(fileURL: url)
            let (store, _) = makeNavigationStore(middleware: [recorder])
            store.register(reducer: RenameTopReducer.self)
            store.dispatch(action: NavigationAction.push(Page.list))
            store.dispatch(action: RenameTop(page: .detail(9)))
            store.dispatch(action: NavigationAction<Page>.close(id: 2))
            withExtendedLifetime(recorder) {}

            let (fresh, _) = makeNavigationStore()
            fresh.register(reducer: RenameTopReducer.self)
            let exporter = SessionTestExporter(
                replayer: try ActionReplayer(types: [NavigationAction<Page>.self, RenameTop.self]),
                makeStore: "makeStore()")
            let source = try exporter.source(for: try ActionLog(contentsOf: url), from: fresh)
            #expect(source.contains("try await store.send(RenameTop(page: Page.detail(9))) {"), "\(source)")
            #expect(source.contains("$0.navigation[id: 2]?.screen = Page.detail(9)"), "\(source)")
            #expect(
                source.contains("try await store.send(NavigationAction<Page>.close(id: 2)) {"), "\(source)")
            #expect(source.contains("$0.navigation.apply(.pop(count: 1))"), "\(source)")
        }
    }
}

/// Changes the top entry's screen in place, from a reducer of the whole state.
struct RenameTop: StoreAction, Equatable, Codable {
    let page: Page
}

struct RenameTopReducer: Reducer {
    static func reduce(state: NavState, with action: RenameTop) -> NavState {
        var state = state
        state.navigation[id: state.navigation.top.id]?.screen = action.page
        return state
    }
}
