extension Clock where Duration == Swift.Duration {
    /// Ticks every `interval` on this clock, until the iterating task is cancelled.
    ///
    /// For a repeating effect: a stopwatch, a recording's elapsed time, a poll. Iterate it in a
    /// task with an id, so that another action can stop it, and read the clock from the store's
    /// dependencies, so that tests move its time:
    ///
    /// ```swift
    /// struct StartTimer: StoreAction {}
    /// struct Tick: StoreAction {}
    /// struct TimerTask: Hashable, Sendable {}
    ///
    /// struct TimerMiddleware: Middleware {
    ///     func applyMiddleware(for state: AppState, action: StartTimer,
    ///                          dispatcher: Dispatcher<StartTimer, AppState>) {
    ///         dispatcher.next()
    ///         dispatcher.task(id: TimerTask(), cancelInFlight: true) {
    ///             for await _ in dispatcher.dependencies.clock.timer(interval: .seconds(1)) {
    ///                 dispatcher.dispatch(action: Tick())
    ///             }
    ///         }
    ///     }
    /// }
    ///
    /// store.cancelTasks(id: TimerTask())   // stops it, from a view model or another middleware
    /// ```
    ///
    /// The n-th tick is due n intervals after the iteration started, on this clock: the ticks
    /// do not drift, however long the loop's body takes (a body that took longer than an
    /// interval gets the ticks it missed at once). The loop needs no `try`: cancelling the task
    /// ends it. Any `Clock` whose `Duration` is `Duration` has it, so the store's
    /// ``DependencyValues/clock`` (an `any Clock<Duration>`) does, and so does a `TestClock`,
    /// on which `await clock.advance(by: .seconds(3))` delivers three ticks, each one's body
    /// running before the next.
    ///
    /// - Parameter interval: The time between two ticks; more than zero.
    /// - Returns: The ticks, each the time since the iteration started.
    public func timer(interval: Swift.Duration) -> ClockTimer {
        ClockTimer(clock: self, interval: interval)
    }
}
