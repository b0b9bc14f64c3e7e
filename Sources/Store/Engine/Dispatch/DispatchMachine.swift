// The dispatch's decisions, each made here and only here, from explicit state: what `next`
// does, what a middleware that returned did with its action, when a completion runs, and what
// the end of a pass leaves behind. Each decision is a transition that returns what to do.
//
// Below the decisions, the chain that carries them out: a middleware's `next` (Dispatcher.swift)
// lands in `DispatchLevel.passOn`, which runs the next middleware through `runLevel`, all in
// this file; the engine (DispatchEngine.swift) starts and ends a dispatch and resumes deferred
// chains, and decides nothing itself. Everything here is safe Swift: the unchecked references
// and addresses come from the unsafe handle (Unsafe/Unchecked.swift), whose assumptions the
// comments cite by number.

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

// MARK: - The chain: carrying the decisions out

extension DispatchLevel {
    /// Readies the level for the middleware about to run with the action at `action`.
    @inlinable
    func enter(action: ErasedBorrow) {
        assert(phase != .running && phase != .deferred, "internal inconsistency: a busy level was reused")
        phase = .running
        actionAddress = action
    }

    /// Passes the action on: at once while the middleware runs, or by resuming the chain when
    /// the level was deferred. Any other phase means `next` was called a second time.
    ///
    /// - Parameter replacement: The action the rest of the chain sees instead, or `nil`.
    @usableFromInline
    func passOn(replacement: ErasedBorrow?) {
        switch phase.nextCalled() {
        case .continueChain:
            assert(
                replacement != nil || actionAddress != nil,
                "internal inconsistency: a running level without its action")
            let action = replacement ?? actionAddress.unsafelyUnwrapped
            route.withObject { $0.continueChain(self, action) }
        case .resumeChain:
            // The route lives as long as the engine (assumption 3); once the store is gone, the
            // level only lets go of what it held.
            if link.isAlive {
                route.object.resumeChain(self, replacement)
            } else {
                releaseHeld()
            }
        case .reportSecondCall:
            // The route of a level that passed its action on lives as long as the engine
            // (assumption 3): a second `next` after the store is gone does nothing.
            if link.isAlive { route.object.reportNextCalledTwice(self) }
        }
    }
}

extension DispatchEngine {
    /// Runs middleware `index` of `route`, the context's route, or the reducer after the last
    /// one. The route is passed down, lent by the caller, rather than read again from the
    /// context at each level.
    @inlinable
    func runLevel<Action: StoreAction>(
        _ index: Int, action: Borrowed<Action>, context: DispatchContext<State>, route: ActionRoute<State>
    ) {
        guard index < route.middleware.count else {
            context.outcome = reduce(action, route: route) ? .reduced : .unhandled
            return
        }
        if index == context.levels.count {
            context.levels.append(context.newLevel(index, route: route))
        } else if !isKnownUniquelyReferenced(&context.levels[index]) {
            // A middleware kept the dispatcher of an earlier action: that handle is its own now.
            context.levels[index] = context.newLevel(index, route: route)
        }
        // The level is read in place and lent, not retained, around the middleware's call:
        // nothing replaces it while it runs (assumptions 2 and 9). A retain and a release there
        // cost about 0.4x the floor in time (package-benchmark, `mw1`; `bound.mw1.borrowed`).
        let level = context.levels.withElementsInPlace { UncheckedReference($0[index]) }
        let stillRunning = level.withObject { level in
            level.enter(action: action.erased)
            // Read in place: a `switch` over an enum of the two copied the existential
            // (callgrind, `mw1`: 85 instructions).
            level.step.withObject { step in
                if step.typed != nil {
                    // Made by the middleware's conformance for this route's types (assumption
                    // 5), and lent: bound with `if let`, it and its closure cost two retains and
                    // releases (callgrind, `mw1.typed`).
                    UncheckedReference(step.typed.unsafelyUnwrapped).withObject(
                        as: TypedStep<Action, State>.self
                    ) { typed in
                        typed.call(state, action.value, Dispatcher<Action, State>(level: level))
                    }
                } else {
                    step.middleware.applyMiddleware(
                        for: state,
                        action: action.value,
                        dispatcher: Dispatcher<Action, State>(level: level)
                    )
                }
            }
            level.actionAddress = nil
            return level.phase == .running
        }
        if stillRunning { settle(index, action: action, context: context) }
    }

    /// Decides what a middleware that returned without passing its action on did with it.
    @inlinable
    func settle<Action: StoreAction>(
        _ index: Int, action: Borrowed<Action>, context: DispatchContext<State>
    ) {
        // No local reference to the level before this check: it would count as one.
        let kept = !isKnownUniquelyReferenced(&context.levels[index])
        let phase = LevelPhase.returnedWithoutNext(keptDispatcher: kept)
        context.outcome = DispatchOutcome(returnedWithoutNext: phase)
        if phase == .deferred {
            deferLevel(index, action: action.value, context: context)
        } else {
            context.levels[index].phase = phase
        }
    }

