import ReMVVMStore
import ReMVVMTesting
import Testing

// Tests the tasks that end with their place (Sources/Store/Places/) for rows (`forEach`) and
// optional parts (`ifLet`), and actions that only start work
// (Sources/Store/Core/StoreRegistering+ActionsWithoutReducer.swift).

private struct Row: Identifiable, Equatable, Sendable {
    let id: Int
    var loaded = 0
}

private struct Editor: Equatable, Sendable {
    var saves = 0
}

private struct Rows: StoreState, Equatable {
    var rows: IdentifiedArray<Row> = [Row(id: 1), Row(id: 2)]
    var editor: Editor? = Editor()
    var log: [String] = []
}

/// Starts a load of its row that ends after 1 s on the clock.
private struct LoadRow: StoreAction { let rowID: Int }
/// The load of a row ended.
private struct RowLoaded: StoreAction { let rowID: Int }
/// Starts the editor's autosave, every second.
private struct EditorOpened: StoreAction {}
private struct Autosaved: StoreAction {}
private struct RemoveRow: StoreAction { let rowID: Int }
private struct CloseEditor: StoreAction {}
private struct Appeared: StoreAction {}
private struct Noted: StoreAction { let text: String }

private enum RowLoadedReducer: Reducer {
    static func reduce(state: Row, with action: RowLoaded) -> Row {
        Row(id: state.id, loaded: state.loaded + 1)
    }
}

private enum AutosavedReducer: Reducer {
    static func reduce(state: Editor, with action: Autosaved) -> Editor { Editor(saves: state.saves + 1) }
}

private enum RemoveRowReducer: Reducer {
    static func reduce(state: Rows, with action: RemoveRow) -> Rows {
        var state = state
        state.rows.remove(id: action.rowID)
        return state
    }
}

private enum CloseEditorReducer: Reducer {
    static func reduce(state: Rows, with action: CloseEditor) -> Rows {
        var state = state
        state.editor = nil
        return state
    }
}

private enum NotedReducer: Reducer {
    static func reduce(state: Rows, with action: Noted) -> Rows {
        var state = state
        state.log.append(action.text)
        return state
    }
}

private struct RowLoader: Middleware {
    func applyMiddleware(for state: Rows, action: LoadRow, dispatcher: Dispatcher<LoadRow, Rows>) {
        dispatcher.next()
        dispatcher.task {
            try? await dispatcher.dependencies.clock.sleep(for: .seconds(1))
            dispatcher.dispatch(action: RowLoaded(rowID: action.rowID))
        }
    }
}

private struct Autosaver: Middleware {
    func applyMiddleware(for state: Rows, action: EditorOpened, dispatcher: Dispatcher<EditorOpened, Rows>) {
        dispatcher.next()
        dispatcher.task(id: "autosave") {
            while true {
                try await dispatcher.dependencies.clock.sleep(for: .seconds(1))
                dispatcher.dispatch(action: Autosaved())
            }
        }
    }
}

private struct AppearedWork: Middleware {
    func applyMiddleware(for state: Rows, action: Appeared, dispatcher: Dispatcher<Appeared, Rows>) {
        dispatcher.next()
        dispatcher.task {
            try? await dispatcher.dependencies.clock.sleep(for: .seconds(1))
            dispatcher.dispatch(action: Noted(text: "refreshed"))
        }
    }
}

@MainActor
private func makeStore(_ clock: TestClock) -> (Store<Rows>, () -> [StoreDiagnostic]) {
    let store = Store(with: Rows(), middleware: [RowLoader(), Autosaver(), AppearedWork()]) {
        $0.clock = clock
    }
    store.register(LoadRow.self, forEach: \.rows, id: \.rowID)
    store.register(reducer: RowLoadedReducer.self, forEach: \.rows, id: \.rowID)
    store.register(EditorOpened.self, ifLet: \.editor)
    store.register(reducer: AutosavedReducer.self, ifLet: \.editor)
    store.register(reducer: RemoveRowReducer.self)
    store.register(reducer: CloseEditorReducer.self)
    store.register(reducer: NotedReducer.self)
    store.register(Appeared.self)
    var reported: [StoreDiagnostic] = []
    store.diagnosticsHandler = { reported.append($0) }
    return (store, { reported })
}

@MainActor
@Suite("Tasks that end with their place")
struct PlaceTasksTests {
    @Test("removing a row cancels the tasks started for it, and its late dispatch is dropped and reported")
    func rowRemoved() async {
        let clock = TestClock()
        let (store, reported) = makeStore(clock)
        store.dispatch(action: LoadRow(rowID: 1))
        store.dispatch(action: LoadRow(rowID: 2))
        store.dispatch(action: RemoveRow(rowID: 1))
        await clock.advance(by: .seconds(1))
        await store.idle()
        #expect(store.state.rows.map(\.id) == [2])
        #expect(store.state.rows[id: 2]?.loaded == 1)
        #expect(reported().map(\.kind) == [.actionFromGonePlace])
        #expect(reported().first?.message.contains("the row 1 of \\Rows.rows") == true)
        #expect(reported().first?.message.contains("RowLoaded") == true)
    }

    @Test("setting an optional part to nil cancels the tasks started for it")
    func partSetToNil() async {
        let clock = TestClock()
        let (store, reported) = makeStore(clock)
        store.dispatch(action: EditorOpened())
        await clock.advance(by: .seconds(2))
        #expect(store.state.editor?.saves == 2)
        store.dispatch(action: CloseEditor())
        await clock.advance(by: .seconds(3))
        await store.idle()
        #expect(store.state.editor == nil)
        // Cancelled while it slept: its loop ended with the CancellationError, dispatching nothing.
        #expect(reported().isEmpty)
    }

    @Test("a task started for a row that is not there is cancelled at once")
    func startedForGoneRow() async {
        let clock = TestClock()
        let (store, reported) = makeStore(clock)
        store.dispatch(action: LoadRow(rowID: 9))
        await clock.advance(by: .seconds(1))
        await store.idle()
        #expect(reported().map(\.kind) == [.rowNotFound, .actionFromGonePlace])
    }

    @Test("an action registered without a reducer reports nothing and is not held while its work runs")
    func actionWithoutReducer() async {
        let clock = TestClock()
        let (store, reported) = makeStore(clock)
        var told = 0
        let subscription = store.subscribe(to: \.self) { _, _ in told += 1 }
        store.dispatch(action: Appeared())
        #expect(told == 0)
        #expect(reported().isEmpty)
        await clock.advance(by: .seconds(1))
        await store.idle()
        #expect(store.state.log == ["refreshed"])
        #expect(told == 1)
        _ = subscription
    }

    @Test("a test store sends an action without a reducer and waits for its work only when told")
    func testStoreSend() async throws {
        let clock = TestClock()
        let store = TestStore(with: Rows(), middleware: [AppearedWork()]) { $0.clock = clock }
        store.register(Appeared.self)
        store.register(reducer: NotedReducer.self)
        try await store.send(Appeared())
        await clock.advance(by: .seconds(1))
        try await store.receive(Noted.self) { $0.log = ["refreshed"] }
        try await store.finish()
    }
}
