import ReMVVMStore
import ReMVVMTesting
import Testing

// MARK: - Fixtures

private struct Todo: Equatable, Sendable {
    let id: Int
    var title: String
}

private struct TodoState: StoreState, Equatable {
    var todos: [Todo] = []
    var isSaved = false
}

private struct AddTodo: StoreAction { let title: String }
private struct TodosSaved: StoreAction { let count: Int }
private struct Unhandled: StoreAction {}

private enum AddTodoReducer: Reducer {
    static func reduce(state: TodoState, with action: AddTodo) -> TodoState {
        var state = state
        state.todos.append(Todo(id: state.todos.count + 1, title: action.title))
        state.isSaved = false
        return state
    }
}

private enum TodosSavedReducer: Reducer {
    static func reduce(state: TodoState, with action: TodosSaved) -> TodoState {
        var state = state
        state.isSaved = true
        return state
    }
}

/// Saves after every `AddTodo`: dispatches `TodosSaved` from its completion.
private struct SaveAfterAdd: Middleware {
    func applyMiddleware(for state: TodoState, action: AddTodo, dispatcher: Dispatcher<AddTodo, TodoState>) {
        dispatcher.next { state in dispatcher.dispatch(action: TodosSaved(count: state.todos.count)) }
    }
}

/// Saves after every `AddTodo` from an async task, after the reduce.
private struct SaveLater: Middleware {
    func applyMiddleware(for state: TodoState, action: AddTodo, dispatcher: Dispatcher<AddTodo, TodoState>) {
        dispatcher.next()
        dispatcher.task {
            try? await Task.sleep(for: .milliseconds(5))
            dispatcher.dispatch(action: TodosSaved(count: 1))
        }
    }
}

/// Calls `next` for every `AddTodo` from a task, after a suspension.
private struct DeferAdd: Middleware {
    func applyMiddleware(for state: TodoState, action: AddTodo, dispatcher: Dispatcher<AddTodo, TodoState>) {
        dispatcher.task {
            try? await Task.sleep(for: .milliseconds(2))
            dispatcher.next()
        }
    }
}

/// Blocks every `AddTodo`.
private struct BlockAdd: Middleware {
    func applyMiddleware(for state: TodoState, action: AddTodo, dispatcher: Dispatcher<AddTodo, TodoState>) {}
}

@MainActor
private final class Held {
    var dispatchers: [Dispatcher<AddTodo, TodoState>] = []
    var tasks: [Task<Void, Never>] = []
    var cancelled = 0
}

/// Keeps every `AddTodo`'s dispatcher and never calls `next`.
private struct HoldForever: Middleware {
    let held: Held
    func applyMiddleware(for state: TodoState, action: AddTodo, dispatcher: Dispatcher<AddTodo, TodoState>) {
        held.dispatchers.append(dispatcher)
    }
}

/// Starts a long effect for every `AddTodo` that, unless cancelled, saves.
private struct CancellableSave: Middleware {
    let held: Held
    func applyMiddleware(for state: TodoState, action: AddTodo, dispatcher: Dispatcher<AddTodo, TodoState>) {
        dispatcher.next()
        let task = dispatcher.task {
            // An hour: only cancellation ends it early, however loaded the machine.
            try? await Task.sleep(for: .seconds(3600))
            guard !Task.isCancelled else {
                held.cancelled += 1
                return
            }
            dispatcher.dispatch(action: TodosSaved(count: 1))
        }
        held.tasks.append(task)
    }
}

/// Keeps each `AddTodo`'s dispatcher in a task that lets it go after a pause, without `next`.
private struct DropLater: Middleware {
    func applyMiddleware(for state: TodoState, action: AddTodo, dispatcher: Dispatcher<AddTodo, TodoState>) {
        Task {
            try? await Task.sleep(for: .milliseconds(2))
            _ = dispatcher
        }
    }
}

/// Dispatches `TodosSaved` at once, then calls `next` for the `AddTodo` later: the follow-up is
/// reduced before the action sent.
private struct SaveFirst: Middleware {
    func applyMiddleware(for state: TodoState, action: AddTodo, dispatcher: Dispatcher<AddTodo, TodoState>) {
        dispatcher.dispatch(action: TodosSaved(count: 0))
        dispatcher.task {
            await Task.yield()
            dispatcher.next()
        }
    }
}

@MainActor
private func makeStore(middleware: [any AnyMiddleware] = []) -> TestStore<TodoState> {
    let store = TestStore(with: TodoState(), middleware: middleware)
    store.register(reducer: AddTodoReducer.self)
    store.register(reducer: TodosSavedReducer.self)
    store.store.diagnosticsHandler = { _ in }
    return store
}

