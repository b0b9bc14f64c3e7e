// What a route's levels run and how they continue the chain: the continuations made where the
// action type is known, each middleware's step, and a typed middleware's own call.

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
