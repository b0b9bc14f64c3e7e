import ReMVVMMiddleware
import ReMVVMStore
import ReMVVMTesting
import Testing

/// Lets a test decide when each run of an effect may go on.
actor Gate {
    private var waiting: [Int: CheckedContinuation<Void, Never>] = [:]
    private var opened: Set<Int> = []

    func wait(_ id: Int) async {
        if opened.contains(id) { return }
        await withCheckedContinuation { waiting[id] = $0 }
    }

    func open(_ id: Int) {
        opened.insert(id)
        waiting.removeValue(forKey: id)?.resume()
    }
}

/// What the effect's runs report, in order, for the test to await.
final class Events: Sendable {
    let stream: AsyncStream<String>
    private let continuation: AsyncStream<String>.Continuation

    init() {
        (stream, continuation) = AsyncStream.makeStream()
    }

    func send(_ event: String) {
        continuation.yield(event)
    }
}

@MainActor
@Suite struct AsyncEffectTests {
    /// An effect that waits for the gate numbered by the action, then renames to that number
    /// and passes the increment on.
    func makeEffect(cancelInFlight: Bool, gate: Gate, events: Events) -> AsyncEffect<Increment, TestState> {
        AsyncEffect(cancelInFlight: cancelInFlight) { action, effect in
            await gate.wait(action.by)
            let cancelled = Task.isCancelled
            let dispatched = await effect.dispatch(action: Rename(name: "run \(action.by)"))
            let passed = await effect.next()
            events.send("run \(action.by): cancelled \(cancelled), dispatched \(dispatched), next \(passed)")
        }
    }

    @Test("the work runs asynchronously, and what it sends back is reduced on the main actor")
    func runsAndComesBack() async {
        let gate = Gate()
        let events = Events()
        let effect = makeEffect(cancelInFlight: false, gate: gate, events: events)
        let (store, _) = makeStore(middleware: [effect])
        var seenOnMainActor: [Int] = []
        let subscription = store.subscribe(to: \.self) { state, _ in
            MainActor.assertIsolated()
            seenOnMainActor.append(state.count)
        }

        store.dispatch(action: Increment(by: 1))
        // The action waits for the work: nothing was reduced yet.
        #expect(store.state.count == 0)
        #expect(effect.inFlightCount == 1)

        await gate.open(1)
        await effect.waitUntilIdle()
        #expect(store.state.count == 1)
        #expect(store.state.name == "run 1")
        #expect(effect.inFlightCount == 0)
        var iterator = events.stream.makeAsyncIterator()
        #expect(await iterator.next() == "run 1: cancelled false, dispatched true, next true")
        #expect(seenOnMainActor == [0, 1])  // the rename, then the increment
        _ = subscription
    }

    @Test("with cancelInFlight, a new action cancels the previous run, and its late results are ignored")
    func cancelsInFlight() async {
        let gate = Gate()
        let events = Events()
        let effect = makeEffect(cancelInFlight: true, gate: gate, events: events)
        let (store, _) = makeStore(middleware: [effect])

        store.dispatch(action: Increment(by: 1))
        store.dispatch(action: Increment(by: 2))
        #expect(effect.inFlightCount == 1)

        await gate.open(2)
        await effect.waitUntilIdle()
        #expect(store.state.count == 2)
        #expect(store.state.name == "run 2")

        // The first run finishes after the second: too late, nothing it sends lands.
        await gate.open(1)
        var iterator = events.stream.makeAsyncIterator()
        #expect(await iterator.next() == "run 2: cancelled false, dispatched true, next true")
        #expect(await iterator.next() == "run 1: cancelled true, dispatched false, next false")
        #expect(store.state.count == 2)
        #expect(store.state.name == "run 2")
    }

    @Test("without cancelInFlight, every run lands, in the order the runs finish")
    func keepsEveryRun() async {
        let gate = Gate()
        let events = Events()
        let effect = makeEffect(cancelInFlight: false, gate: gate, events: events)
        let (store, _) = makeStore(middleware: [effect])

        store.dispatch(action: Increment(by: 1))
        store.dispatch(action: Increment(by: 2))
        #expect(effect.inFlightCount == 2)
        await gate.open(2)
        var iterator = events.stream.makeAsyncIterator()
        #expect(await iterator.next() == "run 2: cancelled false, dispatched true, next true")
        await gate.open(1)
        #expect(await iterator.next() == "run 1: cancelled false, dispatched true, next true")
        await effect.waitUntilIdle()
        #expect(store.state.count == 3)
        #expect(store.state.name == "run 1")
    }

    @Test("cancelAll cancels every run in flight")
    func cancelAll() async {
        let gate = Gate()
        let events = Events()
        let effect = makeEffect(cancelInFlight: false, gate: gate, events: events)
        let (store, _) = makeStore(middleware: [effect])
        store.dispatch(action: Increment(by: 1))
        effect.cancelAll()
        #expect(effect.inFlightCount == 0)
        await gate.open(1)
        var iterator = events.stream.makeAsyncIterator()
        #expect(await iterator.next() == "run 1: cancelled true, dispatched false, next false")
        #expect(store.state == TestState(factory: store.state.factory))
    }

    @Test(
        "by default a keystroke is reduced only when its run calls next; with cancelInFlight, cancelled runs never reduce theirs"
    )
    func nextInTheRunLagsAndLoses() async {
        let effect = AsyncEffect<Increment, TestState>(cancelInFlight: true) { _, effect in
            await effect.next()
        }
        let (store, _) = makeStore(middleware: [effect])
        var seen: [Int] = []
        let subscription = store.subscribe(to: \.self) { state, _ in seen.append(state.count) }
        for by in 1...3 { store.dispatch(action: Increment(by: by)) }
        #expect(store.state.count == 0)
        await store.idle()
        #expect(seen == [3])
        subscription.cancel()
    }

