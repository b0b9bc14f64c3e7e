/// A trace being collected while its action goes through the middleware stack.
@MainActor
final class TraceRecording {
    let number: Int
    /// The instrumented stack whose probes collect this trace.
    let stack: Int
    /// The dispatch the action travels in (see `Dispatcher.dispatchIdentity`): what a resumed
    /// action is matched by.
    let dispatch: ObjectIdentifier
    let actionTypeName: String
    let action: String
    let start: ContinuousClock.Instant
    /// The action as the last probe passed it on, to tell when a middleware replaced it.
    var currentAction: String
    /// The action as the reducer got it, when a middleware replaced the one dispatched.
    var reducedAction: String?
    /// The index of the last probe the action reached.
    var position = 0
    var positionTime: ContinuousClock.Instant
    var steps: [ActionTrace.Step] = []
    var outcome: ActionTrace.Outcome?
    var reducedAt: ContinuousClock.Instant?
    var completionsDuration: Duration?
    var isResumed = false

    init(
        number: Int,
        stack: Int, dispatch: ObjectIdentifier, actionTypeName: String, action: String,
        start: ContinuousClock.Instant
    ) {
        self.number = number
        self.stack = stack
        self.dispatch = dispatch
        self.actionTypeName = actionTypeName
        self.action = action
        self.currentAction = action
        self.start = start
        self.positionTime = start
    }

    /// When the probe that finished the trace returned.
    var end: ContinuousClock.Instant?

    /// Turns a deferral into a block: the middleware let the dispatcher go before its trace
    /// was written.
    func markBlocked() {
        endDeferral(as: ActionTrace.Outcome.blocked(by:), step: .blocked, at: nil)
    }

    /// Turns a deferral into a drop: the middleware let the dispatcher go at `time`, after the
    /// trace was written as deferred.
    func markDropped(at time: ContinuousClock.Instant) {
        endDeferral(as: ActionTrace.Outcome.dropped(by:), step: .dropped, at: time)
    }

    /// Replaces the deferred outcome and the deferring step; with a `time`, the step and the
    /// trace last until then.
    private func endDeferral(
        as outcome: (String) -> ActionTrace.Outcome, step result: ActionTrace.Result,
        at time: ContinuousClock.Instant?
    ) {
        guard case .deferred(let name) = self.outcome else { return }
        self.outcome = outcome(name)
        if let last = steps.last, last.result == .deferred {
            let duration = time.map { $0 - positionTime } ?? last.duration
            steps[steps.count - 1] = ActionTrace.Step(
                middleware: last.middleware, result: result, duration: duration)
        }
        if let time { end = time }
    }

    func trace() -> ActionTrace {
        let end = end ?? start
        return ActionTrace(
            number: number,
            actionType: actionTypeName,
            action: action,
            reducedAction: reducedAction,
            steps: steps,
            outcome: outcome ?? .unhandled,
            completionsDuration: completionsDuration,
            totalDuration: end - start,
            isResumed: isResumed
        )
    }
}
