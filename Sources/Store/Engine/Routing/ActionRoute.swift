/// Everything the store needs to process one action type, found with one table lookup: the
/// middleware that see this type (already filtered from the stack), the reducer, and the
/// continuations of the chain (``RouteHandle``), made where the action type is known.
@MainActor
@usableFromInline
final class ActionRoute<State: StoreState>: RouteHandle {
    /// The middleware that see this type, as the app gave them: reports name these.
    @usableFromInline let middleware: [any AnyMiddleware]
    /// What runs for each of them: a typed middleware as a step whose types were checked when
    /// the route was built (``MiddlewareRouting/step(for:stateType:)``), so that a dispatch
    /// compares no types.
    @usableFromInline let steps: [RouteStep]
    // `@exclusivity(unchecked)` on the properties below: see assumption 6 in Unchecked.swift.
    /// Reduces the engine's state with the action at the address and commits it.
    /// Made where `register(reducer:)` is called, so it runs code specialized for the reducer.
    @exclusivity(unchecked) @usableFromInline private(set) var reduce: ReduceFunction<State>?
    /// The same reducer on a state of the caller's, without committing.
    @usableFromInline private(set) var fold: FoldFunction<State>?
    private(set) var reducerType: (any Reducer.Type)?
    /// Processes a queued action of the route's type with code specialized for it: a queued
    /// action waits as an existential, and opening it would run the whole dispatch
    /// unspecialized (callgrind, the `chain` workload: about twice the instructions).
    @usableFromInline let processQueued: @MainActor (DispatchEngine<State>, any StoreAction) -> Void
    /// Where the reducer applies, for reducers registered at a key path.
    private(set) var reducerKeyPath: AnyKeyPath?
    /// The context of this route's last dispatch, reused by the next one while no deferred
    /// chain holds it (``DispatchEngine/takeContext(of:)``).
    @exclusivity(unchecked) @usableFromInline var spareContext: DispatchContext<State>?

    @inlinable
    init<Action: StoreAction>(for _: Action.Type, middleware: [any AnyMiddleware]) {
        self.middleware = middleware
        steps = Self.steps(running: middleware)
        processQueued = { engine, action in
            guard let action = action as? Action else {
                preconditionFailure("internal inconsistency: a queued action on another type's route")
            }
            engine.process(action)
        }
        super.init(chainOf: Action.self, in: State.self)
    }

    /// What the route runs for each of its middleware (``steps``).
    @usableFromInline
    static func steps(running middleware: [any AnyMiddleware]) -> [RouteStep] {
        middleware.map { MiddlewareRouting.step(for: $0, stateType: State.self) }
    }

    @usableFromInline
    func setReducer(
        _ reducer: any Reducer.Type, keyPath: AnyKeyPath?, reduce: @escaping ReduceFunction<State>,
        fold: @escaping FoldFunction<State>
    ) {
        reducerType = reducer
        reducerKeyPath = keyPath
        self.reduce = reduce
        self.fold = fold
    }

    /// The reducer's name as reports give it: with its key path, if it reduces a part.
    @usableFromInline
    var reducerDescription: String? {
        guard let reducerType else { return nil }
        guard let reducerKeyPath else { return TypeName.of(reducerType) }
        return "\(TypeName.of(reducerType)) at \(reducerKeyPath)"
    }
}

/// Reduces the engine's state with the action at an address and commits the new state
/// (``DispatchEngine/commit(_:cause:)``).
@usableFromInline
typealias ReduceFunction<State: StoreState> = @MainActor (DispatchEngine<State>, ErasedBorrow) -> Void

/// Reduces a state of the caller's with an action of the route's type: the reducer alone, for
/// time travel and replays, which hold their actions as existentials (one cast each: opening
/// them instead ran the fold unspecialized, about 4,000 instructions per action in callgrind).
@usableFromInline
typealias FoldFunction<State: StoreState> = @MainActor (inout State, any StoreAction) -> Void
