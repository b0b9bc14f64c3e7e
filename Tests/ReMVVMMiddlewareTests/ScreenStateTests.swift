import ReMVVMMiddleware
import ReMVVMStore
import ReMVVMTesting
import Testing

// Tests screens that own their state (Sources/Middleware/Navigation/StoreRegistering+ScreenCases.swift):
// a reducer registered once with `forEach:case:id:` serves every entry of its case, and the
// tasks started for an entry end with it.

private struct Recording: Hashable, Sendable {
    var seconds = 0
}

private struct Form: Hashable, Sendable {
    var title = ""
}

private enum Screen: Hashable, Sendable {
    case list
    case record(Recording)
    case form(Form)
    case other(Form)
}

private struct App: StoreState, Equatable {
    var navigation = NavigationState(root: Screen.list)
    var saved: [String] = []
}

private struct SecondPassed: StoreAction { let entry: Int }
private struct Retitle: StoreAction {
    let entry: Int
    let title: String
}
private struct Appeared: StoreAction { let entry: Int }
private struct Saved: StoreAction { let title: String }

private enum SecondPassedReducer: Reducer {
    static func reduce(state: Recording, with action: SecondPassed) -> Recording {
        Recording(seconds: state.seconds + 1)
    }
}

private enum RetitleReducer: Reducer {
    static func reduce(state: Form, with action: Retitle) -> Form { Form(title: action.title) }
}

private enum SavedReducer: Reducer {
    static func reduce(state: App, with action: Saved) -> App {
        var state = state
        state.saved.append(action.title)
        return state
    }
}

/// When a recording screen appears, ticks every second on the store's clock until cancelled.
private struct Timer: Middleware {
    func applyMiddleware(for state: App, action: Appeared, dispatcher: Dispatcher<Appeared, App>) {
        dispatcher.next()
        dispatcher.task {
            while (try? await dispatcher.dependencies.clock.sleep(for: .seconds(1))) != nil {
                dispatcher.dispatch(action: SecondPassed(entry: action.entry))
            }
            // Cancelled: a last dispatch, which the store drops and reports.
            dispatcher.dispatch(action: Saved(title: "late"))
        }
    }
}

@MainActor
private func makeStore(clock: TestClock = TestClock()) -> (Store<App>, ReportLog) {
    let store = Store(with: App(), middleware: [Timer()]) { $0.clock = clock }
    store.register(navigation: \.navigation)
    store.register(reducer: SecondPassedReducer.self, forEach: \.navigation, case: Screen.record, id: \.entry)
    store.register(reducer: RetitleReducer.self, forEach: \.navigation, case: Screen.form, id: \.entry)
    store.register(Appeared.self, forEach: \.navigation, case: Screen.record, id: \.entry)
    store.register(reducer: SavedReducer.self)
    let log = ReportLog()
    store.diagnosticsHandler = { log.diagnostics.append($0) }
    return (store, log)
}

@MainActor
@Suite("Screens that own their state")
struct ScreenStateTests {
    @Test("an action reduces the state of the entry it names, which keeps its id and place")
    func reducesItsEntry() {
        let (store, log) = makeStore()
        store.dispatch(action: NavigationAction.push(Screen.record(Recording())))
        let entry = store.state.navigation.top
        store.dispatch(action: SecondPassed(entry: entry.id))
        store.dispatch(action: SecondPassed(entry: entry.id))
        #expect(store.state.navigation.top.screen == .record(Recording(seconds: 2)))
        #expect(store.state.navigation.top.id == entry.id)
        #expect(store.state.navigation.entries.count == 2)
        #expect(log.diagnostics.isEmpty)
    }

