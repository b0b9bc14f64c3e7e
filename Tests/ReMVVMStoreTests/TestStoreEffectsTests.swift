import ReMVVMStore
import ReMVVMTesting
import Testing

// The TestStore's failure modes around effects: each failure's text, and the file and line of
// the step that failed.

private struct Counter: StoreState, Equatable {
    var count = 0
    var note = ""
}

private struct Increment: StoreAction {}
private struct Incremented: StoreAction {}
private struct Fail: StoreAction {}

private enum IncrementReducer: Reducer {
    static func reduce(state: Counter, with action: Increment) -> Counter {
        Counter(count: state.count + 1, note: state.note)
    }
}

private enum IncrementedReducer: Reducer {
    static func reduce(state: Counter, with action: Incremented) -> Counter {
        Counter(count: state.count, note: "incremented")
    }
}

private enum FailReducer: Reducer {
    static func reduce(state: Counter, with action: Fail) -> Counter { state }
}

private struct Tick: Hashable, Sendable {
    let name: String
}

private struct Boom: Error {}

/// Starts a task with id `Tick(name: "tick")` that sleeps on the store's clock for a second
/// then dispatches `Incremented`.
private struct TickLater: Middleware {
    func applyMiddleware(for state: Counter, action: Increment, dispatcher: Dispatcher<Increment, Counter>) {
        dispatcher.next()
        dispatcher.task(id: Tick(name: "tick")) {
            try await dispatcher.dependencies.clock.sleep(for: .seconds(1))
            dispatcher.dispatch(action: Incremented())
        }
    }
}

/// Starts a task without an id that yields a while before it sleeps on the store's clock for a
/// second, then dispatches `Incremented`: the clock must wait for it to reach its sleep.
private struct TickLaterWithoutID: Middleware {
    func applyMiddleware(for state: Counter, action: Increment, dispatcher: Dispatcher<Increment, Counter>) {
        dispatcher.next()
        dispatcher.task {
            for _ in 0..<20 { await Task.yield() }
            guard (try? await dispatcher.dependencies.clock.sleep(for: .seconds(1))) != nil else { return }
            dispatcher.dispatch(action: Incremented())
        }
    }
}

/// Starts a task that sleeps on the store's clock for an hour, then dispatches `Incremented`.
private struct IncrementInAnHour: Middleware {
    func applyMiddleware(for state: Counter, action: Increment, dispatcher: Dispatcher<Increment, Counter>) {
        dispatcher.next()
        dispatcher.task(id: Tick(name: "hour")) {
            try await dispatcher.dependencies.clock.sleep(for: .seconds(3600))
            dispatcher.dispatch(action: Incremented())
        }
    }
}

/// Starts a task with an id that throws.
private struct Thrower: Middleware {
    func applyMiddleware(for state: Counter, action: Fail, dispatcher: Dispatcher<Fail, Counter>) {
        dispatcher.next()
        dispatcher.task(id: "thrower") { throw Boom() }
    }
}

@MainActor
private func makeStore(_ clock: TestClock) -> TestStore<Counter> {
    let store = TestStore(with: Counter(), middleware: [TickLater(), Thrower()]) { $0.clock = clock }
    store.register(reducer: IncrementReducer.self)
    store.register(reducer: IncrementedReducer.self)
    store.register(reducer: FailReducer.self)
    return store
}

/// The failure `body` throws.
@MainActor
private func failure(
    sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> Void
) async -> TestStoreFailure? {
    await caughtTestStoreFailure(sourceLocation: sourceLocation, body)
}

