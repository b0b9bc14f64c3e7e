/// Ticks at a fixed interval on a clock, until the iterating task is cancelled: what
/// `clock.timer(interval:)` returns.
///
/// <!-- snippet: given dispatcher: Dispatcher<StartCountdown, AppState> -->
/// ```swift
/// struct Tick: StoreAction {}
///
/// dispatcher.task(id: "timer") {
///     for await _ in dispatcher.dependencies.clock.timer(interval: .seconds(1)) {
///         dispatcher.dispatch(action: Tick())
///     }
/// }
/// ```
///
/// Each element is the tick's time since the iteration started: `.seconds(1)`, `.seconds(2)`,
/// and so on. The ticks do not drift: the n-th tick is due at the start plus n intervals,
/// however long the loop's body took, and a body that took longer than an interval gets the
/// ticks it missed at once, one by one. The iteration never throws: it ends (`nil`) when its
/// task is cancelled, or when the clock's sleep throws for another reason.
///
/// On a `TestClock`, `await clock.advance(by: .seconds(3))` delivers three ticks, each body
/// running before the next tick; on an `ImmediateClock` every sleep ends at once, so the
/// ticks never pause: end such a loop yourself.
public struct ClockTimer: AsyncSequence, Sendable {
    /// The time of a tick since the iteration started.
    public typealias Element = Duration

    /// Sleeps on the clock until `offset` after the moment it was made; made for each
    /// iteration, where the clock's own type is known.
    typealias Sleep = @Sendable (_ offset: Duration) async throws -> Void

    private let clock: any Clock<Duration>
    /// The time between two ticks.
    public let interval: Duration

    init(clock: any Clock<Duration>, interval: Duration) {
        precondition(interval > .zero, "clock.timer(interval:): the interval \(interval) is not positive")
        self.clock = clock
        self.interval = interval
    }

    /// Starts an iteration: its ticks count from now, on the clock.
    ///
    /// <!-- snippet: given clock: TestClock -->
    /// ```swift
    /// Task {
    ///     var ticks = clock.timer(interval: .seconds(1)).makeAsyncIterator()
    ///     let first = await ticks.next()   // .seconds(1), once the clock reached it
    /// }
    /// ```
    ///
    /// - Returns: An iterator whose first tick is due one interval from now.
    public func makeAsyncIterator() -> Iterator {
        Iterator(interval: interval, sleep: Self.sleep(on: clock))
    }

    /// A sleep measured from the clock's present moment. Generic, so that the existential clock
    /// is opened and its instants keep their own type.
    private static func sleep<C: Clock>(on clock: C) -> Sleep where C.Duration == Swift.Duration {
        let start = clock.now
        return { offset in try await clock.sleep(until: start.advanced(by: offset), tolerance: nil) }
    }

    /// One iteration of a ``ClockTimer``.
    ///
    /// <!-- snippet: given clock: TestClock -->
    /// ```swift
    /// Task {
    ///     var ticks = clock.timer(interval: .milliseconds(500)).makeAsyncIterator()
    ///     while let elapsed = await ticks.next(), elapsed < .seconds(2) {}
    /// }
    /// ```
    public struct Iterator: AsyncIteratorProtocol {
        private let interval: Duration
        private let sleep: Sleep
        /// How many ticks were delivered.
        private var ticks = 0
        private var isFinished = false

        init(interval: Duration, sleep: @escaping Sleep) {
            self.interval = interval
            self.sleep = sleep
        }

        /// Waits for the next tick and returns its time since the iteration started; `nil`
        /// once the task was cancelled.
        ///
        /// - Returns: The tick's time since the start, or `nil` when the iteration ended.
        public mutating func next() async -> Duration? {
            await next(isolation: nil)
        }

        /// Waits for the next tick and returns its time since the iteration started; `nil`
        /// once the task was cancelled.
        ///
        /// - Parameter actor: The caller's actor, which the iteration returns to after the sleep.
        /// - Returns: The tick's time since the start, or `nil` when the iteration ended.
        public mutating func next(isolation actor: isolated (any Actor)?) async -> Duration? {
            // Checked before the sleep, so that a cancelled task's iteration ends at once
            // whatever the clock's sleep does with a task cancelled before it began (a continuous
            // clock's sleep on Linux was seen waiting out a one-hour tick under load).
            guard !isFinished, !Task.isCancelled else {
                isFinished = true
                return nil
            }
            let offset = interval * (ticks + 1)
            do {
                try await sleep(offset)
            } catch {
                isFinished = true
                return nil
            }
            ticks += 1
            return offset
        }
    }
}

@available(*, unavailable)
extension ClockTimer.Iterator: Sendable {}
