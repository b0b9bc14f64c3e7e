// The dispatch's machine: its state and every decision made on it. The state of a dispatch is
// the store's queue (``QueueState``), each action's pass (the ``DispatchContext``'s outcome,
// resumed and deferred levels, kept completions and pooled levels) and each middleware level's
// phase and held action (``DispatchLevel``). This file is the only one that writes any of it
// (`.ci/dispatch-writes.sh` checks): every other file reads the state and calls the events
// below, each of which returns what to do. The engine carries that out (DispatchEngine.swift,
// DispatchChain.swift) and decides nothing itself.
//
// The state lives in the engine's classes, which generic middleware code reaches through
// unretained handles (Unsafe/Unchecked.swift); the events are `@inlinable`, so that the client
// specializes them, which a `private(set)` would forbid: the script is the check.

// MARK: - The queue

/// The store's queue: whether it is processing, what waits, and how deep the dispatches from
/// within the store are. Work that arrives on an idle store runs at once, then what arrived
/// meanwhile, oldest first; the store is idle again only when nothing waits.
@usableFromInline
struct QueueState<State: StoreState> {
    /// Whether an action (or a resumed chain, or a change) is being processed.
    @usableFromInline var isBusy = false
    @usableFromInline var pending = FIFO<PendingWork<State>>()
    /// How many dispatches from within the store are on the stack: a middleware's or an
    /// effect's `Dispatcher.dispatch`, or the queue draining. 0 while an action handed to
    /// `Store.dispatch` on an idle store is processed (the action recorder tells the two apart).
    @usableFromInline var innerDepth = 0

    /// What arriving work does.
    @usableFromInline
    enum Arrival: Sendable {
        /// The store was idle and is busy now: run the work, then the queue, then ``finish()``.
        case runNow
        /// The store is busy: the work waits its turn.
        case queued
    }

    /// Work arrives: the queue's one entry point. `work` is made only when it must wait.
    @inlinable
    @inline(__always)
    mutating func arrive(_ work: @autoclosure () -> PendingWork<State>) -> Arrival {
        if isBusy {
            pending.append(work())
            return .queued
        }
        isBusy = true
        return .runNow
    }

    /// The oldest work that waits, taken out of the queue.
    @inlinable
    mutating func takeNext() -> PendingWork<State>? {
        assert(isBusy, "internal inconsistency: the queue of an idle store was drained")
        return pending.popFirst()
    }

    /// The work that arrived on an idle store, and all the work queued since, is done.
    @inlinable
    mutating func finish() {
        assert(isBusy && pending.isEmpty, "internal inconsistency: the store went idle with work queued")
        isBusy = false
    }

    /// A dispatch from within the store starts, or ends (``innerDepth``).
    @inlinable
    mutating func enterInner() { innerDepth &+= 1 }
    @inlinable
    mutating func leaveInner() { innerDepth &-= 1 }
}

// MARK: - The decisions

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
    /// Whether the dispatcher was kept is the one fact read from a reference count
    /// (`isKnownUniquelyReferenced` on the pooled level, in ``DispatchContext``'s
    /// `returnedWithoutNext`): Swift tells an escape in no other way but a `deinit`, which would
    /// cost an allocation per step. Read once, it becomes the phase, which all else reads.
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

// MARK: - A level's events

extension DispatchLevel {
    /// Readies the level for the middleware about to run with the action at `action`.
    @inlinable
    @inline(__always)
    func enter(action: ErasedBorrow) {
        assert(phase != .running && phase != .deferred, "internal inconsistency: a busy level was reused")
        phase = .running
        actionAddress = action
    }

    /// The level's middleware returned: the action's address is no longer valid (assumption
    /// 1). Whether the level is still `running`: the middleware returned without `next`, and
    /// its context settles it (``DispatchContext/returnedWithoutNext(_:action:)``).
    @inlinable
    @inline(__always)
    func middlewareReturned() -> Bool {
        actionAddress = nil
        return phase == .running
    }

    /// `next` was called on the level's dispatcher: what the call does.
    @inlinable
    @inline(__always)
    func nextCalled() -> LevelPhase.Next {
        phase.nextCalled()
    }

