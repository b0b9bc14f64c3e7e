import ReMVVMStore
import ReMVVMTestSupport
import ReMVVMTesting
import Testing

// 1,000 seeded random schedules of dispatches that start tasks with an id, clock advances and
// cancellations (by a middleware, by the store, by cancelInFlight), checked against a
// reference model of which tasks must have run, in which order, and which must be cancelled.

private struct RunLog: StoreState, Equatable {
    var finished: [Int] = []
}

private struct Start: StoreAction {
    let number: Int
    let key: Int
    let delay: Int
    let cancelInFlight: Bool
}

private struct Finished: StoreAction { let number: Int }
private struct CancelKey: StoreAction { let key: Int }

private enum FinishedReducer: Reducer {
    static func reduce(state: RunLog, with action: Finished) -> RunLog {
        RunLog(finished: state.finished + [action.number])
    }
}

private enum StartReducer: Reducer {
    static func reduce(state: RunLog, with action: Start) -> RunLog { state }
}

private enum CancelKeyReducer: Reducer {
    static func reduce(state: RunLog, with action: CancelKey) -> RunLog { state }
}

/// Each `Start` sleeps `delay` ms on the store's clock under id `key`, then reports it finished.
private struct Starter: Middleware {
    func applyMiddleware(for state: RunLog, action: Start, dispatcher: Dispatcher<Start, RunLog>) {
        dispatcher.next()
        dispatcher.task(id: action.key, cancelInFlight: action.cancelInFlight) {
            try await dispatcher.dependencies.clock.sleep(for: .milliseconds(action.delay))
            dispatcher.dispatch(action: Finished(number: action.number))
        }
    }
}

private struct Canceller: Middleware {
    func applyMiddleware(for state: RunLog, action: CancelKey, dispatcher: Dispatcher<CancelKey, RunLog>) {
        dispatcher.cancelTasks(id: action.key)
        dispatcher.next()
    }
}

/// What must happen: tasks by deadline, then start order; cancelled ones never finish.
private struct Model {
    struct Entry {
        let number: Int
        let key: Int
        let deadline: Int
        var cancelled = false
        var finished = false
    }
    var now = 0
    var entries: [Entry] = []
    var finished: [Int] = []

    mutating func start(_ number: Int, key: Int, delay: Int, cancelInFlight: Bool) {
        if cancelInFlight { cancel(key: key) }
        entries.append(Entry(number: number, key: key, deadline: now + delay))
    }

    mutating func cancel(key: Int) {
        for index in entries.indices where entries[index].key == key && !entries[index].finished {
            entries[index].cancelled = true
        }
    }

    mutating func advance(by duration: Int) {
        now += duration
        let due = entries.indices
            .filter { !entries[$0].cancelled && !entries[$0].finished && entries[$0].deadline <= now }
            .sorted { (entries[$0].deadline, $0) < (entries[$1].deadline, $1) }
        for index in due {
            entries[index].finished = true
            finished.append(entries[index].number)
        }
    }

    mutating func runAll() {
        advance(by: (entries.map(\.deadline).max() ?? 0) - now + 1)
    }
}

@MainActor
@Suite("Task schedules: tasks with an id against a reference model")
struct TaskScheduleTests {
    @Test("1,000 random schedules of starts, advances and cancellations match the model")
    func randomSchedules() async {
        for seed in 0..<Reliability.modelCheckRuns(1000) {
            let (actual, expected, cancelled, pending) = await run(seed: UInt64(seed))
            #expect(actual == expected, "seed \(seed)")
            #expect(Set(actual).isDisjoint(with: cancelled), "seed \(seed)")
            #expect(pending == 0, "seed \(seed)")
            if actual != expected { return }
        }
    }

    private func run(seed: UInt64) async -> (
        actual: [Int], expected: [Int], cancelled: Set<Int>, pending: Int
    ) {
        var random = SeededGenerator(seed: seed)
        let clock = TestClock()
        let store = Store(with: RunLog(), middleware: [Starter(), Canceller()]) { $0.clock = clock }
        store.register(reducer: FinishedReducer.self)
        store.register(reducer: StartReducer.self)
        store.register(reducer: CancelKeyReducer.self)
        var model = Model()
        var number = 0
        for _ in 0..<Int.random(in: 5...25, using: &random) {
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<4:
                let key = Int.random(in: 0..<3, using: &random)
                let delay = 10 * Int.random(in: 1...5, using: &random)
                let cancelInFlight = Bool.random(using: &random)
                store.dispatch(
                    action: Start(number: number, key: key, delay: delay, cancelInFlight: cancelInFlight))
                model.start(number, key: key, delay: delay, cancelInFlight: cancelInFlight)
                number += 1
            case 4:
                let key = Int.random(in: 0..<3, using: &random)
                store.dispatch(action: CancelKey(key: key))
                model.cancel(key: key)
            case 5:
                let key = Int.random(in: 0..<3, using: &random)
                store.cancelTasks(id: key)
                model.cancel(key: key)
            default:
                let duration = 5 * Int.random(in: 0...8, using: &random)
                await clock.advance(by: .milliseconds(duration))
                model.advance(by: duration)
            }
        }
        let cancelled = Set(model.entries.filter(\.cancelled).map(\.number))
        await clock.run()
        model.runAll()
        await store.idle()
        return (store.state.finished, model.finished, cancelled, clock.sleeperCount)
    }
}
