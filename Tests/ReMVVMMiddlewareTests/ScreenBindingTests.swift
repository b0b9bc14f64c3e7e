import Foundation
import ReMVVMMiddleware
import ReMVVMStore
import ReMVVMTesting
import Testing

// Bindings into a screen's own state, in navigation entries (register(binding:forEach:case:)):
// a set changes the part in its entry only, is an action like any other (recorded, replayed,
// kept by the history), and a set in an entry that does not show the part changes nothing.

private struct FormState: Hashable, Codable, Sendable {
    var title = ""
    var minutes = 5
}

private enum Screen: Hashable, Codable, Sendable {
    case list
    case form(FormState)
}

private struct Planner: StoreState, Equatable {
    var navigation = NavigationState(root: Screen.list)
}

@MainActor
private func register(on store: some StoreRegistering<Planner>) {
    store.register(
        binding: \FormState.title, named: "FormState.title", forEach: \.navigation, case: Screen.form)
    store.register(
        binding: \FormState.minutes, named: "FormState.minutes", forEach: \.navigation, case: Screen.form)
}

/// A planner showing the list (entry 1), a form (2), and another form above it (3).
@MainActor
private func makePlanner(middleware: [any AnyMiddleware] = []) -> (Store<Planner>, () -> [StoreDiagnostic]) {
    var state = Planner()
    state.navigation.apply(.push(.form(FormState(title: "Daily"))))
    state.navigation.apply(.present(.form(FormState(title: "Weekly"))))
    let store = Store(with: state, middleware: middleware)
    store.register(navigation: \.navigation)
    var diagnostics: [StoreDiagnostic] = []
    store.diagnosticsHandler = { diagnostics.append($0) }
    register(on: store)
    return (store, { diagnostics })
}

@MainActor
private func form(_ store: Store<Planner>, _ entry: Int) -> FormState? {
    guard case .form(let form)? = store.state.navigation[id: entry]?.screen else { return nil }
    return form
}

private let screenBindingReplayer = try! ActionReplayer(types: [
    BindingAction<String>.self, BindingAction<Int>.self,
])

@MainActor
@Suite("Bindings into a screen's state in navigation entries")
struct ScreenBindingTests {
    @Test("a set changes the part in its entry and nowhere else; get reads it")
    func setInEntry() {
        let (store, diagnostics) = makePlanner()
        let ids = store.state.navigation.entries.map(\.id)
        #expect(ids.count == 3)
        let title = store.binding(\FormState.title, entry: ids[1])
        #expect(title.get() == "Daily")
        title.set("Standup")
        store.binding(\FormState.minutes, entry: ids[2]).set(15)
        #expect(form(store, ids[1]) == FormState(title: "Standup", minutes: 5))
        #expect(form(store, ids[2]) == FormState(title: "Weekly", minutes: 15))
        #expect(title.get() == "Standup")
        #expect(diagnostics().isEmpty)
    }

