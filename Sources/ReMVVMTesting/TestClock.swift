package import ReMVVMStore

/// A clock whose time moves only when a test says so: debounces, timeouts and delays run in
/// no real time, in the same order on every run.
///
/// Give it to the store under test as its clock, sleep on the store's clock in effects, and
/// move time with ``advance(by:)``:
///
/// ```swift
/// let clock = TestClock()
/// let store = TestStore(with: AppState(), middleware: [SearchMiddleware()]) {
///     $0.clock = clock
///     $0.searchClient = StubSearchClient(results: [dune])
/// }
/// store.register(reducer: QueryChangedReducer.self, at: \.search)
/// store.register(reducer: SearchResponseReducer.self, at: \.search)
/// try await store.send(QueryChanged(query: "du")) { $0.search.query = "du" }
/// await clock.advance(by: .milliseconds(300))   // the debounce ends, the search runs
/// try await store.receive(SearchResponse.self) { $0.search.results = [dune] }
/// try await store.finish()
/// ```
///
/// ``advance(by:)`` wakes the sleepers whose deadline it reaches one at a time, in deadline
/// order (sleepers with the same deadline in the order their tasks with an id started, then
/// in the order they started sleeping), sleepers that
/// start during the advance included, and lets each woken piece of work run until it waits
/// again before it wakes the next. For the tasks (`Dispatcher.task(priority:_:)` and
/// `Dispatcher.task(id:cancelInFlight:_:)`) of a store whose dependencies hold the clock,
/// "waits again" is exact: before it moves time and after each wake, the advance waits until
/// every such task sleeps on this clock or returned, whatever it awaits in between (a stub
/// client, another actor), so the order of what they dispatch does not depend on how loaded
/// the machine is. A task started by the last `send` has slept before time moves, so its
/// deadline counts from where time was. (A task without an id is counted, not named: the
/// advance waits until as many sleepers without an id sleep as such tasks run.) That wait
/// gives up after one second of work that neither sleeps here nor returns (waiting on
/// something the test resolves later), and the advance goes on. Other sleepers (code outside
/// a store) get the main actor once after they are woken.
///
/// A cancelled task's sleep throws `CancellationError` at once, without moving time. The
/// clock is `Sendable`; time is moved from the main actor, where the store's effects run.
///
/// It is a clock for tests, not for an app's own loop. A loop that keeps time (a terminal UI
/// that redraws every second, a meeting timer) sleeps on the store's clock, which is
/// `ContinuousClock()` unless the store is given another, and its tests give the store a
/// `TestClock` and advance it. An app may advance a `TestClock` itself, since ``advance(by:)`` is
/// public and runs on the main actor, but time then moves only when the app moves it, and each
/// advance waits for the store's tasks to sleep or return (up to a second of other work):
/// that suits a scripted or replayed session, never keeping the wall clock's time.
public final class TestClock: Clock, Sendable {
    /// Everything that any thread may read: the time and who sleeps until when.
    private struct Timeline {
        var now = Instant()
        var sleepers: [Sleeper] = []
        var nextOrder: UInt64 = 0
        /// Sleeps cancelled before they were registered.
        var cancelledEarly: Set<UInt64> = []
    }

    /// One suspended `sleep(until:)`.
    private struct Sleeper {
        let order: UInt64
        let deadline: Instant
        /// The store task the sleep runs in, if it was started with an id.
        let task: RunningTask?
        let continuation: CheckedContinuation<Void, any Error>
        /// Ties between equal deadlines: the order the store tasks started in (the order
        /// their sleeps register in depends on the thread pool), then other sleepers.
        let startOrder: UInt64
    }

    private let timeline = Locked(Timeline())

    /// Creates a clock whose time is ``TestClockInstant/init(offset:)`` zero.
    ///
    /// ```swift
    /// let clock = TestClock()
    /// let store = TestStore(with: AppState()) { $0.clock = clock }
    /// ```
    public init() {}

    /// The current time: where the last ``advance(by:)`` left it.
    public var now: Instant {
        timeline.withLock { $0.now }
    }

