import ReMVVMStore
import ReMVVMTesting
import Testing

private struct Tally: StoreState, Equatable {
    var done: [String] = []
}

private struct Work: StoreAction {
    let name: String
    let cancelInFlight: Bool
}

private struct Done: StoreAction { let name: String }

private enum WorkReducer: Reducer {
    static func reduce(state: Tally, with action: Work) -> Tally { state }
}

private enum DoneReducer: Reducer {
    static func reduce(state: Tally, with action: Done) -> Tally { Tally(done: state.done + [action.name]) }
}

/// Each `Work` starts a task with id "work" that sleeps 10 ms on the clock, then reports done.
private struct Worker: Middleware {
    func applyMiddleware(for state: Tally, action: Work, dispatcher: Dispatcher<Work, Tally>) {
        dispatcher.next()
        dispatcher.task(id: "work", cancelInFlight: action.cancelInFlight) {
            try await dispatcher.dependencies.clock.sleep(for: .milliseconds(10))
            dispatcher.dispatch(action: Done(name: action.name))
        }
    }
}

@MainActor
private func makeStore(_ clock: TestClock) -> Store<Tally> {
    let store = Store(with: Tally(), middleware: [Worker()]) { $0.clock = clock }
    store.register(reducer: WorkReducer.self)
    store.register(reducer: DoneReducer.self)
    return store
}

@MainActor
@Suite("Tasks with an id")
struct TaskIdentityTests {
    @Test("without cancelInFlight, tasks with the same id run side by side")
    func sideBySide() async {
        let clock = TestClock()
        let store = makeStore(clock)
        store.dispatch(action: Work(name: "a", cancelInFlight: false))
        store.dispatch(action: Work(name: "b", cancelInFlight: false))
        await clock.advance(by: .milliseconds(10))
        await store.idle()
        #expect(store.state.done == ["a", "b"])
    }

    @Test("with cancelInFlight, only the newest runs")
    func newestWins() async {
        let clock = TestClock()
        let store = makeStore(clock)
        store.dispatch(action: Work(name: "a", cancelInFlight: true))
        store.dispatch(action: Work(name: "b", cancelInFlight: true))
        await clock.advance(by: .milliseconds(10))
        await store.idle()
        #expect(store.state.done == ["b"])
    }

    @Test("ids are per store: cancelling in one store leaves the other's task running")
    func perStore() async {
        let clock = TestClock()
        let first = makeStore(clock)
        let second = makeStore(clock)
        first.dispatch(action: Work(name: "first", cancelInFlight: true))
        second.dispatch(action: Work(name: "second", cancelInFlight: true))
        first.cancelTasks(id: "work")
        await clock.advance(by: .milliseconds(10))
        await first.idle()
        await second.idle()
        #expect(first.state.done.isEmpty)
        #expect(second.state.done == ["second"])
    }

    @Test("cancelling through the returned Task drops what the work dispatches afterwards")
    func cancelledHandle() async {
        let store = Store(with: Tally(), middleware: [HandleKeeper.shared])
        store.register(reducer: WorkReducer.self)
        store.register(reducer: DoneReducer.self)
        store.dispatch(action: Work(name: "late", cancelInFlight: false))
        HandleKeeper.shared.task?.cancel()
        HandleKeeper.shared.gate.resume()
        await store.idle()
        #expect(store.state.done.isEmpty)
        #expect(HandleKeeper.shared.finished)
    }
}

/// Starts a task with an id that waits for the gate, ignoring cancellation, then dispatches.
@MainActor
private final class HandleKeeper: Middleware {
    static let shared = HandleKeeper()
    var task: Task<Void, Never>?
    var finished = false
    let gate = Gate()

    func applyMiddleware(for state: Tally, action: Work, dispatcher: Dispatcher<Work, Tally>) {
        dispatcher.next()
        task = dispatcher.task(id: "late") { [gate] in
            await gate.wait()
            dispatcher.dispatch(action: Done(name: action.name))
            self.finished = true
        }
    }
}

/// Opens once; waiting ignores cancellation.
@MainActor
private final class Gate {
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    func resume() {
        isOpen = true
        for waiter in waiters { waiter.resume() }
        waiters.removeAll()
    }
}