/// The failure `body` throws, or `nil` when it throws none.
@MainActor
private func failure(
    sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> Void
) async -> String? {
    await caughtTestStoreFailure(sourceLocation: sourceLocation, body)?.message
}

// MARK: - Tests

@MainActor
@Suite("TestStore")
struct TestStoreTests {
    @Test("send passes when the closure describes the change")
    func sendPasses() async throws {
        let store = makeStore()
        try await store.send(AddTodo(title: "milk")) { $0.todos = [Todo(id: 1, title: "milk")] }
        try await store.finish()
        #expect(store.store.state.todos.map(\.title) == ["milk"])
    }

    @Test("send fails naming every differing path with expected and actual values")
    func sendFailureText() async {
        let store = makeStore()
        let text = await failure {
            try await store.send(AddTodo(title: "milk ")) {
                $0.todos = [Todo(id: 1, title: "milk")]
                $0.isSaved = true
            }
        }
        #expect(
            text == """
                send AddTodo(title: "milk "): the state differs from the expected one:
                  todos[0].title: expected "milk", got "milk "
                  isSaved: expected true, got false
                """
        )
    }

    @Test("a missing or extra element is named with its index")
    func collectionLengths() async {
        let store = makeStore()
        let text = await failure { try await store.send(AddTodo(title: "milk")) }
        #expect(text?.contains(#"todos[0]: expected no element, got Todo(id: 1, title: "milk")"#) == true)
    }

    @Test("an action dispatched by middleware must be received before the next send")
    func unreceivedBeforeSend() async throws {
        let store = makeStore(middleware: [SaveAfterAdd()])
        try await store.send(AddTodo(title: "milk")) { $0.todos = [Todo(id: 1, title: "milk")] }
        let text = await failure { try await store.send(AddTodo(title: "eggs")) }
        #expect(
            text == """
                send AddTodo(title: "eggs"): 1 action was reduced and not received:
                  TodosSaved(count: 1)
                """
        )
    }

    @Test("receive checks the state right after the received action")
    func receivePasses() async throws {
        let store = makeStore(middleware: [SaveAfterAdd()])
        try await store.send(AddTodo(title: "milk")) { $0.todos = [Todo(id: 1, title: "milk")] }
        try await store.receive(TodosSaved.self) { $0.isSaved = true }
        try await store.finish()
    }

    @Test("send compares the state right after its own reduce, not after follow-ups")
    func sendSeesItsOwnReduce() async throws {
        let store = makeStore(middleware: [SaveAfterAdd()])
        // The follow-up sets isSaved within the same dispatch; the send does not see it.
        try await store.send(AddTodo(title: "milk")) { $0.todos = [Todo(id: 1, title: "milk")] }
        #expect(store.store.state.isSaved)
        try await store.receive(TodosSaved.self, where: { $0.count == 1 }, assert: { $0.isSaved = true })
    }

    @Test("receive of another type fails naming the action that came")
    func receiveWrongType() async throws {
        let store = makeStore(middleware: [SaveAfterAdd()])
        try await store.send(AddTodo(title: "milk")) { $0.todos = [Todo(id: 1, title: "milk")] }
        let text = await failure { try await store.receive(AddTodo.self) }
        #expect(
            text == "receive AddTodo: the next action reduced was TodosSaved(count: 1), expected AddTodo.")
    }

    @Test("receive with a predicate that does not match fails")
    func receivePredicate() async throws {
        let store = makeStore(middleware: [SaveAfterAdd()])
        try await store.send(AddTodo(title: "milk")) { $0.todos = [Todo(id: 1, title: "milk")] }
        let text = await failure { try await store.receive(TodosSaved.self, where: { $0.count == 2 }) }
        #expect(text?.contains("expected an action of TodosSaved matching the predicate") == true)
    }

    @Test("receive waits for an action an async effect dispatches")
    func receiveAsyncEffect() async throws {
        let store = makeStore(middleware: [SaveLater()])
        try await store.send(AddTodo(title: "milk")) { $0.todos = [Todo(id: 1, title: "milk")] }
        try await store.receive(TodosSaved.self) { $0.isSaved = true }
        try await store.finish()
    }

    @Test("receive times out naming what it waited for")
    func receiveTimeout() async {
        let store = makeStore()
        let text = await failure { try await store.receive(TodosSaved.self, timeout: .milliseconds(30)) }
        #expect(text == "receive TodosSaved: no such action was reduced within 30 ms.")
    }

    @Test("send waits for an action whose middleware calls next later")
    func sendDeferred() async throws {
        let store = makeStore(middleware: [DeferAdd()])
        try await store.send(AddTodo(title: "milk")) { $0.todos = [Todo(id: 1, title: "milk")] }
        try await store.finish()
    }

    @Test("an action whose dispatcher is let go without next counts as blocked")
    func sendDeferredThenDropped() async throws {
        let store = makeStore(middleware: [DropLater()])
        try await store.send(AddTodo(title: "milk"))
        try await store.finish()
        #expect(store.store.state.todos.isEmpty)
    }

    @Test("a follow-up reduced before the deferred action sent is received after the send")
    func followUpBeforeDeferredSend() async throws {
        let store = makeStore(middleware: [SaveFirst()])
        // The state before the sent action's reduce already has the follow-up's change, which
        // AddTodo's reducer undoes.
        try await store.send(AddTodo(title: "milk")) {
            #expect($0.isSaved)
            $0.todos = [Todo(id: 1, title: "milk")]
            $0.isSaved = false
        }
        try await store.receive(TodosSaved.self) { $0.isSaved = true }
        try await store.finish()
        #expect(store.store.state.todos.count == 1)
        #expect(!store.store.state.isSaved)
    }

    @Test("a blocked action expects no change")
    func sendBlocked() async throws {
        let store = makeStore(middleware: [BlockAdd()])
        try await store.send(AddTodo(title: "milk"))
        let text = await failure {
            try await store.send(AddTodo(title: "milk")) { $0.todos = [Todo(id: 1, title: "milk")] }
        }
        #expect(text?.contains(#"todos[0]: expected Todo(id: 1, title: "milk"), got no element"#) == true)
    }

    @Test("an action without a reducer expects no change")
    func sendUnhandled() async throws {
        let store = makeStore()
        try await store.send(Unhandled())
    }

    @Test("a middleware that never calls next makes finish fail within its timeout, naming it")
    func finishNamesHoldingMiddleware() async throws {
        let held = Held()
        let store = makeStore(middleware: [HoldForever(held: held)])
        let sendText = await failure {
            try await store.send(AddTodo(title: "milk"), timeout: .milliseconds(20))
        }
        #expect(
            sendText == """
                send AddTodo(title: "milk"): not reduced within 20 ms.
                Still pending:
                  HoldForever holds AddTodo(title: "milk") without calling next
                """
        )
        let text = await failure { try await store.finish(timeout: .milliseconds(50)) }
        #expect(
            text == """
                finish: the store was not idle within 50 ms.
                Still pending:
                  HoldForever holds AddTodo(title: "milk") without calling next
                """
        )
        held.dispatchers.removeAll()
        try await store.finish()
    }

    @Test("finish names running tasks and unreceived actions")
    func finishNamesTasksAndActions() async throws {
        let held = Held()
        let store = makeStore(middleware: [CancellableSave(held: held)])
        try await store.send(AddTodo(title: "milk")) { $0.todos = [Todo(id: 1, title: "milk")] }
        let text = await failure { try await store.finish(timeout: .milliseconds(20)) }
        #expect(
            text == """
                finish: the store was not idle within 20 ms.
                Still pending:
                  1 task started with dispatcher.task by CancellableSave running
                """
        )
        for task in held.tasks { task.cancel() }
        try await store.finish()
    }

    @Test("a cancelled effect ends, sends nothing, and lets the store finish")
    func cancelledEffect() async throws {
        let held = Held()
        let store = makeStore(middleware: [CancellableSave(held: held)])
        try await store.send(AddTodo(title: "milk")) { $0.todos = [Todo(id: 1, title: "milk")] }
        held.tasks.first?.cancel()
        try await store.finish()
        #expect(held.cancelled == 1)
        #expect(!store.store.state.isSaved)
    }

    @Test("finish fails on an action left unreceived")
    func finishUnreceived() async throws {
        let store = makeStore(middleware: [SaveLater()])
        try await store.send(AddTodo(title: "milk")) { $0.todos = [Todo(id: 1, title: "milk")] }
        let text = await failure { try await store.finish() }
        #expect(
            text == """
                finish: 1 action was reduced and not received:
                  TodosSaved(count: 1)
                """
        )
    }

    @Test("with exhaustivity off only what the closure sets is compared, and unreceived actions are skipped")
    func exhaustivityOff() async throws {
        let store = makeStore(middleware: [SaveAfterAdd()])
        store.exhaustivity = .off
        try await store.send(AddTodo(title: "milk")) { $0.todos[0].title = "milk" }
        try await store.send(AddTodo(title: "eggs")) { $0.todos[1].title = "eggs" }
        #expect(store.store.state.todos.count == 2)
        try await store.finish()
    }

    @Test("with exhaustivity off a wrong value still fails")
    func exhaustivityOffFails() async {
        let store = makeStore()
        store.exhaustivity = .off
        let text = await failure {
            try await store.send(AddTodo(title: "milk")) { $0.todos[0].title = "eggs" }
        }
        #expect(text?.contains(#"todos[0].title: expected "eggs", got "milk""#) == true)
    }

    @Test("long values are cut in the middle, keeping both ends")
    func longValues() async {
        let store = makeStore()
        let long = "start-" + String(repeating: "x", count: 400) + "-end"
        let text = await failure {
            try await store.send(AddTodo(title: long)) { $0.todos = [Todo(id: 1, title: "short")] }
        }
        let line = text?.split(separator: "\n").first { $0.contains("todos[0].title") }.map(String.init) ?? ""
        #expect(line.contains("got \"start-"))
        #expect(line.contains("-end\""))
        #expect(line.contains("more)"))
        #expect(line.count < 300)
    }

    @Test("the failure is an Error whose description is its file, line and text")
    func failureType() {
        let failure = TestStoreFailure("text", filePath: "/tmp/A.swift", line: 7)
        #expect(failure.message == "text")
        #expect(failure.filePath == "/tmp/A.swift")
        #expect(failure.line == 7)
        #expect(failure.description == "/tmp/A.swift:7: text")
        #expect(String(describing: failure as any Error) == "/tmp/A.swift:7: text")
    }
}

