// The dispatch's decisions, each made here and only here, from explicit state: what `next`
// does, what a middleware that returned did with its action, when a completion runs, and what
// the end of a pass leaves behind. Each decision is a transition that returns what to do; the
// engine (DispatchEngine.swift) and the level handles (DispatchLevel.swift) carry it out and
// decide nothing themselves.

/// The phase of one middleware level of one dispatch.
///
/// | phase | meaning | `next` then | when the middleware returns |
/// | --- | --- | --- | --- |
/// | `idle` | pooled, no action | (unreachable) | |
/// | `running` | its middleware runs | continues at once | `blocked`, or `deferred` if the dispatcher was kept |
/// | `passedOn` | `next` was called | is reported as a second call | stays `passedOn` |
/// | `deferred` | returned without `next`, dispatcher kept | resumes the chain (queued if the store is busy) | |
/// | `blocked` | returned without `next`, dispatcher dropped | (unreachable: nothing holds it) | |
@usableFromInline
enum LevelPhase: Sendable {
    case idle, running, passedOn, deferred, blocked

    /// What a call of `next` does.
    @usableFromInline
    enum Next: Sendable {
        /// The middleware is running: the rest of the chain runs inside this call.
        case continueChain
        /// The level was deferred: the chain resumes after it, now or after the current action.
        case resumeChain
        /// `next` was called before for this action: reported, and nothing else happens.
        case reportSecondCall
    }

    /// `next` was called on this level's dispatcher.
    @inlinable
    mutating func nextCalled() -> Next {
        switch self {
        case .running:
            self = .passedOn
            return .continueChain
        case .deferred:
            self = .passedOn
            return .resumeChain
        case .passedOn:
            return .reportSecondCall
        case .idle, .blocked:
            preconditionFailure("internal inconsistency: next on a level that no dispatcher can hold")
        }
    }

    /// The middleware of a level that is still `running` returned without calling `next`:
    /// the action is deferred when the middleware kept its dispatcher (it may call `next`
    /// later), blocked otherwise.
    ///
    /// Whether the dispatcher was kept is the one fact the engine reads from a reference count
    /// (`isKnownUniquelyReferenced` on the pooled level, in `DispatchEngine.settle`): Swift
    /// tells whether a value escaped in no other way, except a `deinit`, which would cost an
    /// allocation per middleware step. It is read once, here it becomes the level's phase, and
    /// everything after reads the phase.
    @inlinable
    static func returnedWithoutNext(keptDispatcher: Bool) -> LevelPhase {
        keptDispatcher ? .deferred : .blocked
    }
}

/// What happened to an action in one pass through its chain, recorded where it happens.
@usableFromInline
enum DispatchOutcome: Sendable {
    /// Its middleware are running (or the chain was resumed and runs again).
    case inProgress
    /// The reducer ran and the subscribers were told.
    case reduced
    /// It reached the end of the chain, but no reducer handles its type.
    case unhandled
    /// A middleware returned without calling `next` and let go of its dispatcher.
    case blocked
    /// A middleware returned without calling `next` but kept its dispatcher: it may resume.
    case deferred

    /// The outcome when a middleware returned without `next` and its level took `phase`.
    @inlinable
    init(returnedWithoutNext phase: LevelPhase) {
        self = phase == .deferred ? .deferred : .blocked
    }

    /// What the engine does with the context once the pass that started it returned.
    @usableFromInline
    enum End: Sendable {
        /// Reused for the next action.
        case reuse
        /// Held by the deferred level; subscribers released meanwhile are let go (rule 7).
        case keepForResume
        /// Reused, its kept completions forgotten and released subscribers let go.
        case forgetAndReuse
    }

    /// What the end of the pass that started the context leaves behind.
    @inlinable
    var end: End {
        switch self {
        case .reduced: .reuse
        case .deferred: .keepForResume
        case .blocked, .unhandled, .inProgress: .forgetAndReuse
        }
    }
}

/// When the completions given to `next` run: after the state changed and the subscribers were
/// told, the deepest level's first (reverse order of the stack), each exactly once, or never
/// when the action is blocked or has no reducer.
///
/// A chain that runs through runs each completion as its level's `next` returns: the call
/// stack gives the order. A completion whose action is deferred below it, or whose level was
/// itself deferred, waits in the context ("kept") and runs with the others kept for that
/// chain, sorted deepest first, right where the first resumed level's own completion would
/// have run; so every completion has run when that level's `next` returns, as in a chain that
/// never waited.
@usableFromInline
enum CompletionOrder {
    /// Whether a completion given to `next` on a level in `phase` can still run: only while its
    /// middleware runs or the level is deferred. A second `next`'s completion never runs (the
    /// call itself is reported).
    @inlinable
    static func mayRun(givenIn phase: LevelPhase) -> Bool {
        phase == .running || phase == .deferred
    }

    /// What to do with a completion when `next` is called on a level that is `running` or
    /// `deferred` (``mayRun(givenIn:)``), before passing the action on.
    @usableFromInline
    enum BeforeNext: Sendable {
        /// Keep it: its chain resumes, and it runs with the other kept completions.
        case keep
        /// Pass the action on, then decide by the outcome (``afterNext(_:)``).
        case decideAfterNext
    }

    @inlinable
    static func beforeNext(phase: LevelPhase, isFirstResumedLevel: Bool) -> BeforeNext {
        assert(mayRun(givenIn: phase), "internal inconsistency: a completion that can never run was placed")
        return phase == .running && !isFirstResumedLevel ? .decideAfterNext : .keep
    }

    /// What to do with a completion once `next` returned with the action's `outcome`.
    @usableFromInline
    enum AfterNext: Sendable {
        case runNow, keep, drop
    }

    @inlinable
    static func afterNext(_ outcome: DispatchOutcome) -> AfterNext {
        switch outcome {
        case .reduced: .runNow
        case .deferred: .keep
        case .inProgress, .blocked, .unhandled: .drop
        }
    }

    /// What to do with the kept completions when a resumed chain returned with `outcome`.
    @usableFromInline
    enum Kept: Sendable {
        case runDeepestFirst, wait, forget
    }

    @inlinable
    static func kept(after outcome: DispatchOutcome) -> Kept {
        switch outcome {
        case .reduced: .runDeepestFirst
        case .deferred, .inProgress: .wait
        case .blocked, .unhandled: .forget
        }
    }
}