    /// Called by a level's `next` while its middleware runs: the chain goes on at once.
    @inlinable
    static func continueChain<Action: StoreAction>(after level: DispatchLevel, action: Borrowed<Action>) {
        level.context.withObject(as: DispatchContext<State>.self) { context in
            assert(
                context.isOnStack, "internal inconsistency: a running level whose context is not on the stack"
            )
            assert(context.link.isAlive, "internal inconsistency: a chain runs in a deallocated store")
            context.engineReference.withObject { engine in
                level.route.withObject(as: ActionRoute<State>.self) { route in
                    engine.runLevel(level.index &+ 1, action: action, context: context, route: route)
                }
                if context.resumedLevel == level.index { engine.settleKeptCompletions(of: context) }
            }
        }
    }
}

/// What a level needs of its route without knowing the action or state type: the continuations
/// of the chain, made here where the action type is known (by `ActionRoute`'s `@inlinable`
/// initializer, so that the client's module specializes them: an overriding method of a generic
/// class would run the library's unspecialized code, which doubled the `chain` workload in
/// callgrind), so that `next` runs specialized code even from an unspecialized generic
/// middleware.
@MainActor
@usableFromInline
class RouteHandle {
    /// Runs the rest of the chain after `level`, with the action at the address.
    @usableFromInline let continueChain: @MainActor (DispatchLevel, ErasedBorrow) -> Void
    /// Resumes the chain after the deferred `level`, with a replacement action or its own.
    @usableFromInline let resumeChain: @MainActor (DispatchLevel, ErasedBorrow?) -> Void
    /// Reports a second `next` from `level`.
    @usableFromInline let reportNextCalledTwice: @MainActor (DispatchLevel) -> Void

    @inlinable
    init<State: StoreState, Action: StoreAction>(chainOf _: Action.Type, in _: State.Type) {
        continueChain = { level, action in
            DispatchEngine<State>.continueChain(after: level, action: action.assuming(Action.self))
        }
        resumeChain = { level, replacement in
            DispatchEngine<State>.resumeChain(
                after: level, replacement: replacement?.assuming(Action.self).value)
        }
        reportNextCalledTwice = { level in
            DispatchEngine<State>.reportNextCalledTwice(by: level, actionType: Action.self)
        }
    }
}

/// What a level runs: a typed ``Middleware``'s own call, made by its conformance for the
/// route's types (``Middleware/_typedStep()``), or else the middleware's generic method.
@MainActor
@usableFromInline
final class RouteStep {
    /// The middleware, called through its generic method when it has no typed call.
    @usableFromInline let middleware: any AnyMiddleware
    /// A ``TypedStep`` of the route's action and state types, or `nil`: the route was built
    /// only after ``MiddlewareRouting/sees(_:actionType:stateType:)`` compared both, and
    /// ``verified(for:in:)`` dropped any other object a conformance returned (assumption 5).
    @usableFromInline let typed: AnyObject?

    init(_ middleware: any AnyMiddleware, typed: AnyObject? = nil) {
        self.middleware = middleware
        self.typed = typed
    }

    /// The step, without a typed call that is not the route's ``TypedStep``: a conformance
    /// that implements ``Middleware/_typedStep()`` itself is called through its generic method.
    /// Checked once, when the route is built, so that each dispatch may downcast unchecked.
    func verified<Action: StoreAction, State: StoreState>(for _: Action.Type, in _: State.Type) -> RouteStep {
        guard let typed, !(typed is TypedStep<Action, State>) else { return self }
        return RouteStep(middleware)
    }
}

/// A typed ``Middleware``'s call, made by ``Middleware/_typedStep()`` in the client's module,
/// where the middleware's type is known: a dispatch calls it with code specialized for the
/// middleware. Called through a generic wrapper of the library instead, it ran the library's
/// unspecialized code, which copied the state through value witnesses and looked up the
/// middleware's associated types at each step (callgrind, `mw1.typed`: 263 instructions more
/// than a pass-through step).
@MainActor
@usableFromInline
final class TypedStep<Action: StoreAction, State: StoreState> {
    @usableFromInline let call: @MainActor (State, Action, Dispatcher<Action, State>) -> Void

    @inlinable
    init(_ call: @escaping @MainActor (State, Action, Dispatcher<Action, State>) -> Void) {
        self.call = call
    }
}

/// A ``StateMiddleware`` in a store of its own state type, compared once when its route was
/// built (assumption 5 in Unchecked.swift).
struct CheckedStateMiddlewareStep<Wrapped: StateMiddleware>: AnyMiddleware {
    let wrapped: Wrapped

    init(_ wrapped: Wrapped) {
        self.wrapped = wrapped
    }

    func applyMiddleware<Action: StoreAction, State: StoreState>(
        for state: State,
        action: Action,
        dispatcher: Dispatcher<Action, State>
    ) {
        wrapped.applyMiddleware(
            for: reinterpret(state, as: Wrapped.State.self),
            action: action,
            dispatcher: reinterpret(dispatcher, as: Dispatcher<Action, Wrapped.State>.self)
        )
    }
}