@MainActor
@Suite("TestStore lifetime")
struct TestStoreLifetimeTests {
    @Test("the store underneath keeps working after its test store is gone")
    func storeOutlivesTestStore() {
        var testStore: TestStore<TodoState>? = makeStore()
        let store = testStore!.store
        testStore = nil
        store.dispatch(action: AddTodo(title: "milk"))
        #expect(store.state.todos.count == 1)
    }
}

// MARK: - Names

private enum CounterFeature {
    struct Increment: StoreAction { let by: Int }
    struct Counted: StoreAction { let count: Int }
}

private enum Move: StoreAction {
    case up(Int)
    case reset
}

private struct CounterState: StoreState, Equatable {
    var count = 0
}

private enum IncrementReducer: Reducer {
    static func reduce(state: CounterState, with action: CounterFeature.Increment) -> CounterState {
        CounterState(count: state.count + action.by)
    }
}

private enum CountedReducer: Reducer {
    static func reduce(state: CounterState, with action: CounterFeature.Counted) -> CounterState { state }
}

private enum MoveReducer: Reducer {
    static func reduce(state: CounterState, with action: Move) -> CounterState {
        switch action {
        case .up(let step): CounterState(count: state.count + step)
        case .reset: CounterState()
        }
    }
}

/// Tells the count after every `CounterFeature.Increment`.
private struct CountAfterIncrement: Middleware {
    func applyMiddleware(
        for state: CounterState, action: CounterFeature.Increment,
        dispatcher: Dispatcher<CounterFeature.Increment, CounterState>
    ) {
        dispatcher.next { state in dispatcher.dispatch(action: CounterFeature.Counted(count: state.count)) }
    }
}

