/// A middleware that sees every action, with the store's state typed.
///
/// Use it for cross-cutting work that reads the state: logging with the current user,
/// analytics, persistence of every change. It sits between ``AnyMiddleware``, which sees every
/// action and state generically, and ``Middleware``, which sees one action type:
///
/// ```swift
/// final class AuditLog {
///     private(set) var lines: [String] = []
///     func append(_ line: String) { lines.append(line) }
/// }
///
/// struct AuditMiddleware: StateMiddleware {
///     let log: AuditLog
///     func applyMiddleware<Action: StoreAction>(
///         for state: AppState, action: Action, dispatcher: Dispatcher<Action, AppState>
///     ) {
///         log.append("\(state.user?.firstName ?? "nobody") sent \(action)")
///         dispatcher.next { state in log.append("now \(state.user?.firstName ?? "nobody")") }
///     }
/// }
/// ```
///
/// Writing this as a ``Middleware`` whose `Action` is `any StoreAction` fails to compile with
/// "type 'any StoreAction' cannot conform to 'StoreAction'": a typed middleware names one
/// concrete action type. A ``StateMiddleware`` is generic over the action instead.
///
/// A state middleware whose `State` is not the store's state does not run: it passes every
/// action on unchanged, and each such action is reported as
/// ``StoreDiagnostic/Kind/middlewareStateMismatch`` through ``Store/diagnosticsHandler``.
@MainActor
public protocol StateMiddleware: AnyMiddleware {
    /// The state type of the store this middleware is in.
    associatedtype State: StoreState

    /// Handles one dispatched action, whatever its type.
    ///
    /// - Parameters:
    ///   - state: The store's state when the action reaches this middleware.
    ///   - action: The action.
    ///   - dispatcher: Passes the action on, or dispatches new actions.
    func applyMiddleware<Action: StoreAction>(
        for state: State,
        action: Action,
        dispatcher: Dispatcher<Action, State>
    )
}

extension StateMiddleware {
    /// Calls the typed ``applyMiddleware(for:action:dispatcher:)`` in a store of ``State``;
    /// in a store of another state, passes the action on and reports the mismatch.
    ///
    /// - Parameters:
    ///   - state: The store's state when the action reaches this middleware.
    ///   - action: The action.
    ///   - dispatcher: Passes the action on.
    public func applyMiddleware<Action: StoreAction, OtherState: StoreState>(
        for state: OtherState,
        action: Action,
        dispatcher: Dispatcher<Action, OtherState>
    ) {
        guard OtherState.self == State.self else {
            dispatcher.report(
                .middlewareStateMismatch,
                "\(TypeName.of(Self.self)) expects state \(TypeName.of(State.self)), "
                    + "but the store's state is \(TypeName.of(OtherState.self)); "
                    + "it passed \(TypeName.of(Action.self)) on without running."
            )
            dispatcher.next()
            return
        }
        // The types were just compared equal (assumption 5 in Unsafe/Unchecked.swift).
        applyMiddleware(
            for: reinterpret(state, as: State.self),
            action: action,
            dispatcher: reinterpret(dispatcher, as: Dispatcher<Action, State>.self)
        )
    }
}
