// The dispatch handle: what a `Dispatcher` refers to, and its storage. Its phase and what it
// holds are written only by the machine's events (DispatchMachine.swift); how `next` runs the
// chain is in DispatchChain.swift. It reaches its typed context, route and engine through the
// unsafe handle's references and casts, each sound by one of the assumptions listed once in
// Unsafe/Unchecked.swift (numbered there, cited here).

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
    @inline(__always)
    func context<State: StoreState>(as _: DispatchContext<State>.Type) -> DispatchContext<State> {
        assert(
            phase != .idle && phase != .blocked, "internal inconsistency: a level without a context read it")
        return uncheckedDowncast(context.object, to: DispatchContext<State>.self)
    }

    /// The engine, while the store lives (assumption 4).
    @inlinable
    func engine<State: StoreState>(_: State.Type) -> DispatchEngine<State>? {
        return uncheckedDowncast(link, to: EngineLink<State>.self).engine
    }
}