    /// Zero: the clock moves by exactly the durations it is given.
    public var minimumResolution: Duration { .zero }

    /// The number of sleeps waiting for their deadline.
    ///
    /// ```swift
    /// let clock = TestClock()
    /// #expect(clock.sleeperCount == 0)
    /// ```
    public var sleeperCount: Int {
        timeline.withLock { $0.sleepers.count }
    }

    /// Suspends until ``advance(by:)`` or ``run()`` moves time to `deadline`, or the calling
    /// task is cancelled.
    ///
    /// ```swift
    /// let clock = TestClock()
    /// Task { try await clock.sleep(until: clock.now.advanced(by: .seconds(1))) }
    /// await clock.advance(by: .seconds(1))   // the sleep returns
    /// ```
    ///
    /// Effects usually call `sleep(for:)` on the store's clock, which calls this. A deadline
    /// already reached returns at once.
    ///
    /// - Parameters:
    ///   - deadline: When to wake.
    ///   - tolerance: Ignored: the clock wakes sleepers exactly at their deadline.
    /// - Throws: `CancellationError` when the calling task is or gets cancelled; the sleep
    ///   then ends at once.
    @MainActor
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let task = RunningTask.current
        let startOrder = task?.sequence ?? .max
        let order = timeline.withLock { timeline in
            defer { timeline.nextOrder += 1 }
            return timeline.nextOrder
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<Void, any Error>) in
                enum Start { case sleep, wake, cancel }
                let start = timeline.withLock { timeline -> Start in
                    if timeline.cancelledEarly.remove(order) != nil { return .cancel }
                    if deadline <= timeline.now { return .wake }
                    timeline.sleepers.append(
                        Sleeper(
                            order: order, deadline: deadline, task: task, continuation: continuation,
                            startOrder: startOrder))
                    return .sleep
                }
                switch start {
                case .sleep: break
                case .wake: continuation.resume()
                case .cancel: continuation.resume(throwing: CancellationError())
                }
            }
        } onCancel: { [timeline] in
            let sleeper = timeline.withLock { timeline -> Sleeper? in
                guard let index = timeline.sleepers.firstIndex(where: { $0.order == order }) else {
                    timeline.cancelledEarly.insert(order)
                    return nil
                }
                return timeline.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
        timeline.withLock { _ = $0.cancelledEarly.remove(order) }
    }

    /// Moves time forward by `duration`, waking every sleeper whose deadline it reaches, in
    /// deadline order.
    ///
    /// ```swift
    /// let clock = TestClock()
    /// let store = TestStore(with: AppState(), middleware: [SearchMiddleware()]) { $0.clock = clock }
    /// try await store.send(QueryChanged(query: "du")) { $0.search.query = "du" }
    /// await clock.advance(by: .milliseconds(300))
    /// try await store.receive(SearchResponse.self) { $0.search.results = [dune] }
    /// ```
    ///
    /// Time moves to each deadline in turn, so a woken sleeper reads ``now`` as its deadline,
    /// and one that sleeps again within the advance is woken again if its new deadline is
    /// reached. Each woken piece of work runs until it waits again before the next one wakes
    /// (see ``TestClock``). A zero or negative duration moves nothing, but still wakes the
    /// sleepers whose deadline is now.
    ///
    /// - Parameter duration: How far to move time.
    @MainActor
    public func advance(by duration: Duration = .zero) async {
        let target = timeline.withLock { $0.now.advanced(by: max(duration, .zero)) }
        await advance(to: target)
    }

    /// Moves time forward to `deadline`, waking every sleeper whose deadline it reaches, in
    /// deadline order; see ``advance(by:)``.
    ///
    /// ```swift
    /// let clock = TestClock()
    /// await clock.advance(to: clock.now.advanced(by: .seconds(5)))
    /// ```
    ///
    /// A deadline in the past moves nothing.
    ///
    /// - Parameter deadline: The time to move to.
    @MainActor
    public func advance(to deadline: Instant) async {
        // Tasks started before the call (a `send` that started a debounce) sleep first, so
        // their deadlines count from the time they were started at.
        await settle()
        while let sleeper = takeNextSleeper(until: deadline) {
            sleeper.continuation.resume()
            await settle()
        }
        timeline.withLock { $0.now = max($0.now, deadline) }
    }

    /// Advances until nothing sleeps on the clock any more.
    ///
    /// ```swift
    /// let clock = TestClock()
    /// store.dispatch(action: StartCountdown(seconds: 3))
    /// await clock.run()   // three ticks, then nothing sleeps
    /// ```
    ///
    /// Work that sleeps again and again (a repeating timer) keeps it running: move time with
    /// ``advance(by:)`` instead, or cancel the work first.
    @MainActor
    public func run() async {
        await settle()
        while let deadline = timeline.withLock({ $0.sleepers.map(\.deadline).min() }) {
            await advance(to: deadline)
        }
    }

    // MARK: - Waking

    /// The first sleeper by deadline, then by order, whose deadline is at most `limit`, taken
    /// out of the timeline with the time moved to its deadline.
    private func takeNextSleeper(until limit: Instant) -> Sleeper? {
        timeline.withLock { timeline in
            let due = timeline.sleepers.indices.filter { timeline.sleepers[$0].deadline <= limit }
            guard
                let index = due.min(by: {
                    let (a, b) = (timeline.sleepers[$0], timeline.sleepers[$1])
                    return (a.deadline, a.startOrder, a.order) < (b.deadline, b.startOrder, b.order)
                })
            else { return nil }
            let sleeper = timeline.sleepers.remove(at: index)
            timeline.now = max(timeline.now, sleeper.deadline)
            return sleeper
        }
    }

    /// The stores whose tasks the clock waits for, as functions returning their running tasks
    /// (`nil` once the store is gone).
    private let stores = Locked<[@MainActor @Sendable () -> StoreRunningTasks?]>([])

    /// Makes ``advance(by:)`` wait for the tasks `runningTasks` returns; called by a store whose
    /// dependencies hold this clock.
    @MainActor
    package func watchTasks(_ runningTasks: @escaping @MainActor @Sendable () -> StoreRunningTasks?) {
        stores.withLock { $0.append(runningTasks) }
    }

    /// Lets the work that was woken or started run until it waits again: yields the main actor,
    /// then waits until every task of the watched stores sleeps on this clock or
    /// returned, however long what it awaits in between takes to come back. Counts at most
    /// 50 ms per check, as ``TestStore``'s waits do, and gives up after one second of counted
    /// time, for work that waits on something else than this clock.
    @MainActor
    private func settle() async {
        await Task.yield()
        let clock = ContinuousClock()
        var waited = Duration.zero
        var last = clock.now
        var checks = 0
        while !isSettled(), waited < .seconds(1) {
            checks += 1
            if checks < 64 {
                await Task.yield()
            } else {
                try? await Task.sleep(for: .microseconds(200))
            }
            let now = clock.now
            waited += min(now - last, .milliseconds(50))
            last = now
        }
    }

    /// Whether every running task of the watched stores sleeps on this clock: each task with an
    /// id by name, and as many sleepers without an id as there are tasks without one (a task
    /// without an id has no record to name it by).
    @MainActor
    private func isSettled() -> Bool {
        // Only the main actor changes `stores`, so nothing is added between the two locks.
        let watchers = stores.withLock { $0 }
        var running: [RunningTask] = []
        var withoutID = 0
        var live: [@MainActor @Sendable () -> StoreRunningTasks?] = []
        for watcher in watchers {
            guard let tasks = watcher() else { continue }
            running += tasks.identified
            withoutID += tasks.withoutID
            live.append(watcher)
        }
        if live.count < watchers.count { stores.withLock { $0 = live } }
        guard !running.isEmpty || withoutID > 0 else { return true }
        return timeline.withLock { timeline in
            running.allSatisfy { task in timeline.sleepers.contains { $0.task === task } }
                && timeline.sleepers.count { $0.task == nil } >= withoutID
        }
    }
}

extension TestClock: StoreTaskWatchingClock {}