    @Test("with reduceFirst every action is reduced during dispatch, and the run's next does nothing")
    func reduceFirst() async {
        let events = Events()
        let effect = AsyncEffect<Increment, TestState>(cancelInFlight: true, reduceFirst: true) {
            action, effect in
            let passed = await effect.next()
            let dispatched = await effect.dispatch(action: Rename(name: "run \(action.by)"))
            events.send("run \(action.by): next \(passed), dispatched \(dispatched)")
        }
        let (store, log) = makeStore(middleware: [effect])
        var seen: [Int] = []
        let subscription = store.subscribe(to: \.self) { state, _ in seen.append(state.count) }
        for by in 1...3 {
            store.dispatch(action: Increment(by: by))
            #expect(store.state.count == (1...by).reduce(0, +))
        }
        #expect(effect.reducesFirst)
        await store.idle()
        #expect(seen.prefix(3) == [1, 3, 6])
        #expect(store.state.name == "run 3")
        var iterator = events.stream.makeAsyncIterator()
        var runs: [String] = []
        for _ in 1...3 { runs.append(await iterator.next() ?? "") }
        #expect(
            runs.sorted() == [
                "run 1: next false, dispatched false", "run 2: next false, dispatched false",
                "run 3: next false, dispatched true",
            ])
        #expect(log.kinds.isEmpty)
        subscription.cancel()
    }

    @Test("other action types pass the effect by")
    func otherActions() {
        let effect = AsyncEffect<Increment, TestState> { _, _ in }
        let (store, _) = makeStore(middleware: [effect])
        store.dispatch(action: Rename(name: "Ada"))
        #expect(store.state.name == "Ada")
        #expect(effect.inFlightCount == 0)
    }

    @Test("the store counts each run: idle() waits for it")
    func idleWaitsForRuns() async {
        let gate = Gate()
        let events = Events()
        let effect = makeEffect(cancelInFlight: false, gate: gate, events: events)
        let (store, _) = makeStore(middleware: [effect])
        store.dispatch(action: Increment(by: 1))
        await gate.open(1)
        await store.idle()
        #expect(store.state.count == 1)
        #expect(store.state.name == "run 1")
        #expect(effect.inFlightCount == 0)
    }

    @Test("a TestStore receives what a run dispatches and finishes when it ended")
    func testStoreReceivesRuns() async throws {
        let gate = Gate()
        let events = Events()
        let effect = makeEffect(cancelInFlight: false, gate: gate, events: events)
        let store = TestStore(with: TestState(factory: CompositeViewModelFactory()), middleware: [effect])
        store.register(reducer: IncrementReducer.self)
        store.register(reducer: RenameReducer.self)
        await gate.open(2)
        try await store.send(Increment(by: 2)) { $0.count = 2 }
        try await store.receive(Rename.self) { $0.name = "run 2" }
        try await store.finish()
    }

    @Test("finish names the effect whose run holds the action")
    func finishNamesTheEffect() async throws {
        let gate = Gate()
        let events = Events()
        let effect = makeEffect(cancelInFlight: false, gate: gate, events: events)
        let store = TestStore(with: TestState(factory: CompositeViewModelFactory()), middleware: [effect])
        store.register(reducer: IncrementReducer.self)
        store.register(reducer: RenameReducer.self)
        store.exhaustivity = .off
        let text = await caughtTestStoreFailure {
            try await store.finish(timeout: .milliseconds(20))
            try await store.send(Increment(by: 3), timeout: .milliseconds(20))
        }?.message
        #expect(
            text == """
                send Increment(by: 3): not reduced within 20 ms.
                Still pending:
                  AsyncEffect<Increment, TestState> holds Increment(by: 3) without calling next
                  1 task started with dispatcher.task by AsyncEffect<Increment, TestState> running
                """
        )
        await gate.open(3)
        try await store.finish()
    }

    @Test("the context reads the dependencies the TestStore's trailing closure set")
    func contextReadsStoreDependencies() async throws {
        let effect = AsyncEffect<Increment, TestState>(reduceFirst: true) { _, effect in
            let greeting = effect.dependencies.greeting
            let farewell = effect.dependencies.farewell
            await effect.dispatch(action: Rename(name: "\(greeting), \(farewell)"))
        }
        let store = TestStore(with: TestState(factory: CompositeViewModelFactory()), middleware: [effect]) {
            $0.greeting = "set by the test"
        }
        store.register(reducer: IncrementReducer.self)
        store.register(reducer: RenameReducer.self)
        try await store.send(Increment(by: 1)) { $0.count = 1 }
        try await store.receive(Rename.self) { $0.name = "set by the test, farewell's testValue" }
        try await store.finish()
    }
}

private enum GreetingKey: DependencyKey {
    static let liveValue = "greeting's liveValue"
    static let testValue = "greeting's testValue"
}

private enum FarewellKey: DependencyKey {
    static let liveValue = "farewell's liveValue"
    static let testValue = "farewell's testValue"
}

extension DependencyValues {
    fileprivate var greeting: String {
        get { self[GreetingKey.self] }
        set { self[GreetingKey.self] = newValue }
    }

    fileprivate var farewell: String {
        get { self[FarewellKey.self] }
        set { self[FarewellKey.self] = newValue }
    }
}
