/// A middleware that sees every action dispatched to a store: the element type of the
/// middleware stack.
///
/// Implement it directly for cross-cutting work such as logging; implement ``Middleware`` to
/// see only one action type.
///
/// ```swift
/// final class Counter { var count = 0 }
///
/// struct CountingMiddleware: AnyMiddleware {
///     let counter: Counter
///     func applyMiddleware<Action: StoreAction, State: StoreState>(
///         for state: State, action: Action, dispatcher: Dispatcher<Action, State>
///     ) {
///         counter.count += 1
///         dispatcher.next()
///     }
/// }
/// let counter = Counter()
/// let store = Store(with: state, middleware: [CountingMiddleware(counter: counter)])
/// ```
///
/// A middleware passes the action on with ``Dispatcher/next(completion:)``, may replace it with
/// `next(action:)`, may block it by not calling `next`, may call `next` later from asynchronous work, and may
/// dispatch new actions with ``Dispatcher/dispatch(action:)``.
@MainActor
public protocol AnyMiddleware {
    /// Handles one dispatched action.
    ///
    /// - Parameters:
    ///   - state: The store's state when the action reaches this middleware.
    ///   - action: The action.
    ///   - dispatcher: Passes the action on, or dispatches new actions.
    func applyMiddleware<Action: StoreAction, State: StoreState>(
        for state: State,
        action: Action,
        dispatcher: Dispatcher<Action, State>
    )
}
