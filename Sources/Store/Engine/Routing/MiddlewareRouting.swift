/// The rule that decides which middleware see which actions, shared by the store, the
/// ``Middleware`` adapter and the tracing middleware.
package enum MiddlewareRouting {
    /// Whether `middleware` sees actions of `actionType` in a store of `stateType`: an
    /// ``AnyMiddleware`` sees every action; a typed ``Middleware`` only its `Action` in a store
    /// of its `State`; a ``StoreFeature`` the types it asks for.
    @MainActor
    package static func sees(
        _ middleware: any AnyMiddleware,
        actionType: any StoreAction.Type,
        stateType: any StoreState.Type
    ) -> Bool {
        if let feature = middleware as? any StoreFeature { return feature.handlesActions(of: actionType) }
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

    /// What a route runs for `middleware`, which sees the route's action type: a typed
    /// middleware is wrapped in a step that calls it without comparing its types again, since
    /// ``sees(_:actionType:stateType:)`` compared them once, when the route was built.
    @MainActor
    static func step(for middleware: any AnyMiddleware, stateType: any StoreState.Type) -> RouteStep {
        if middleware is any StoreFeature { return RouteStep(middleware) }
        if let typed = middleware as? any Middleware {
            return RouteStep(middleware, typed: typed._typedStep())
        }
        if let stateful = middleware as? any StateMiddleware, expectedState(of: stateful) == stateType {
            return RouteStep(checkedStep(stateful))
        }
        return RouteStep(middleware)
    }

    @MainActor
    private static func checkedStep<M: StateMiddleware>(_ middleware: M) -> any AnyMiddleware {
        CheckedStateMiddlewareStep(middleware)
    }

    @MainActor
    private static func expectedState<M: StateMiddleware>(of _: M) -> any StoreState.Type { M.State.self }

    /// How reports name a middleware, an action or a state type.
    package static func name(of value: Any) -> String {
        TypeName.of(type(of: value))
    }
}
