// The dispatch handles: what a `Dispatcher` refers to, their storage and what they do off the
// chain's straight path (completions, deferral, dispatching from a middleware); how `next`
// runs the chain is in DispatchMachine.swift. They reach their typed context, route and engine
// through the unsafe handle's references and casts, each sound by one of the assumptions
// listed once in Unsafe/Unchecked.swift (numbered there, cited here).

/// The handle of one middleware level of one dispatch: what a ``Dispatcher`` refers to.
///
/// Pooled by its ``DispatchContext`` and reused from dispatch to dispatch while nothing else
/// holds it, so passing an action on allocates nothing.
@MainActor
@usableFromInline
final class DispatchLevel {
    /// The position of this level's middleware in its route.
    @usableFromInline let index: Int
    /// The `EngineLink<State>`: how a handle that outlived its dispatch reaches the engine.
    @usableFromInline let link: EngineLiveness
    // `@exclusivity(unchecked)` on the properties below: see assumption 6 in Unchecked.swift.
    @exclusivity(unchecked) @usableFromInline var phase = LevelPhase.idle
    /// The `DispatchContext<State>` whose `levels` hold this level; see assumption 2.
    @usableFromInline let context: UncheckedReference<AnyObject>
    /// The context, held while the level is deferred.
    @exclusivity(unchecked) @usableFromInline var heldContext: AnyObject?
    /// The `ActionRoute<State>` of the context; see assumption 3.
    @usableFromInline let route: UncheckedReference<RouteHandle>
    /// What the level runs: its route's step at ``index``, lent, so that the call reads it in
    /// place (from the route's array it was copied for each call: callgrind, `mw1`, 54
    /// instructions, and a retain and a release for a middleware that holds an object). Not
    /// held: a middleware that keeps its dispatcher would then hold itself. The route holds it,
    /// and a level runs its step only while the engine is on the stack (assumption 3).
    @usableFromInline let step: UncheckedReference<RouteStep>
    /// The action, while the middleware runs; see assumption 1.
    @exclusivity(unchecked) @usableFromInline var actionAddress: ErasedBorrow?
    /// A copy of the action, while the level is deferred.
    @exclusivity(unchecked) @usableFromInline var savedAction: HeldAction?

    @usableFromInline
    init(index: Int, link: EngineLiveness, context: AnyObject, route: RouteHandle, step: RouteStep) {
        self.index = index
        self.link = link
        self.context = UncheckedReference(context)
        self.route = UncheckedReference(route)
        self.step = UncheckedReference(step)
    }

    /// The context of a level that runs or is deferred, or that is passing the action on
    /// (assumption 2).
    @inlinable
    func context<State: StoreState>(as _: DispatchContext<State>.Type) -> DispatchContext<State> {
        assert(
            phase != .idle && phase != .blocked, "internal inconsistency: a level without a context read it")
        return uncheckedDowncast(context.object, to: DispatchContext<State>.self)
    }

    /// Passes the action on and arranges for `completion` to run once the state changed.
    ///
    /// While the middleware runs, the rest of the chain runs inside this call, so the
    /// completion runs right here when it returns with the action reduced: the deeper levels'
    /// completions ran first, as they returned. A deferred level's completion, or one whose
    /// action was deferred further down, waits in the context for the resumed chain.
    @inlinable
    func passOn<State: StoreState>(
        replacement: ErasedBorrow?, completion: @escaping @MainActor (State) -> Void
    ) {
        guard CompletionOrder.mayRun(givenIn: phase) else {
            passOn(replacement: replacement)
            return
        }
        // Read once: in a generic middleware this code runs unspecialized, and each read of the
        // context looks up its type's metadata (callgrind, `navigation.plain`: 260 instructions).
        let context = context(as: DispatchContext<State>.self)
        switch CompletionOrder.beforeNext(phase: phase, isFirstResumedLevel: context.resumedLevel == index) {
        case .keep:
            context.keep(completion, of: index)
            passOn(replacement: replacement)
        case .decideAfterNext:
            // The level passes the action on and never reads its context again (assumption 2):
            // the context was read before.
            passOn(replacement: replacement)
            switch CompletionOrder.afterNext(context.outcome) {
            case .runNow: completion(context.engine.state)
            case .keep: context.keep(completion, of: index)
            case .drop: break
            }
        }
    }

    /// Passes the replacement on; see ``passOn(replacement:)``.
    @inlinable
    func passOn<Action: StoreAction>(replacing action: inout Action) {
        withBorrowed(&action) { passOn(replacement: $0.erased) }
    }

    /// Passes the replacement on; see ``passOn(replacement:completion:)``.
    @inlinable
    func passOn<Action: StoreAction, State: StoreState>(
        replacing action: inout Action,
        completion: @escaping @MainActor (State) -> Void
    ) {
        withBorrowed(&action) { passOn(replacement: $0.erased, completion: completion) }
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

    /// The engine, while the store lives (assumption 4).
    @inlinable
    func engine<State: StoreState>(_: State.Type) -> DispatchEngine<State>? {
        return uncheckedDowncast(link, to: EngineLink<State>.self).engine
    }
}
