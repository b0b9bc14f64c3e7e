/// A middleware for one action type: other actions pass it by untouched, at no cost.
///
/// ```swift
/// struct LoginMiddleware: Middleware {
///     let navigator: Navigator<Screen>
///     func applyMiddleware(for state: AppState, action: LoginAction,
///                          dispatcher: Dispatcher<LoginAction, AppState>) {
///         dispatcher.next { state in
///             navigator.push(.greetings)   // runs after the state changed
///         }
///     }
/// }
/// ```
///
/// The store routes each action type only to the typed middleware for that type, so a stack of
/// typed middleware costs nothing for the actions they do not handle. A typed middleware whose
/// `State` is not the store's state never runs; the store reports it at its first dispatch.
@MainActor
public protocol Middleware: AnyMiddleware {
    /// The action type this middleware sees.
    associatedtype Action: StoreAction
    /// The state type of the store this middleware is in.
    associatedtype State: StoreState

    /// Handles one action of type ``Action``.
    ///
    /// - Parameters:
    ///   - state: The store's state when the action reaches this middleware.
    ///   - action: The action.
    ///   - dispatcher: Passes the action on, or dispatches new actions.
    func applyMiddleware(for state: State, action: Action, dispatcher: Dispatcher<Action, State>)

    /// How a store calls this middleware: made by its conformance, where its type is known, so
    /// that each dispatch runs code specialized for it. The store asks for it once, when it
    /// routes an action type to this middleware.
    ///
    /// Not part of the API: the library implements it for every typed middleware; do not
    /// implement it yourself.
    func _typedStep() -> AnyObject
}

extension Middleware {
    /// The library's implementation of ``_typedStep()``: a call of
    /// ``applyMiddleware(for:action:dispatcher:)`` made where `Self` is known.
    @inlinable
    public func _typedStep() -> AnyObject {
        TypedStep<Action, State> { [self] state, action, dispatcher in
            applyMiddleware(for: state, action: action, dispatcher: dispatcher)
        }
    }

    /// Calls the typed ``applyMiddleware(for:action:dispatcher:)`` for actions of type
    /// ``Action`` in a store of ``State``, and passes every other action on unchanged.
    ///
    /// - Parameters:
    ///   - state: The store's state when the action reaches this middleware.
    ///   - action: The action.
    ///   - dispatcher: Passes the action on.
    public func applyMiddleware<OtherAction: StoreAction, OtherState: StoreState>(
        for state: OtherState,
        action: OtherAction,
        dispatcher: Dispatcher<OtherAction, OtherState>
    ) {
        guard MiddlewareRouting.handles(self, actionType: OtherAction.self, stateType: OtherState.self) else {
            dispatcher.next()
            return
        }
        // The types were just compared equal (assumption 5 in Unsafe/Unchecked.swift).
        applyMiddleware(
            for: reinterpret(state, as: State.self),
            action: reinterpret(action, as: Action.self),
            dispatcher: reinterpret(dispatcher, as: Dispatcher<Action, State>.self)
        )
    }
}
