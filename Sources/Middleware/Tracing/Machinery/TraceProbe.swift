import ReMVVMStore

/// The tracer's probe at one position of an instrumented stack: before the first middleware
/// (index 0), between two middleware, or after the last one (just before the reducer).
///
/// The probe at index `i` knows the action reached position `i`; when the probe at `i + 1`
/// is reached the middleware between them passed it on, and when probe `i`'s `next` returns
/// without that, the middleware held it back.
@MainActor
struct TraceProbe: AnyMiddleware {
    let tracer: Tracer
    let stack: Int
    let index: Int
    let preceding: (any AnyMiddleware)?
    let following: (any AnyMiddleware)?

    func applyMiddleware<Action: StoreAction, State: StoreState>(
        for state: State,
        action: Action,
        dispatcher: Dispatcher<Action, State>
    ) {
        guard tracer.isEnabled else {
            dispatcher.next()
            return
        }
        // Read before `next`, which ends this level's part in the dispatch.
        guard let dispatch = dispatcher.dispatchIdentity else {
            dispatcher.next()
            return
        }
        let now = tracer.clock.now
        let recording: TraceRecording
        var finishesHere = index == 0
        if index == 0 {
            recording = TraceRecording(
                number: tracer.nextNumber(),
                stack: stack,
                dispatch: dispatch,
                actionTypeName: TypeName.of(Action.self),
                action: ValueText.action(action),
                start: now
            )
        } else if let active = tracer.active, active.stack == stack, active.position == index - 1,
            active.dispatch == dispatch
        {
            recording = active
            recordPassedOn(action, state: state, recording: recording, at: now)
        } else if let resumed = tracer.takeDeferred(stack: stack, stoppedAt: index - 1, dispatch: dispatch) {
            // The middleware that deferred this very dispatch called `next`.
            recording = resumed
            recording.isResumed = true
            recording.outcome = nil
            if recording.steps.last?.result == .deferred { recording.steps.removeLast() }
            recordPassedOn(action, state: state, recording: recording, at: now)
            finishesHere = true
        } else {
            // Tracing was switched on while this action was on its way.
            dispatcher.next()
            return
        }
        recording.position = index
        recording.positionTime = now

        let outer = tracer.active
        tracer.active = recording
        let outcome = passOn(action, state: state, dispatcher: dispatcher, recording: recording)
        tracer.active = outer

        if recording.outcome == nil, recording.position == index, let following,
            outcome == .blocked || outcome == .deferred
        {
            // The next middleware returned without calling `next`: the engine says whether it
            // kept its dispatcher (deferred) or not (blocked).
            let name = Self.name(of: following)
            recording.steps.append(
                ActionTrace.Step(middleware: name, result: .deferred, duration: tracer.clock.now - now)
            )
            recording.outcome = .deferred(by: name)
            if outcome == .blocked { recording.markBlocked() }
        }
        if finishesHere {
            recording.end = tracer.clock.now
            tracer.finish(recording)
        }
    }

    /// Passes the action on; returns how its pass ended below this probe, as the engine says.
    private func passOn<Action: StoreAction, State: StoreState>(
        _ action: Action,
        state: State,
        dispatcher: Dispatcher<Action, State>,
        recording: TraceRecording
    ) -> StorePassOutcome? {
        let clock = tracer.clock
        let isFirst = index == 0
        guard following == nil else {
            guard isFirst else { return dispatcher.nextReportingOutcome() }
            // A deferred action whose completions are let go later was dropped.
            let watch = LetGoWatch(recording: recording, tracer: tracer)
            return dispatcher.nextReportingOutcome { _ in
                watch.completionRan()
                Self.recordCompletions(recording, clock: clock)
            }
        }
        // The last probe: the reducer runs right after it, then the completions, this one first.
        if recording.currentAction != recording.action { recording.reducedAction = recording.currentAction }
        let oldState = state
        let reduceStart = clock.now
        let outcome = dispatcher.nextReportingOutcome { newState in
            let duration = clock.now - reduceStart
            let changes = ValueDiff.differences(from: oldState, to: newState, valueLimit: Tracer.valueLimit)
            recording.outcome = .reduced(
                changes: changes.map {
                    ActionTrace.Change(
                        field: $0.path, oldValue: $0.from, newValue: $0.to, kind: .init($0.kind))
                },
                duration: duration
            )
            // Comparing the states is the tracer's own work: the completions are timed after it.
            recording.reducedAt = clock.now
        }
        if outcome == .unhandled { recording.outcome = .unhandled }
        return outcome
    }

    /// Runs as the first probe's completion, so after every other completion.
    private static func recordCompletions(_ recording: TraceRecording, clock: ContinuousClock) {
        guard let reducedAt = recording.reducedAt else { return }
        recording.completionsDuration = clock.now - reducedAt
    }

    private func recordPassedOn<Action: StoreAction, State: StoreState>(
        _ action: Action,
        state: State,
        recording: TraceRecording,
        at now: ContinuousClock.Instant
    ) {
        // A typed middleware for another action type never saw this one: the store skipped it.
        guard let preceding, MiddlewareRouting.sees(preceding, actionType: Action.self, stateType: State.self)
        else { return }
        let description = ValueText.action(action)
        let result: ActionTrace.Result =
            description == recording.currentAction ? .passedOn : .replaced(with: description)
        recording.currentAction = description
        recording.steps.append(
            ActionTrace.Step(
                middleware: Self.name(of: preceding),
                result: result,
                duration: now - recording.positionTime
            )
        )
    }

    /// A middleware's name in a trace: its type's, as ``TypeName`` writes it.
    static func name(of middleware: any AnyMiddleware) -> String {
        TypeName.of(type(of: middleware))
    }
}

extension ActionTrace.Change.Kind {
    /// The kind of a trace's change for a kind of difference.
    fileprivate init(_ kind: ValueDifference.Kind) {
        switch kind {
        case .changed: self = .changed
        case .added: self = .added
        case .removed: self = .removed
        case .reordered: self = .reordered
        }
    }
}
