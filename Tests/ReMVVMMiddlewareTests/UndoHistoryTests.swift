import Foundation
import ReMVVMMiddleware
import ReMVVMStore
import ReMVVMTesting
import Testing

@MainActor
@Suite struct UndoHistoryTests {
    func makeHistoryStore(limit: Int = 10, middleware: [AnyMiddleware] = []) -> (
        Store<TestState>, UndoHistory<TestState>, DiagnosticsLog
    ) {
        let history = UndoHistory<TestState>(limit: limit)
        let (store, log) = makeStore(middleware: [history] + middleware, clock: TestClock())
        history.register(on: store)
        return (store, history, log)
    }

    @Test("undo restores the state before the last action, redo the state after it; subscribers see both")
    func undoRedo() {
        let (store, history, log) = makeHistoryStore()
        var seen: [(Int, Int)] = []
        let subscription = store.subscribe(to: \.self) { state, old in seen.append((state.count, old.count)) }
        store.dispatch(action: Increment(by: 1))
        store.dispatch(action: Increment(by: 10))
        store.dispatch(action: UndoAction())
        #expect(store.state.count == 1)
        #expect(history.canUndo && history.canRedo)
        store.dispatch(action: RedoAction())
        #expect(store.state.count == 11)
        #expect(seen.map(\.0) == [1, 11, 1, 11])
        #expect(seen.map(\.1) == [0, 1, 11, 1])
        #expect(log.kinds.isEmpty)
        subscription.cancel()
    }

    @Test("registered on a TestStore's store, undo and redo are sent and asserted as any action")
    func onATestStore() async throws {
        let history = UndoHistory<TestState>(limit: 10)
        let store = TestStore(with: TestState(factory: CompositeViewModelFactory()), middleware: [history])
        history.register(on: store.store)
        store.register(reducer: IncrementReducer.self)

        try await store.send(Increment(by: 2)) { $0.count = 2 }
        try await store.send(UndoAction()) { $0.count = 0 }
        try await store.send(RedoAction()) { $0.count = 2 }
        try await store.finish()
        #expect(history.canUndo && !history.canRedo)
    }

