// Properties marked `@exclusivity(unchecked)`: see assumption 6 in UncheckedCasts.swift.

/// Everything the store needs to process one action type, found with one table lookup: the
/// middleware that see this type (already filtered from the stack), the reducer, and the
/// continuations of the chain, made where the action type is known.
@MainActor
@usableFromInline
final class ActionRoute<State: StoreState>: RouteHandle {
    @usableFromInline let middleware: [any AnyMiddleware]
    /// Reduces the engine's state with the action at the pointer and tells the subscribers.
    /// Made where `register(reducer:)` is called, so it runs code specialized for the reducer.
    @exclusivity(unchecked) @usableFromInline private(set) var reduce: ReduceFunction<State>?
    private(set) var reducerType: (any Reducer.Type)?
    /// Processes a queued action of the route's type with code specialized for it: a queued
    /// action waits as an existential, and opening it would run the whole dispatch
    /// unspecialized (callgrind, the `chain` workload: about twice the instructions).
    @usableFromInline let processQueued: @MainActor (DispatchEngine<State>, any StoreAction) -> Void
    /// Where the reducer applies, for reducers registered at a key path.
    private(set) var reducerKeyPath: AnyKeyPath?

    @inlinable
    init<Action: StoreAction>(for _: Action.Type, middleware: [any AnyMiddleware]) {
        self.middleware = middleware
        processQueued = { engine, action in
            guard let action = action as? Action else {
                preconditionFailure("internal inconsistency: a queued action on another type's route")
            }
            engine.process(action)
        }
        super.init(
            continueChain: { level, action in
                DispatchEngine<State>.continueChain(
                    after: level, action: action.assumingMemoryBound(to: Action.self))
            },
            resumeChain: { level, replacement in
                DispatchEngine<State>.resumeChain(
                    after: level, replacement: replacement?.assumingMemoryBound(to: Action.self).pointee)
            },
            reportNextCalledTwice: { level in
                DispatchEngine<State>.reportNextCalledTwice(by: level, actionType: Action.self)
            }
        )
    }

    @usableFromInline
    func setReducer(
        _ reducer: any Reducer.Type, keyPath: AnyKeyPath?, reduce: @escaping ReduceFunction<State>
    ) {
        reducerType = reducer
        reducerKeyPath = keyPath
        self.reduce = reduce
    }

    /// The reducer's name as reports give it: with its key path, if it reduces a part.
    @usableFromInline
    var reducerDescription: String? {
        guard let reducerType else { return nil }
        guard let reducerKeyPath else { return "\(reducerType)" }
        return "\(reducerType) at \(reducerKeyPath)"
    }
}

/// Reduces the engine's state with an action behind a pointer, and tells the subscribers.
@usableFromInline
typealias ReduceFunction<State: StoreState> = @MainActor (DispatchEngine<State>, UnsafeRawPointer) -> Void

/// The routes of one store, by action type, and the registration of reducers.
@MainActor
@usableFromInline
struct RouteTable<State: StoreState> {
    @usableFromInline var table = TypeTable<ActionRoute<State>>()
    @usableFromInline let stack: [any AnyMiddleware]

    init(stack: [any AnyMiddleware]) {
        self.stack = stack
    }

    /// The route of `Action`, made at its first use.
    @inlinable
    mutating func route<Action: StoreAction>(for type: Action.Type) -> ActionRoute<State> {
        if let route = table.value(for: type) { return route }
        let route = ActionRoute<State>(for: type, middleware: stack.filter { sees($0, Action.self) })
        add(route, for: type)
        return route
    }

    /// The route of a type made before, or `nil`.
    @usableFromInline
    func existingRoute(for type: any StoreAction.Type) -> ActionRoute<State>? {
        table.value(for: type)
    }

    @usableFromInline
    mutating func add(_ route: ActionRoute<State>, for type: any StoreAction.Type) {
        table.set(route, for: type)
    }

    @usableFromInline
    func sees(_ middleware: any AnyMiddleware, _ actionType: any StoreAction.Type) -> Bool {
        MiddlewareRouting.sees(middleware, actionType: actionType, stateType: State.self)
    }

    /// Makes `reduce` the reducer of `actionType`, or returns the message that reports an
    /// existing one (rule 5: one reducer per action type, whole state or part).
    @inlinable
    mutating func install<Action: StoreAction>(
        _ reducer: any Reducer.Type,
        at keyPath: AnyKeyPath?,
        reduce: @escaping ReduceFunction<State>,
        for actionType: Action.Type
    ) -> String? {
        let route = route(for: actionType)
        if let existing = route.reducerDescription {
            let new = keyPath.map { "\(reducer) at \($0)" } ?? "\(reducer)"
            return "\(new) cannot be registered for \(actionType): \(existing) already reduces it. "
                + "Each action type has exactly one reducer."
        }
        route.setReducer(reducer, keyPath: keyPath, reduce: reduce)
        return nil
    }
}

/// The rule that decides which middleware see which actions, shared by the store, the
/// ``Middleware`` adapter and the tracing middleware.
package enum MiddlewareRouting {
    /// Whether `middleware` sees actions of `actionType` in a store of `stateType`: an
    /// ``AnyMiddleware`` sees every action; a typed ``Middleware`` only its `Action` in a store
    /// of its `State`.
    @MainActor
    package static func sees(
        _ middleware: any AnyMiddleware,
        actionType: any StoreAction.Type,
        stateType: any StoreState.Type
    ) -> Bool {
        guard let typed = middleware as? any Middleware else { return true }
        return handles(typed, actionType: actionType, stateType: stateType)
    }

    /// Whether the typed middleware `M` handles `actionType` in a store of `stateType`.
    @MainActor
    package static func handles<M: Middleware>(
        _: M,
        actionType: any StoreAction.Type,
        stateType: any StoreState.Type
    ) -> Bool {
        M.Action.self == actionType && M.State.self == stateType
    }

    /// The state type a typed middleware expects, or `nil` for one that sees every state.
    @MainActor
    package static func expectedState(of middleware: any AnyMiddleware) -> (any StoreState.Type)? {
        guard let typed = middleware as? any Middleware else { return nil }
        return stateType(of: typed)
    }

    @MainActor
    private static func stateType<M: Middleware>(of _: M) -> any StoreState.Type { M.State.self }

    /// How reports name a middleware, an action or a state type.
    package static func name(of value: Any) -> String {
        String(describing: type(of: value))
    }
}