    @Test("the action names the part with its screen's type and the entry")
    func actionText() {
        var traces: [ActionTrace] = []
        let tracer = Tracer(sink: TraceSink { traces.append($0) })
        let (store, _) = makePlanner(middleware: tracer.instrument([]))
        let entry = store.state.navigation.entries[1].id
        store.binding(\FormState.title, entry: entry).set("Standup")
        #expect(
            traces.map(\.action) == [
                #"BindingAction<String>(path: "FormState.title", value: "Standup", entry: \#(entry))"#
            ])
        // The same value again dispatches nothing.
        store.binding(\FormState.title, entry: entry).set("Standup")
        #expect(traces.count == 1)
    }

    @Test("an entry that is not shown, or shows another screen, changes nothing and is reported")
    func entryNotShown() {
        let (store, diagnostics) = makePlanner()
        let before = store.state
        store.dispatch(action: BindingAction(path: "FormState.title", value: "x", entry: 99))
        let list = store.state.navigation.entries[0].id
        store.dispatch(action: BindingAction(path: "FormState.title", value: "x", entry: list))
        #expect(store.state == before)
        #expect(diagnostics().map(\.kind) == [.unregisteredBinding, .unregisteredBinding])
        #expect(diagnostics().first?.message.contains("entry 99 is not shown") == true)
    }

    @Test("once its entry is gone, a binding reads the value it had when it was made")
    func entryGone() {
        let (store, _) = makePlanner()
        let top = store.state.navigation.entries[2].id
        let title = store.binding(\FormState.title, entry: top)
        store.dispatch(action: NavigationAction<Screen>.dismiss)
        #expect(store.state.navigation[id: top] == nil)
        #expect(title.get() == "Weekly")
    }

    @Test("a part registered twice, or a name taken, is refused and reported")
    func refusedTwice() {
        let (store, diagnostics) = makePlanner()
        store.register(binding: \FormState.title, named: "other", forEach: \.navigation, case: Screen.form)
        store.register(
            binding: \FormState.minutes, named: "FormState.title", forEach: \.navigation, case: Screen.form)
        #expect(diagnostics().map(\.kind) == [.invalidBinding, .invalidBinding])
    }

    @Test("recorded and replayed by the reducers alone, the entries' parts come back")
    func recordedAndReplayed() throws {
        try withTemporaryFile { file in
            let recorder = ActionRecorder(fileURL: file)
            let (store, _) = makePlanner(middleware: [recorder])
            let ids = store.state.navigation.entries.map(\.id)
            store.binding(\FormState.title, entry: ids[1]).set("Standup")
            store.binding(\FormState.minutes, entry: ids[2]).set(30)
            let log = try ActionLog(contentsOf: file)
            #expect(log.entries.map(\.typeName) == ["BindingAction<String>", "BindingAction<Int>"])
            let (replayed, _) = makePlanner()
            try screenBindingReplayer.replay(log, into: replayed)
            #expect(replayed.state == store.state)
        }
    }

    @Test("a history jump takes a set back, and forward again")
    func travelled() {
        let history = ActionHistory<Planner>()
        let (store, _) = makePlanner(middleware: [history])
        let entry = store.state.navigation.entries[1].id
        let start = store.state
        store.binding(\FormState.title, entry: entry).set("Standup")
        let after = store.state
        history.jump(to: 0)
        #expect(store.state == start)
        history.jump(to: 1)
        #expect(store.state == after)
    }

    @Test("a test store sends an entry's part and checks its change")
    func testStoreSends() async throws {
        var state = Planner()
        state.navigation.apply(.push(.form(FormState(title: "Daily"))))
        let store = TestStore(with: state)
        register(on: store)
        let entry = state.navigation.entries[1].id
        try await store.send(binding: \FormState.title, entry: entry, to: "Standup") {
            $0.navigation[id: entry]?.screen = .form(FormState(title: "Standup"))
        }
        try await store.finish()
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("the derived name is the key path's text with its screen's type")
    func derivedName() {
        let store = Store(with: Planner())
        store.register(navigation: \.navigation)
        store.register(binding: \FormState.title, forEach: \.navigation, case: Screen.form)
        store.dispatch(action: NavigationAction.push(Screen.form(FormState())))
        let entry = store.state.navigation.entries[1].id
        var seen: [String] = []
        store.diagnosticsHandler = { seen.append($0.message) }
        store.dispatch(action: BindingAction(path: "FormState.title", value: "Standup", entry: entry))
        #expect(form(store, entry)?.title == "Standup", "\(seen)")
    }
}

/// A screen enum whose form case labels its payload, as `case form(state:)`.
private enum LabeledScreen: Hashable, Sendable {
    case list
    case form(state: FormState)
}

private struct LabeledPlanner: StoreState, Equatable {
    var navigation = NavigationState(root: LabeledScreen.list)
}

@MainActor
@Suite("Bindings into a screen's state whose case labels its payload")
struct LabeledScreenBindingTests {
    @Test("a set changes the part of a case whose payload has a label, and get reads it")
    func labeledPayload() {
        var state = LabeledPlanner()
        state.navigation.apply(.push(.form(state: FormState(title: "Daily"))))
        let store = Store(with: state)
        store.register(navigation: \.navigation)
        var diagnostics: [StoreDiagnostic] = []
        store.diagnosticsHandler = { diagnostics.append($0) }
        store.register(
            binding: \FormState.title, named: "FormState.title", forEach: \.navigation,
            case: LabeledScreen.form)
        let entry = store.state.navigation.top.id
        let title = store.binding(\FormState.title, entry: entry)
        #expect(title.get() == "Daily")
        title.set("Standup")
        #expect(store.state.navigation.top.screen == .form(state: FormState(title: "Standup")))
        #expect(diagnostics.isEmpty)
    }
}