    @Test("n undos then n redos come back to the same state: undoing an undo is a redo")
    func undoOfUndo() {
        let (store, history, _) = makeHistoryStore()
        store.dispatch(action: Increment(by: 1))
        store.dispatch(action: Rename(name: "Ada"))
        store.dispatch(action: Increment(by: 100))
        for _ in 1...3 { store.dispatch(action: UndoAction()) }
        #expect(store.state.count == 0)
        #expect(store.state.name == nil)
        #expect(!history.canUndo)
        #expect(
            history.redoableActions.map { "\($0)" } == [
                "Increment(by: 1)", "Rename(name: Optional(\"Ada\"))", "Increment(by: 100)",
            ])
        store.dispatch(action: RedoAction())
        store.dispatch(action: RedoAction())
        #expect(store.state.count == 1)
        #expect(store.state.name == "Ada")
        store.dispatch(action: RedoAction())
        #expect(store.state.count == 101)
        #expect(!history.canRedo)
        #expect(history.undoableActions.count == 3)
    }

    @Test("with nothing to undo or redo, the action is blocked: nothing changes and nobody is told")
    func nothingToUndo() {
        let (store, history, log) = makeHistoryStore()
        var changes = 0
        let subscription = store.subscribe(to: \.self) { _, _ in changes += 1 }
        store.dispatch(action: UndoAction())
        store.dispatch(action: RedoAction())
        #expect(changes == 0)
        store.dispatch(action: Increment())
        store.dispatch(action: RedoAction())
        #expect(changes == 1)
        #expect(store.state.count == 1)
        #expect(!history.canRedo)
        #expect(log.kinds.isEmpty)
        subscription.cancel()
    }

    @Test("an action reduced after an undo drops the redo branch")
    func newBranch() {
        let (store, history, _) = makeHistoryStore()
        store.dispatch(action: Increment(by: 1))
        store.dispatch(action: Increment(by: 2))
        store.dispatch(action: UndoAction())
        #expect(history.canRedo)
        store.dispatch(action: Rename(name: "branch"))
        #expect(!history.canRedo)
        store.dispatch(action: RedoAction())
        #expect(store.state.count == 1)
        #expect(
            history.undoableActions.map { "\($0)" } == [
                "Increment(by: 1)", "Rename(name: Optional(\"branch\"))",
            ])
        store.dispatch(action: UndoAction())
        store.dispatch(action: UndoAction())
        #expect(store.state == TestState(factory: store.state.factory))
    }

    @Test("blocked and unhandled actions are not steps")
    func onlyReducedActions() {
        let (store, history, _) = makeHistoryStore(middleware: [Blocker<Rename>()])
        store.diagnosticsHandler = { _ in }
        store.dispatch(action: Rename(name: "blocked"))
        store.dispatch(action: Ping())
        #expect(!history.canUndo)
        store.dispatch(action: Increment())
        #expect(history.undoableActions.count == 1)
    }

    @Test("the limit keeps the newest steps, so memory stays bounded in long sessions", arguments: [0, 1, 5])
    func limit(limit: Int) {
        let (store, history, _) = makeHistoryStore(limit: limit)
        for _ in 1...1_000 { store.dispatch(action: Increment()) }
        #expect(history.undoableActions.count == limit)
        for _ in 0..<(limit + 2) { store.dispatch(action: UndoAction()) }
        #expect(store.state.count == 1_000 - limit)
        #expect(history.redoableActions.count == limit)
        #expect(!history.canUndo)
    }

    @Test("states that fall out of the history are released")
    func releasesStates() {
        Token.live = 0
        let history = UndoHistory<TokenState>(limit: 3)
        let store = Store(
            with: TokenState(factory: CompositeViewModelFactory(), token: Token()), middleware: [history])
        store.register(reducer: TokenReducer.self)
        history.register(on: store)
        for _ in 1...10_000 { store.dispatch(action: NewToken()) }
        // The store's state and the history's three steps; a few more while a step is replaced.
        #expect(Token.live <= 4)
        store.dispatch(action: UndoAction())
        store.dispatch(action: UndoAction())
        for _ in 1...100 { store.dispatch(action: NewToken()) }
        #expect(Token.live <= 4)
    }

    @Test("a history in the middleware attaches itself: undo works without register(on:)")
    func attachesItself() {
        let history = UndoHistory<TestState>(limit: 3)
        let (store, log) = makeStore(middleware: [history])
        store.dispatch(action: Increment())
        store.dispatch(action: UndoAction())
        #expect(log.kinds.isEmpty)
        #expect(store.state.count == 0)
        // Registering on the same store again does nothing (no duplicate reducer).
        history.register(on: store)
        store.dispatch(action: RedoAction())
        #expect(store.state.count == 1)
    }

    @Test("a history outside the middleware leaves undo and redo unhandled, and the store reports it")
    func notInTheMiddleware() {
        let history = UndoHistory<TestState>(limit: 3)
        let (store, log) = makeStore(middleware: [])
        store.dispatch(action: Increment())
        store.dispatch(action: UndoAction())
        #expect(log.kinds == [.unhandledAction])
        #expect(store.state.count == 1)
        #expect(!history.canUndo)
    }

    @Test("a history sees undo and redo as its own even when later middleware trace them")
    func descriptions() {
        #expect("\(UndoAction())" == "UndoAction()")
        #expect("\(RedoAction())" == "RedoAction()")
    }

    @Test("recorded undo and redo name the line whose state they brought back, and replay by reducers alone")
    func recordedUndo() throws {
        try withTemporaryFile { (url: URL) throws in
            let (recording, _, _) = makeHistoryStore(middleware: [ActionRecorder(fileURL: url)])
            recording.dispatch(action: Increment(by: 4))
            recording.dispatch(action: Increment(by: 5))
            recording.dispatch(action: UndoAction())
            recording.dispatch(action: Rename(name: "x"))
            recording.dispatch(action: UndoAction())
            recording.dispatch(action: RedoAction())
            let recorded = try lines(of: url)
            // The undo takes back line 2 (the state before it returns); the second undo takes
            // back line 4, and the redo takes back that undo, line 5.
            #expect(
                recorded[2]
                    == #"{"seq":3,"type":"UndoAction","origin":"outside","time":0,"restores":2,"action":{}}"#)
            #expect(
                recorded[4]
                    == #"{"seq":5,"type":"UndoAction","origin":"outside","time":0,"restores":4,"action":{}}"#)
            #expect(
                recorded[5]
                    == #"{"seq":6,"type":"RedoAction","origin":"outside","time":0,"restores":5,"action":{}}"#)
            let log = try ActionLog(contentsOf: url)
            let (replaying, history, _) = makeHistoryStore()
            try testReplayer.replay(log, into: replaying)
            #expect(replaying.state == recording.state)
            #expect(replaying.state.count == 4)
            #expect(replaying.state.name == "x")
            // A replay makes no step of the history it replays into.
            #expect(!history.canUndo)
            // Without a history in the store, the recorded lines restore the whole state.
            let (plain, _) = makeStore(middleware: [])
            try testReplayer.replay(log, into: plain, through: 3)
            #expect(plain.state.count == 4)
            try testReplayer.replay(log, into: plain, mode: .reducersOnly)
            #expect(plain.state.count == 8)
            #expect(plain.state.name == "x")
        }
    }

    @Test("an undo with nothing to take back is recorded as restoring nothing, and replays as no change")
    func recordedEmptyUndo() throws {
        try withTemporaryFile { (url: URL) throws in
            // The recorder first, so it sees the undo that the history then blocks.
            let history = UndoHistory<TestState>(limit: 3)
            let (recording, _) = makeStore(
                middleware: [ActionRecorder(fileURL: url), history], clock: TestClock())
            recording.dispatch(action: UndoAction())
            recording.dispatch(action: Increment(by: 2))
            #expect(
                try lines(of: url)[0]
                    == #"{"seq":1,"type":"UndoAction","origin":"outside","time":0,"restores":null,"action":{}}"#
            )
            let log = try ActionLog(contentsOf: url)
            #expect(log.entries.map(\.restored) == [.nothing, nil])
            let (replaying, _) = makeStore(middleware: [])
            try testReplayer.replay(log, into: replaying)
            #expect(replaying.state.count == 2)
        }
    }

    @Test("an undo whose line does not say what it restored, as logs wrote them before, needs the middleware")
    func olderUndoLine() throws {
        let log = try ActionLog(
            text: #"{"seq":1,"type":"Increment","action":{"by":4}}"# + "\n"
                + #"{"seq":2,"type":"UndoAction","action":{}}"# + "\n")
        let (replaying, _, _) = makeHistoryStore()
        #expect(throws: ActionLogError.needsMiddleware(line: 2, typeName: "UndoAction")) {
            try testReplayer.replay(log, into: replaying)
        }
        #expect(replaying.state.count == 0)
        try testReplayer.replay(log, into: replaying, mode: .throughMiddleware)
        #expect(replaying.state.count == 0)
    }
}

// MARK: - A state that counts its live copies

@MainActor
final class Token {
    static var live = 0
    init() { Token.live += 1 }
    deinit { MainActor.assumeIsolated { Token.live -= 1 } }
}

struct TokenState: StoreState, @unchecked Sendable {
    let factory: ViewModelFactory
    let token: Token
}

struct NewToken: StoreAction {}

struct TokenReducer: Reducer {
    static func reduce(state: TokenState, with action: NewToken) -> TokenState {
        MainActor.assumeIsolated { TokenState(factory: state.factory, token: Token()) }
    }
}
