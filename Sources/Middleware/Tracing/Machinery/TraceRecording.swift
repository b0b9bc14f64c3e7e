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
    /// The index of the last probe the action reached.
    var position = 0
    var positionTime: ContinuousClock.Instant
    var steps: [ActionTrace.Step] = []
    var outcome: ActionTrace.Outcome?
    var reducedAt: ContinuousClock.Instant?
    var completionsDuration: Duration?
    var isResumed = false
    /// Whether the action's completions were let go without running: it will not be reduced,
    /// and no middleware can resume it.
    var isLetGo = false

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

    /// Turns a deferral into a block: the middleware let the dispatcher go.
    func markBlocked() {
        guard case .deferred(let name) = outcome else { return }
        outcome = .blocked(by: name)
        if let last = steps.last, last.result == .deferred {
            steps[steps.count - 1] = ActionTrace.Step(
                middleware: last.middleware, result: .blocked, duration: last.duration)
        }
    }

    /// Turns a deferral into a drop: the middleware let the dispatcher go at `time`, after the
    /// trace was written as deferred.
    func markDropped(at time: ContinuousClock.Instant) {
        guard case .deferred(let name) = outcome else { return }
        outcome = .dropped(by: name)
        if let last = steps.last, last.result == .deferred {
            steps[steps.count - 1] = ActionTrace.Step(
                middleware: last.middleware, result: .dropped, duration: time - positionTime)
        }
        end = time
    }

    func trace() -> ActionTrace {
        let end = end ?? start
        return ActionTrace(
            number: number,
            actionType: actionTypeName,
            action: action,
            steps: steps,
            outcome: outcome ?? .unhandled,
            completionsDuration: completionsDuration,
            totalDuration: end - start,
            isResumed: isResumed
        )
    }
}
