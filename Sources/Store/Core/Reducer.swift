/// Computes the next state for one action type.
///
/// A reducer is a pure, synchronous function of the current state and an action. It has no
/// dispatcher, so it cannot dispatch: side effects belong in ``Middleware``. Each action type
/// has at most one reducer, which keeps every state change in one obvious place.
///
/// ```swift
/// struct LoginReducer: Reducer {
///     static func reduce(state: AppState, with action: LoginAction) -> AppState {
///         AppState(factory: state.factory, user: User(firstName: action.firstName,
///                                                    lastName: action.lastName))
///     }
/// }
/// store.register(reducer: LoginReducer.self)
/// ```
public protocol Reducer {
    /// The one action type this reducer handles.
    associatedtype Action: StoreAction
    /// The state this reducer changes.
    associatedtype State

    /// Returns the state after `action`.
    ///
    /// - Parameters:
    ///   - state: The state before the action.
    ///   - action: The action to apply.
    /// - Returns: The state after the action.
    static func reduce(state: State, with action: Action) -> State
}
