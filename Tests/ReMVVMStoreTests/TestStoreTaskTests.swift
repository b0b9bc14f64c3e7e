import ReMVVMStore
import ReMVVMTesting
import Testing

// Tests `try await store.send(action).finish()` (Sources/ReMVVMTesting/TestStoreTask.swift, and
// the tasks counted per sent action in Sources/Store/Engine/Effects/SentActionWork.swift): it
// waits for the tasks the action set off, through tasks started by tasks and by the middleware
// of the actions those dispatched, and not for the store's other tasks.

private struct Work: StoreState, Equatable {
    var isLoading = false
    var isLoaded = false
    var isSaved = false
    var isFetching = false
}

private struct Load: StoreAction {}
private struct Loaded: StoreAction {}
private struct Saved: StoreAction {}
private struct Poll: StoreAction {}
private struct Slow: StoreAction {}
private struct Fetch: StoreAction {}

private enum LoadReducer: Reducer {
    static func reduce(state: Work, with action: Load) -> Work {
        var state = state
        state.isLoading = true
        return state
    }
}

private enum LoadedReducer: Reducer {
    static func reduce(state: Work, with action: Loaded) -> Work {
        var state = state
        state.isLoaded = true
        return state
    }
}

private enum SavedReducer: Reducer {
    static func reduce(state: Work, with action: Saved) -> Work {
        var state = state
        state.isSaved = true
        return state
    }
}

private enum FetchReducer: Reducer {
    static func reduce(state: Work, with action: Fetch) -> Work {
        var state = state
        state.isFetching = true
        return state
    }
}

/// Gives the main actor away `count` times: work that takes a while without a clock.
@MainActor
private func yieldTimes(_ count: Int) async {
    for _ in 0..<count { await Task.yield() }
}

/// On `Load`: a task without an id that, after a while, starts a second task from its work,
/// which dispatches `Loaded` after a while.
private struct LoadMiddleware: Middleware {
    func applyMiddleware(for state: Work, action: Load, dispatcher: Dispatcher<Load, Work>) {
        dispatcher.next()
        dispatcher.task {
            await yieldTimes(20)
            dispatcher.task {
                await yieldTimes(20)
                dispatcher.dispatch(action: Loaded())
            }
        }
    }
}

/// On `Loaded`: a task with an id that dispatches `Saved` after a while.
private struct SaveMiddleware: Middleware {
    func applyMiddleware(for state: Work, action: Loaded, dispatcher: Dispatcher<Loaded, Work>) {
        dispatcher.next()
        dispatcher.task(id: "save") {
            await yieldTimes(20)
            dispatcher.dispatch(action: Saved())
        }
    }
}

private struct PollTask: Hashable, Sendable {}

/// On `Poll`: a task with an id that sleeps an hour on the store's clock.
private struct PollMiddleware: Middleware {
    func applyMiddleware(for state: Work, action: Poll, dispatcher: Dispatcher<Poll, Work>) {
        dispatcher.next()
        dispatcher.task(id: PollTask()) {
            try await dispatcher.dependencies.clock.sleep(for: .seconds(3_600))
        }
    }
}

/// On `Slow`: a task without an id that dispatches `Fetch`, then sleeps an hour on the store's
/// clock.
private struct SlowMiddleware: Middleware {
    func applyMiddleware(for state: Work, action: Slow, dispatcher: Dispatcher<Slow, Work>) {
        dispatcher.next()
        dispatcher.task {
            dispatcher.dispatch(action: Fetch())
            try? await dispatcher.dependencies.clock.sleep(for: .seconds(3_600))
        }
    }
}

private struct FetchTask: Hashable, Sendable {}

/// On `Fetch`: a task with an id that sleeps an hour on the store's clock.
private struct FetchMiddleware: Middleware {
    func applyMiddleware(for state: Work, action: Fetch, dispatcher: Dispatcher<Fetch, Work>) {
        dispatcher.next()
        dispatcher.task(id: FetchTask()) {
            try await dispatcher.dependencies.clock.sleep(for: .seconds(3_600))
        }
    }
}

@MainActor
private func makeStore(_ clock: TestClock) -> TestStore<Work> {
    let store = TestStore(
        with: Work(),
        middleware: [
            LoadMiddleware(), SaveMiddleware(), PollMiddleware(), SlowMiddleware(), FetchMiddleware(),
        ]
    ) { $0.clock = clock }
    store.register(reducer: LoadReducer.self)
    store.register(reducer: LoadedReducer.self)
    store.register(reducer: SavedReducer.self)
    store.register(reducer: FetchReducer.self)
    store.register(Poll.self)
    store.register(Slow.self)
    return store
}

@MainActor
@Suite("TestStore: send(action).finish() waits for that action's work only")
struct TestStoreTaskTests {
    @Test(
        "finish waits for the tasks of tasks and of the actions they dispatched, not for another send's task")
    func waitsForItsOwnWork() async throws {
        let clock = TestClock()
        let store = makeStore(clock)
        try await store.send(Poll())  // an hour's sleep: no concern of Load's

        let load = try await store.send(Load()) { $0.isLoading = true }
        try await load.finish()

        // Reduced before finish returned: Loaded from the task that Load's task started, Saved
        // from the task of Loaded's middleware.
        #expect(store.store.state.isLoaded)
        #expect(store.store.state.isSaved)
        #expect(clock.sleeperCount == 1)  // the poll sleeps on
        try await store.receive(Loaded.self) { $0.isLoaded = true }
        try await store.receive(Saved.self) { $0.isSaved = true }

        store.store.cancelTasks(id: PollTask())
        try await store.finish()
    }

    @Test("a finish that times out names each task of its action still running, and no other")
    func timeoutNamesTheTasks() async throws {
        let clock = TestClock()
        let store = makeStore(clock)
        try await store.send(Poll())
        let slow = try await store.send(Slow())

        let line = #line + 1
        let failure = await caughtTestStoreFailure { try await slow.finish(timeout: .milliseconds(100)) }

        #expect(failure?.filePath == #filePath)
        #expect(failure?.line == line)
        #expect(
            failure?.message == """
                finish of send Slow(): its tasks did not end within 100 ms. Still running:
                  a task started with dispatcher.task by SlowMiddleware
                  task FetchTask() started by FetchMiddleware
                """)

        await clock.run()  // wakes the three sleepers: every task returns
        try await store.receive(Fetch.self) { $0.isFetching = true }
        try await store.finish()
    }
}
