import ReMVVMStore
import ReMVVMTesting
import Testing

// Tests `clock.timer(interval:)` (Sources/Store/Effects/Clock+Timer.swift and ClockTimer.swift):
// ticks on the store's clock, read as `any Clock<Duration>` from the dependencies, moved by a
// TestClock; measured from the start, not from the end of the loop's body; ended by
// cancellation without an error.

private struct TimerState: StoreState, Equatable {
    var isRunning = false
    var ticks: [Duration] = []
}

private struct StartTimer: StoreAction {}
private struct Tick: StoreAction { let elapsed: Duration }
private struct TimerTask: Hashable, Sendable {}

private enum StartTimerReducer: Reducer {
    static func reduce(state: TimerState, with action: StartTimer) -> TimerState {
        TimerState(isRunning: true, ticks: state.ticks)
    }
}

private enum TickReducer: Reducer {
    static func reduce(state: TimerState, with action: Tick) -> TimerState {
        TimerState(isRunning: state.isRunning, ticks: state.ticks + [action.elapsed])
    }
}

/// What the timer's task saw: the clock's time at each tick, and whether its loop ended.
@MainActor
private final class Probe {
    let clock: TestClock
    var times: [Duration] = []
    var loopEnded = false

    init(clock: TestClock) {
        self.clock = clock
    }
}

/// Starts a task with an id that dispatches a `Tick` every second of the store's clock. After
/// the ticks whose numbers `slowTicks` holds, the loop's body sleeps `bodyTime` on the clock: a
/// body that takes time.
private struct TimerMiddleware: Middleware {
    let probe: Probe
    var bodyTime: Duration = .zero
    var slowTicks: Set<Int> = []

    func applyMiddleware(
        for state: TimerState, action: StartTimer, dispatcher: Dispatcher<StartTimer, TimerState>
    ) {
        dispatcher.next()
        dispatcher.task(id: TimerTask()) { [probe, bodyTime, slowTicks] in
            var count = 0
            for await elapsed in dispatcher.dependencies.clock.timer(interval: .seconds(1)) {
                count += 1
                probe.times.append(probe.clock.now.offset)
                dispatcher.dispatch(action: Tick(elapsed: elapsed))
                if slowTicks.contains(count) { try await dispatcher.dependencies.clock.sleep(for: bodyTime) }
            }
            probe.loopEnded = true
        }
    }
}

@MainActor
private func makeStore(_ middleware: TimerMiddleware) -> TestStore<TimerState> {
    let store = TestStore(with: TimerState(), middleware: [middleware]) { $0.clock = middleware.probe.clock }
    store.register(reducer: StartTimerReducer.self)
    store.register(reducer: TickReducer.self)
    return store
}

@MainActor
@Suite("clock.timer(interval:): ticks from the start, on any clock, until cancelled")
struct ClockTimerTests {
    @Test("advancing a TestClock by three intervals delivers three ticks; cancelling ends the loop")
    func threeTicks() async throws {
        let probe = Probe(clock: TestClock())
        let store = makeStore(TimerMiddleware(probe: probe))
        var diagnostics: [StoreDiagnostic] = []
        store.store.diagnosticsHandler = { diagnostics.append($0) }

        try await store.send(StartTimer()) { $0.isRunning = true }
        await probe.clock.advance(by: .seconds(3))
        for second in 1...3 {
            try await store.receive(Tick.self) { $0.ticks.append(.seconds(second)) }
        }
        #expect(probe.times == [.seconds(1), .seconds(2), .seconds(3)])

        // Not yet the fourth.
        await probe.clock.advance(by: .milliseconds(999))
        #expect(store.store.state.ticks.count == 3)

        store.store.cancelTasks(id: TimerTask())
        try await store.finish()
        #expect(probe.loopEnded)
        #expect(diagnostics.isEmpty)
    }

    @Test("a body that takes time does not delay the next tick: ticks are due at start + n intervals")
    func noDrift() async throws {
        let probe = Probe(clock: TestClock())
        let store = makeStore(
            TimerMiddleware(probe: probe, bodyTime: .milliseconds(400), slowTicks: [1, 2, 3]))

        try await store.send(StartTimer()) { $0.isRunning = true }
        await probe.clock.advance(by: .seconds(3))
        // Measured from the end of each body, the third tick would be due at 3.8 s.
        for second in 1...3 {
            try await store.receive(Tick.self) { $0.ticks.append(.seconds(second)) }
        }
        #expect(probe.times == [.seconds(1), .seconds(2), .seconds(3)])

        store.store.cancelTasks(id: TimerTask())
        try await store.finish()
    }

    @Test("a body that took longer than an interval gets the ticks it missed at once, in order")
    func missedTicks() async throws {
        let probe = Probe(clock: TestClock())
        let store = makeStore(TimerMiddleware(probe: probe, bodyTime: .milliseconds(2_500), slowTicks: [1]))

        try await store.send(StartTimer()) { $0.isRunning = true }
        await probe.clock.advance(by: .seconds(4))
        for second in 1...4 {
            try await store.receive(Tick.self) { $0.ticks.append(.seconds(second)) }
        }
        #expect(probe.times == [.seconds(1), .milliseconds(3_500), .milliseconds(3_500), .seconds(4)])

        store.store.cancelTasks(id: TimerTask())
        try await store.finish()
    }

    @Test("on a ContinuousClock held as any Clock<Duration>, the ticks come an interval apart")
    func continuousClock() async {
        let clock: any Clock<Duration> = ContinuousClock()
        let start = ContinuousClock.now
        var ticks: [Duration] = []
        for await elapsed in clock.timer(interval: .milliseconds(20)) {
            ticks.append(elapsed)
            if ticks.count == 3 { break }
        }
        #expect(ticks == [.milliseconds(20), .milliseconds(40), .milliseconds(60)])
        #expect(ContinuousClock.now - start >= .milliseconds(60))
    }

    @Test(
        "a cancelled task's iteration ends at once, without an error, and stays ended",
        .timeLimit(.minutes(1)))
    func cancellation() async {
        let ends = await Task {
            var ticks = ContinuousClock().timer(interval: .seconds(3_600)).makeAsyncIterator()
            withUnsafeCurrentTask { $0?.cancel() }
            let first = await ticks.next()
            let second = await ticks.next()
            return [first, second]
        }.value
        #expect(ends == [nil, nil])
    }

    @Test("an interval that is not positive stops the program, naming it")
    func nonPositiveInterval() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let ticks = ContinuousClock().timer(interval: .zero)
            print(ticks.interval)
        }
        let output = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(
            output.contains("clock.timer(interval:): the interval 0.0 seconds is not positive"), "\(output)")
    }
}