@MainActor
private func makeCounterStore(middleware: [any AnyMiddleware] = []) -> TestStore<CounterState> {
    let store = TestStore(with: CounterState(), middleware: middleware)
    store.register(reducer: IncrementReducer.self)
    store.register(reducer: MoveReducer.self)
    store.register(reducer: CountedReducer.self)
    store.store.diagnosticsHandler = { _ in }
    return store
}

@MainActor
@Suite("TestStore names")
struct TestStoreNameTests {
    @Test("a failing send names its action by its enclosing types")
    func nestedAction() async {
        let store = makeCounterStore()
        let text = await failure { try await store.send(CounterFeature.Increment(by: 2)) { $0.count = 3 } }
        #expect(
            text == """
                send CounterFeature.Increment(by: 2): the state differs from the expected one:
                  count: expected 3, got 2
                """
        )
    }

    @Test("an enum action is named with one dot before its case")
    func enumAction() async {
        let store = makeCounterStore()
        let up = await failure { try await store.send(Move.up(1)) }
        #expect(up?.hasPrefix("send Move.up(1): the state differs") == true)
        let reset = await failure { try await store.send(Move.reset) { $0.count = 1 } }
        #expect(reset?.hasPrefix("send Move.reset: the state differs") == true)
    }

    @Test("a receive of another type names both types by their enclosing types")
    func receiveOtherType() async throws {
        let store = makeCounterStore(middleware: [CountAfterIncrement()])
        try await store.send(CounterFeature.Increment(by: 1)) { $0.count = 1 }
        let text = await failure { try await store.receive(CounterFeature.Increment.self) }
        #expect(
            text
                == "receive CounterFeature.Increment: the next action reduced was "
                + "CounterFeature.Counted(count: 1), expected CounterFeature.Increment."
        )
    }
}
