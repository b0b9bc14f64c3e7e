/// A trace being collected while its action goes through the middleware stack.
@MainActor
final class TraceRecording {
    let number: Int
    /// The instrumented stack whose probes collect this trace.
    let stack: Int
    let actionType: ObjectIdentifier
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

    init(
        number: Int,
        stack: Int, actionType: ObjectIdentifier, actionTypeName: String, action: String,
        start: ContinuousClock.Instant
    ) {
        self.number = number
        self.stack = stack
        self.actionType = actionType
        self.actionTypeName = actionTypeName
        self.action = action
        self.currentAction = action
        self.start = start
        self.positionTime = start
    }

    func trace(end: ContinuousClock.Instant) -> ActionTrace {
        ActionTrace(
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
