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
    /// The reducer's dispatch closure, held by the route.
    private(set) var reducer: RouteReducer<State>?
    /// The same, lent to each dispatch: a closure read from a `var` is retained around its call
    /// (callgrind, `d0`). Set once, at registration; the route holds it (assumption 3).
    @exclusivity(unchecked) @usableFromInline
    private(set) var reducing: UncheckedReference<RouteReducer<State>>?
    /// The same reducer on a state of the caller's, without committing.
    @usableFromInline private(set) var fold: FoldFunction<State>?
    private(set) var reducerType: (any Reducer.Type)?
    /// Processes a queued action of the route's type with code specialized for it: a queued
    /// action waits as an existential, and opening it would run the whole dispatch
    /// unspecialized (callgrind, the `chain` workload: about twice the instructions).
    @usableFromInline let processQueued: @MainActor (DispatchEngine<State>, any StoreAction) -> Void
    /// Where the reducer applies, for reducers registered at a key path.
    private(set) var reducerKeyPath: AnyKeyPath?
    /// The place an action of this type is addressed to, for the reducers of one place (a row,
    /// an optional part, a navigation entry): read when a middleware starts a task, never by a
    /// dispatch.
    @usableFromInline var place: (@MainActor (any StoreAction) -> StatePlace<State>?)?
    /// The context of this route's last dispatch, reused by the next one while no deferred
    /// chain holds it (``DispatchEngine/takeContext(of:)``).
    @exclusivity(unchecked) @usableFromInline var spareContext: DispatchContext<State>?

    @inlinable
    init<Action: StoreAction>(for _: Action.Type, middleware: [any AnyMiddleware]) {
        self.middleware = middleware
        steps = Self.steps(running: middleware, for: Action.self)
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
    static func steps<Action: StoreAction>(
        running middleware: [any AnyMiddleware], for _: Action.Type
    ) -> [RouteStep] {
        middleware.map {
            MiddlewareRouting.step(for: $0, stateType: State.self).verified(for: Action.self, in: State.self)
        }
    }

    @usableFromInline
    func setReducer(
        _ reducer: any Reducer.Type, keyPath: AnyKeyPath?, reduce: @escaping ReduceFunction<State>,
        fold: @escaping FoldFunction<State>
    ) {
        reducerType = reducer
        reducerKeyPath = keyPath
        let reducer = RouteReducer(reduce)
        self.reducer = reducer
        reducing = UncheckedReference(reducer)
        self.fold = fold
    }

    /// The reducer's name as reports give it: with its key path, if it reduces a part.
    @usableFromInline
    var reducerDescription: String? {
        guard let reducerType else { return nil }
        if let described = reducerType as? any DescribedRegistration.Type {
            guard let reducerKeyPath else { return described.registrationDescription }
            return "\(described.registrationDescription) at \(reducerKeyPath)"
        }
        guard let reducerKeyPath else { return TypeName.of(reducerType) }
        return "\(TypeName.of(reducerType)) at \(reducerKeyPath)"
    }
}

/// A route's reducer, for a dispatch: reduces the engine's state with the action at an address
/// and commits the new state. Made where `register(reducer:)` is called, so it runs code
/// specialized for the reducer.
@MainActor
@usableFromInline
final class RouteReducer<State: StoreState> {
    @usableFromInline let reduce: ReduceFunction<State>

    init(_ reduce: @escaping ReduceFunction<State>) {
        self.reduce = reduce
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
