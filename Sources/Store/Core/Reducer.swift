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
///
/// A reducer implements one of two forms: the returning form above, or the `inout` form, which
/// changes the state in place and needs no copy-and-return:
///
/// ```swift
/// enum RenameReducer: Reducer {
///     static func reduce(state: inout Novel, with action: Rename) { state.title = action.title }
/// }
/// let library = Store(with: Library())
/// library.register(reducer: RenameReducer.self, forEach: \.novels, id: \.novelID)
/// ```
///
/// Each form is given by the library in terms of the other, so implement exactly one: a type
/// that implements neither calls itself forever. Both are specialized for the reducer where
/// it is registered, as before.
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

    /// Changes `state` into the state after `action`, in place.
    ///
    /// - Parameters:
    ///   - state: The state before the action; after the call, the state after it.
    ///   - action: The action to apply.
    static func reduce(state: inout State, with action: Action)
}

extension Reducer {
    /// The returning form of a reducer that implements the `inout` form.
    ///
    /// - Parameters:
    ///   - state: The state before the action.
    ///   - action: The action to apply.
    /// - Returns: The state after the action.
    @inlinable
    public static func reduce(state: State, with action: Action) -> State {
        var state = state
        reduce(state: &state, with: action)
        return state
    }

    /// The `inout` form of a reducer that implements the returning form.
    ///
    /// - Parameters:
    ///   - state: The state before the action; after the call, the state after it.
    ///   - action: The action to apply.
    @inlinable
    public static func reduce(state: inout State, with action: Action) {
        state = reduce(state: state, with: action)
    }
}