@MainActor
@Suite("TestStore with effects: failures name their step, tasks by id")
struct TestStoreEffectsTests {
    @Test("a send whose state differs names the file and line of the send")
    func sendLocation() async throws {
        let store = makeStore(TestClock())
        let line = #line + 1
        let failure = await failure { try await store.send(Increment()) { $0.count = 2 } }
        #expect(failure?.filePath == #filePath)
        #expect(failure?.line == line)
        #expect(
            failure?.message == """
                send Increment(): the state differs from the expected one:
                  count: expected 2, got 1
                """)
        // Recorded as an issue, whose text is the message: the error only points at it.
        #expect(
            failure?.description
                == "\(#filePath):\(line): the TestStore step at this line failed; its issue there says why")
        store.exhaustivity = .off
        // The tick sleeps on a clock nobody advances, holding its store: end it.
        store.store.cancelTasks(id: Tick(name: "tick"))
    }

    @Test("advancing the clock waits for a task without an id to reach its sleep, so its follow-up arrives")
    func advanceWaitsForPlainTask() async throws {
        let clock = TestClock()
        let store = TestStore(with: Counter(), middleware: [TickLaterWithoutID()]) { $0.clock = clock }
        store.register(reducer: IncrementReducer.self)
        store.register(reducer: IncrementedReducer.self)
        try await store.send(Increment()) { $0.count = 1 }
        await clock.advance(by: .seconds(1))
        try await store.receive(Incremented.self) { $0.note = "incremented" }
        try await store.finish()
    }

    @Test("a receive that times out names its line and the tasks running, by id and middleware")
    func receiveTimeoutLocation() async throws {
        let clock = TestClock()
        let store = makeStore(clock)
        try await store.send(Increment()) { $0.count = 1 }
        let line = #line + 1
        let failure = await failure { try await store.receive(Incremented.self, timeout: .milliseconds(10)) }
        #expect(failure?.line == line)
        #expect(failure?.filePath == #filePath)
        #expect(
            failure?.message == """
                receive Incremented: no such action was reduced within 10 ms.
                Still pending:
                  task Tick(name: "tick") started by TickLater running
                """)
        await clock.advance(by: .seconds(1))
        try await store.receive(Incremented.self) { $0.note = "incremented" }
        try await store.finish()
    }

    @Test("finish names the tasks still running by id and middleware, and its own line")
    func finishLocation() async throws {
        let clock = TestClock()
        let store = makeStore(clock)
        try await store.send(Increment()) { $0.count = 1 }
        try await store.send(Increment()) { $0.count = 2 }
        store.store.cancelTasks(id: Tick(name: "nothing"))
        let line = #line + 1
        let failure = await failure { try await store.finish(timeout: .milliseconds(10)) }
        #expect(failure?.line == line)
        #expect(
            failure?.message == """
                finish: the store was not idle within 10 ms.
                Still pending:
                  task Tick(name: "tick") started by TickLater running
                  task Tick(name: "tick") started by TickLater running
                """)
        store.store.cancelTasks(id: Tick(name: "tick"))
        try await store.finish()
        #expect(store.store.state.note == "")
    }

    @Test("assert checks the current state without sending, and names its line")
    func assertCurrentState() async throws {
        let store = makeStore(TestClock())
        try store.assert { $0.count = 0 }
        let line = #line + 1
        let failure = await failure { try store.assert { $0.count = 5 } }
        #expect(failure?.line == line)
        #expect(
            failure?.message == """
                assert: the state differs from the expected one:
                  count: expected 5, got 0
                """)
    }

    @Test("an unreceived action fails the next send at that send's line; skipReceivedActions forgets it")
    func skipReceived() async throws {
        let clock = TestClock()
        let store = makeStore(clock)
        try await store.send(Increment()) { $0.count = 1 }
        await clock.advance(by: .seconds(1))
        #expect(store.store.state.note == "incremented")
        store.skipReceivedActions()
        try await store.send(Increment()) { $0.count = 2 }
        await clock.advance(by: .seconds(1))
        let line = #line + 1
        let failure = await failure { try await store.send(Fail()) }
        #expect(failure?.line == line)
        #expect(
            failure?.message == """
                send Fail(): 1 action was reduced and not received:
                  Incremented()
                """)
        store.exhaustivity = .off
        try await store.finish()
    }

    @Test("an error a task with an id throws reaches the diagnostics hook, naming the task")
    func taskErrorReported() async throws {
        let store = makeStore(TestClock())
        var reported: [StoreDiagnostic] = []
        store.store.diagnosticsHandler = { reported.append($0) }
        try await store.send(Fail())
        try await store.finish()
        #expect(reported.map(\.kind) == [.taskFailed])
        #expect(
            reported.first?.message.hasPrefix(#"The task "thrower" started by Thrower threw Boom()"#) == true)
    }

    @Test(
        "a test store released with a task running and an action unreceived is an issue at its last step"
    )
    func unfinishedReported() async throws {
        let clock = TestClock()
        var line = 0
        let (_, issues) = try await TestStoreIssues.collect {
            let store = makeStore(clock)
            line = #line + 1
            try await store.send(Increment()) { $0.count = 1 }
            store.store.diagnosticsHandler = { _ in }
            try await store.send(Increment()) { $0.count = 2 }
            await clock.advance(by: .seconds(1))
        }
        #expect(issues.count == 1)
        #expect(issues.first.map { "\($0.filePath)" } == #filePath)
        #expect(issues.first?.line == UInt(line + 2))
        #expect(
            issues.first?.message == """
                A TestStore ended with work left unasserted; its last step was send Increment() at \
                TestStoreEffectsTests.swift:\(line + 2):
                  reduced and not received: Incremented()
                  reduced and not received: Incremented()
                Call finish() at the end of the test, receive every action, or set exhaustivity = .off.
                """)
    }

    @Test("a test store released with work left before any step is an issue where it was created")
    func unfinishedWithoutStepsReported() async throws {
        var line = 0
        let (_, issues) = await TestStoreIssues.collect {
            line = #line + 1
            let store = TestStore(with: Counter()) { $0.clock = TestClock() }
            store.register(reducer: IncrementReducer.self)
            store.store.dispatch(action: Increment())
            await store.store.idle()
        }
        #expect(issues.map { "\($0.filePath):\($0.line)" } == ["\(#filePath):\(line)"])
        #expect(issues.first?.message.contains("reduced and not received: Increment()") == true)
    }

    @Test("a test store that finished, failed a step, or is not exhaustive is not reported")
    func finishedNotReported() async throws {
        let clock = TestClock()
        for variant in 0..<3 {
            let (_, issues) = try await TestStoreIssues.collect {
                let store = makeStore(clock)
                try await store.send(Increment()) { $0.count = 1 }
                switch variant {
                case 0:
                    await clock.advance(by: .seconds(1))
                    try await store.receive(Incremented.self) { $0.note = "incremented" }
                    try await store.finish()
                case 1: _ = await failure { try await store.finish(timeout: .milliseconds(5)) }
                default: store.exhaustivity = .off
                }
                // The tick still sleeps on a clock nobody advances, holding its store: end it.
                store.store.cancelTasks(id: Tick(name: "tick"))
            }
            // The failure of variant 1 is its step's own issue, which `failure` collected and checked.
            #expect(issues.isEmpty, "variant \(variant)")
        }
    }

    @Test(
        "a sleep on the clock of a test store that set none is one issue where it was created, and ends at once"
    )
    func unsetClockReported() async throws {
        var line = 0
        let (_, issues) = try await TestStoreIssues.collect {
            line = #line + 1
            let store = TestStore(with: Counter(), middleware: [IncrementInAnHour()])
            store.register(reducer: IncrementReducer.self)
            store.register(reducer: IncrementedReducer.self)
            // Two sleeps of an hour each end at once: on real time, each receive would time out.
            try await store.send(Increment()) { $0.count = 1 }
            try await store.receive(Incremented.self) { $0.note = "incremented" }
            try await store.send(Increment()) { $0.count = 2 }
            try await store.receive(Incremented.self)
            try await store.finish()
        }
        #expect(issues.map { "\($0.filePath):\($0.line)" } == ["\(#filePath):\(line)"])
        #expect(issues.first?.message.contains("Set $0.clock in the TestStore's initializer") == true)
    }
}