    @Test("one registration serves two entries of its case, each with its own state")
    func twoEntriesOfOneCase() {
        let (store, _) = makeStore()
        store.dispatch(action: NavigationAction.push(Screen.form(Form(title: "add"))))
        let add = store.state.navigation.top.id
        store.dispatch(action: NavigationAction.present(Screen.form(Form(title: "edit"))))
        let edit = store.state.navigation.top.id
        store.dispatch(action: Retitle(entry: add, title: "Added"))
        store.dispatch(action: Retitle(entry: edit, title: "Edited"))
        #expect(
            store.state.navigation.entries.map(\.screen) == [
                .list, .form(Form(title: "Added")), .form(Form(title: "Edited")),
            ])
    }

    @Test("another case with the same payload type is not matched")
    func otherCaseSamePayload() {
        let (store, log) = makeStore()
        store.dispatch(action: NavigationAction.push(Screen.other(Form(title: "x"))))
        let entry = store.state.navigation.top.id
        let before = store.state
        store.dispatch(action: Retitle(entry: entry, title: "y"))
        #expect(store.state == before)
        #expect(log.kinds == [.screenNotShown])
        #expect(log.diagnostics.first?.message.contains("entry \(entry)") == true)
    }

    @Test("a closure reduces a screen's own state, as a reducer type does, and reports another case")
    func closureReducesItsEntry() {
        let store = Store(with: App())
        store.register(navigation: \.navigation)
        store.register(Retitle.self, forEach: \.navigation, case: Screen.form, id: \.entry) { form, action in
            form.title = action.title.uppercased()
        }
        var reported: [StoreDiagnostic.Kind] = []
        store.diagnosticsHandler = { reported.append($0.kind) }
        store.dispatch(action: NavigationAction.push(Screen.form(Form(title: "a"))))
        let form = store.state.navigation.top.id
        store.dispatch(action: NavigationAction.push(Screen.other(Form(title: "b"))))
        let other = store.state.navigation.top.id
        store.dispatch(action: Retitle(entry: form, title: "x"))
        store.dispatch(action: Retitle(entry: other, title: "y"))
        #expect(
            store.state.navigation.entries.map(\.screen) == [
                .list, .form(Form(title: "X")), .other(Form(title: "b")),
            ])
        #expect(reported == [.screenNotShown])
        #expect(
            store.reduced([Retitle(entry: form, title: "z")], from: store.state).navigation[id: form]?.screen
                == .form(Form(title: "Z")))
    }

    @Test("an action for an entry that is not shown changes nothing and is reported")
    func entryNotShown() {
        let (store, log) = makeStore()
        store.dispatch(action: NavigationAction.push(Screen.record(Recording())))
        let entry = store.state.navigation.top.id
        store.dispatch(action: NavigationAction<Screen>.pop(count: 1))
        let before = store.state
        store.dispatch(action: SecondPassed(entry: entry))
        #expect(store.state == before)
        #expect(log.kinds == [.screenNotShown])
    }

    @Test("an entry changed behind the reducer's back is read again")
    func changedElsewhere() {
        let (store, _) = makeStore()
        store.dispatch(action: NavigationAction.push(Screen.record(Recording())))
        let entry = store.state.navigation.top.id
        store.dispatch(action: SecondPassed(entry: entry))
        store.dispatch(action: SecondPassed(entry: entry))
        store.dispatch(action: SecondPassed(entry: entry))
        #expect(store.state.navigation.top.screen == .record(Recording(seconds: 3)))
        let reduced = store.reduced([SecondPassed(entry: entry)], from: store.state)
        #expect(reduced.navigation.top.screen == .record(Recording(seconds: 4)))
        // Folding from an earlier state: the payload kept for the entry is newer than this one.
        var earlier = App()
        earlier.navigation.apply(.push(.record(Recording(seconds: 10))))
        let folded = store.reduced([SecondPassed(entry: entry)], from: earlier)
        #expect(folded.navigation.top.screen == .record(Recording(seconds: 11)))
    }

    @Test("a back swipe on the recorder stops its timer; what it dispatches after is dropped and reported")
    func backSwipeStopsTimer() async {
        let clock = TestClock()
        let (store, log) = makeStore(clock: clock)
        store.dispatch(action: NavigationAction.push(Screen.record(Recording())))
        let entry = store.state.navigation.top.id
        store.dispatch(action: Appeared(entry: entry))
        await clock.advance(by: .seconds(2))
        #expect(store.state.navigation.top.screen == .record(Recording(seconds: 2)))
        store.dispatch(action: NavigationAction<Screen>.synchronize(visibleCount: 1))
        await store.idle()
        await clock.advance(by: .seconds(5))
        #expect(store.state.navigation.entries.map(\.screen) == [.list])
        #expect(store.state.saved.isEmpty)
        #expect(log.kinds == [.actionFromGonePlace])
        #expect(log.diagnostics.first?.message.contains("the entry \(entry) of") == true)
        #expect(log.diagnostics.first?.message.contains("Saved") == true)
    }

    @Test("the tasks of an entry that stays keep running when another entry goes")
    func otherEntriesKeepTheirTasks() async {
        let clock = TestClock()
        let (store, log) = makeStore(clock: clock)
        store.dispatch(action: NavigationAction.push(Screen.record(Recording())))
        let kept = store.state.navigation.top.id
        store.dispatch(action: Appeared(entry: kept))
        store.dispatch(action: NavigationAction.present(Screen.record(Recording())))
        let gone = store.state.navigation.top.id
        store.dispatch(action: Appeared(entry: gone))
        await clock.advance(by: .seconds(1))
        store.dispatch(action: NavigationAction<Screen>.dismiss)
        await clock.advance(by: .seconds(2))
        #expect(store.state.navigation.top.id == kept)
        #expect(store.state.navigation.top.screen == .record(Recording(seconds: 3)))
        #expect(log.kinds == [.actionFromGonePlace])
        store.dispatch(action: NavigationAction<Screen>.popToRoot)
        await store.idle()
        #expect(log.kinds == [.actionFromGonePlace, .actionFromGonePlace])
    }

    @Test("an action that only starts work is not held pending and reports no missing reducer")
    func appearedIsNotHeld() async throws {
        let clock = TestClock()
        let store = TestStore(with: App(), middleware: [Timer()]) { $0.clock = clock }
        store.register(navigation: \.navigation)
        store.register(
            reducer: SecondPassedReducer.self, forEach: \.navigation, case: Screen.record, id: \.entry)
        store.register(Appeared.self, forEach: \.navigation, case: Screen.record, id: \.entry)
        store.register(reducer: SavedReducer.self)
        try await store.send(NavigationAction.push(Screen.record(Recording()))) {
            $0.navigation.apply(.push(.record(Recording())))
        }
        let entry = store.store.state.navigation.top.id
        try await store.send(Appeared(entry: entry))
        await clock.advance(by: .seconds(1))
        try await store.receive(SecondPassed.self) {
            $0.navigation[id: entry]?.screen = .record(Recording(seconds: 1))
        }
        try await store.send(NavigationAction<Screen>.pop(count: 1)) { $0.navigation.apply(.pop(count: 1)) }
        try await store.finish()
    }

    @Test("an action that only starts work for an entry not shown is reported")
    func appearedNotShown() {
        let (store, log) = makeStore()
        store.dispatch(action: Appeared(entry: 42))
        #expect(log.kinds == [.screenNotShown])
    }
}