    /// The held context and action of a deferred level that called `next`, taken out of it.
    @inlinable
    func takeHeld<State: StoreState, Action: StoreAction>(
        _: DispatchContext<State>.Type,
        _: Action.Type
    ) -> (context: DispatchContext<State>, action: Action) {
        guard let held = heldContext, let saved = savedAction else {
            preconditionFailure("internal inconsistency: a deferred level holds no context")
        }
        heldContext = nil
        savedAction = nil
        return (
            uncheckedDowncast(held, to: DispatchContext<State>.self),
            uncheckedDowncast(saved, to: ActionBox<Action>.self).action
        )
    }

    /// Lets go of the context and the action of a deferred level whose store is gone.
    @usableFromInline
    func releaseHeld() {
        heldContext = nil
        savedAction = nil
    }
}

// MARK: - A pass's events

extension DispatchContext {
    /// Makes the context ready for another action of its route.
    @inlinable
    func reset() {
        outcome = .inProgress
        resumedLevel = nil
        deferredLevel = nil
        forgetKeptCompletions()
    }

    /// The pass that started the context begins or ends (``isOnStack``).
    @inlinable
    @inline(__always)
    func setOnStack(_ onStack: Bool) {
        isOnStack = onStack
    }

    /// Readies the pooled handle of middleware `index`: made at the first need, and made anew
    /// when a middleware kept the dispatcher of an earlier action (that handle is its own now).
    @inlinable
    @inline(__always)
    func readyLevel(_ index: Int, route: ActionRoute<State>) {
        if index == levels.count {
            levels.append(newLevel(index, route: route))
        } else if !isKnownUniquelyReferenced(&levels[index]) {
            levels[index] = newLevel(index, route: route)
        }
    }

    /// The action reached the end of the chain: reduced, or no reducer handles its type.
    @inlinable
    @inline(__always)
    func reachedEnd(reduced: Bool) {
        outcome = reduced ? .reduced : .unhandled
    }

    /// The middleware of `index` returned without passing its action on: blocked, or deferred
    /// when it kept its dispatcher (the level then takes the context and a copy of the action
    /// with it, and leaves the pool).
    @inlinable
    func returnedWithoutNext<Action: StoreAction>(_ index: Int, action: Borrowed<Action>) {
        // No local reference to the level before this check: it would count as one.
        let kept = !isKnownUniquelyReferenced(&levels[index])
        let phase = LevelPhase.returnedWithoutNext(keptDispatcher: kept)
        outcome = DispatchOutcome(returnedWithoutNext: phase)
        if phase == .deferred {
            deferLevel(index, action: action.value)
        } else {
            levels[index].phase = phase
        }
    }

    @usableFromInline
    func deferLevel<Action: StoreAction>(_ index: Int, action: Action) {
        let level = levels[index]
        level.phase = .deferred
        level.heldContext = self
        level.savedAction = ActionBox(action)
        levels[index] = newLevel(index, route: route)
        deferredLevel = index
    }

    /// A resumed chain runs after `index`; returns what ``endResumedPass(_:)`` puts back.
    @usableFromInline
    func beginResumedPass(after index: Int) -> (wasOnStack: Bool, resumedLevel: Int?) {
        let outer = (isOnStack, resumedLevel)
        outcome = .inProgress
        isOnStack = true
        resumedLevel = index &+ 1
        return outer
    }

    @usableFromInline
    func endResumedPass(_ outer: (wasOnStack: Bool, resumedLevel: Int?)) {
        resumedLevel = outer.resumedLevel
        isOnStack = outer.wasOnStack
    }

    // MARK: Completions

    /// Keeps the completion of `level` until the deferred chain is reduced.
    @usableFromInline
    func keep(_ completion: @escaping @MainActor (State) -> Void, of level: Int) {
        keptCompletions.append((level, completion))
    }

    /// Forgets the kept completions: the action will never be reduced, or the context is
    /// reused. Checked first: emptying an array of closures looks up its element type's
    /// metadata even when there is nothing to remove (callgrind, the `chain` workload).
    @inlinable
    func forgetKeptCompletions() {
        if !keptCompletions.isEmpty { keptCompletions.removeAll() }
    }

    /// Runs the kept completions once the action is reduced, deepest level first, or forgets
    /// them once it never will be; a chain deferred again keeps them (``CompletionOrder``).
    @usableFromInline
    func settleKeptCompletions(state: @autoclosure () -> State) {
        switch CompletionOrder.kept(after: outcome) {
        case .runDeepestFirst:
            let completions = keptCompletions.sorted { $0.level > $1.level }
            keptCompletions.removeAll()
            let state = state()
            for completion in completions { completion.run(state) }
        case .wait: break
        case .forget: forgetKeptCompletions()
        }
    }
}
