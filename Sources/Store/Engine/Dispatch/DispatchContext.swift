/// The storage of one action on its way through the middleware stack: its route, its outcome,
/// the pooled level handles, and the completions that wait for a deferred chain.
///
/// Storage only: the engine decides what happens (``DispatchEngine``). Most actions go through
/// synchronously; the engine then reuses the context and its levels for the next action, so
/// dispatching allocates nothing.
@MainActor
@usableFromInline
final class DispatchContext<State: StoreState> {
    /// The engine, valid while the context is on the engine's stack (assumption 4 in
    /// Unchecked.swift): a checked reference would cost a load per middleware.
    @usableFromInline let engineReference: UncheckedReference<DispatchEngine<State>>
    /// The engine, for a context that outlived its dispatch.
    @usableFromInline let link: EngineLink<State>
    // `@exclusivity(unchecked)` on the properties below: see assumption 6 in Unchecked.swift.
    /// Strong: a deferred level reaches its route's continuations through the context it
    /// holds, even after the store is gone.
    @exclusivity(unchecked) @usableFromInline var route: ActionRoute<State>
    @exclusivity(unchecked) @usableFromInline var outcome = DispatchOutcome.inProgress
    /// The first level of the chain being resumed, whose `next` settles the kept completions.
    @exclusivity(unchecked) @usableFromInline var resumedLevel: Int?
    /// The level whose middleware kept its dispatcher, while the outcome is `deferred`.
    @exclusivity(unchecked) @usableFromInline var deferredLevel: Int?
    /// Whether the engine is running this context's chain right now.
    @exclusivity(unchecked) @usableFromInline var isOnStack = false
    /// The level handles, reused while nothing else holds them.
    @exclusivity(unchecked) @usableFromInline var levels: [DispatchLevel] = []
    /// Completions of levels that are no longer on the stack, waiting for the reduce.
    @exclusivity(unchecked) @usableFromInline var keptCompletions:
        [(level: Int, run: @MainActor (State) -> Void)] = []

    @usableFromInline
    init(engine: DispatchEngine<State>, route: ActionRoute<State>) {
        engineReference = UncheckedReference(engine)
        self.route = route
        link = engine.link
    }

    /// The engine, retained for the caller: for paths off the dispatch's hot path.
    @inlinable
    var engine: DispatchEngine<State> { engineReference.object }

    /// Makes the context ready for another action.
    @inlinable
    func reset(route: ActionRoute<State>) {
        self.route = route
        outcome = .inProgress
        resumedLevel = nil
        deferredLevel = nil
        forgetKeptCompletions()
    }

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

    /// Runs the kept completions, deepest level first, then forgets them.
    func runKeptCompletions(with state: State) {
        let completions = keptCompletions.sorted { $0.level > $1.level }
        keptCompletions.removeAll()
        for completion in completions { completion.run(state) }
    }
}
