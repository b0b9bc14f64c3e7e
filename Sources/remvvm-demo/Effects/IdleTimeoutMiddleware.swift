import ReMVVMStore

/// Logs the user out after a while without a command (`--idle-timeout`): a debounce on the
/// store's clock.
///
/// Each ``UserActivity`` while someone is logged in restarts one identified task that sleeps
/// for the timeout on the store's clock (`dispatcher.dependencies.clock`), a newer one
/// cancelling the one in flight; a logout, or activity with nobody logged in, cancels it.
/// When the sleep ends, `expired` runs: the app logs the user out from outside the store, as
/// a person pressing logout would, so a recorded session replays to the same state without
/// the timer (a follow-up dispatched by the task would be left out of a replay through the
/// middleware, and nothing would time out again during it).
///
/// Tests give the store a `TestClock` and move time with `advance(by:)`; nothing sleeps for
/// real.
struct IdleTimeoutMiddleware: StateMiddleware {
    /// The idle timer's identity among the store's tasks.
    struct Timer: Hashable, Sendable {}

    /// How long the user may go without a command.
    let timeout: Duration
    /// Runs on the main actor when `timeout` passed without a command, unless the timer was
    /// cancelled first.
    let expired: @MainActor () -> Void

    func applyMiddleware<Action: StoreAction>(
        for state: AppState,
        action: Action,
        dispatcher: Dispatcher<Action, AppState>
    ) {
        switch action {
        case is UserActivity:
            // Taken here, not passed on: activity has no reducer and changes no state.
            guard state.user != nil else {
                dispatcher.cancelTasks(id: Timer())
                return
            }
            let clock = dispatcher.dependencies.clock
            dispatcher.task(id: Timer(), cancelInFlight: true) { [timeout, expired] in
                try await clock.sleep(for: timeout)
                // A command that ran after the deadline but before this task resumed cancelled
                // it: the sleep is over, so only this check sees that.
                try Task.checkCancellation()
                expired()
            }
        case is LogoutAction:
            dispatcher.cancelTasks(id: Timer())
            dispatcher.next()
        default:
            dispatcher.next()
        }
    }
}
