/// What a middleware uses to pass an action on, or to dispatch new actions.
///
/// Each middleware gets a dispatcher for the action it handles. It is a small value that may be
/// kept and used later, for example after a download: the store is not held up in the meantime.
///
/// ```swift
/// func applyMiddleware(for state: AppState, action: LoadUser,
///                      dispatcher: Dispatcher<LoadUser, AppState>) {
///     Task {
///         let user = try await api.user(id: action.id)
///         dispatcher.dispatch(action: UserLoaded(user: user))
///         dispatcher.next()
///     }
/// }
/// ```
@MainActor
public struct Dispatcher<Action: StoreAction, State: StoreState>: Sendable {
    let action: Action
    let context: DispatchContext<State>
    let level: Int

    /// Passes the action, or a replacement of the same type, to the next middleware; after the
    /// last middleware the reducer runs.
    ///
    /// `completion` runs after the state changed and every subscriber was told, with the new
    /// state. Completions run in reverse order of the stack: the last middleware's first.
    /// They do not run when the action is blocked further down or has no reducer.
    ///
    /// ```swift
    /// dispatcher.next()                                  // pass the action on
    /// dispatcher.next(action: LoginAction(firstName: "Ada", lastName: "Lovelace"))
    /// dispatcher.next { state in navigator.show(.greetings) }
    /// ```
    ///
    /// Call it at most once per action: a second call does nothing and is reported through
    /// ``Store/diagnosticsHandler``. When it is called after this middleware returned, the rest
    /// of the chain sees the store's state at that time.
    ///
    /// - Parameters:
    ///   - action: A replacement for the action; `nil` passes the action on unchanged.
    ///   - completion: Runs with the new state after the state changed.
    public func next(action: Action? = nil, completion: (@MainActor (State) -> Void)? = nil) {
        context.next(from: level, action: action ?? self.action, completion: completion)
    }

    /// Dispatches a new action through the whole middleware stack.
    ///
    /// While the store is busy the action is queued and processed right after the current one.
    ///
    /// - Parameter action: The new action.
    public func dispatch(action: some StoreAction) {
        context.dispatch(action)
    }
}
