/// What a middleware uses to pass an action on, or to dispatch new actions.
///
/// Each middleware gets a dispatcher for the action it handles. It is a small value that may be
/// kept and used later, for example after a download: the store is not held up in the meantime.
///
/// ```swift
/// struct LoadUserMiddleware: Middleware {
///     func applyMiddleware(for state: AppState, action: LoadUser,
///                          dispatcher: Dispatcher<LoadUser, AppState>) {
///         Task {
///             let user = await api.user(id: action.id)
///             dispatcher.dispatch(action: UserLoaded(user: user))
///             dispatcher.next()
///         }
///     }
/// }
/// ```
@MainActor
public struct Dispatcher<Action: StoreAction, State: StoreState>: Sendable {
    // The layout does not depend on `Action` or `State`, so generic middleware code handles a
    // dispatcher without asking the runtime for its type metadata.
    @usableFromInline let level: DispatchLevel

    @inlinable
    init(level: DispatchLevel) {
        self.level = level
    }

    /// Passes the action on to the next middleware; after the last middleware the reducer runs.
    ///
    /// `completion` runs after the state changed and every subscriber was told, with the new
    /// state. Completions run in reverse order of the stack: the last middleware's first.
    /// They do not run when the action is blocked further down or has no reducer.
    ///
    /// ```swift
    /// dispatcher.next()                                         // pass the action on
    /// dispatcher.next { state in navigator.push(.greetings) }   // or: then show a screen
    /// ```
    ///
    /// Call `next` at most once per action: a second call does nothing and is reported through
    /// ``Store/diagnosticsHandler``. When it is called after this middleware returned, the rest
    /// of the chain sees the store's state at that time.
    ///
    /// - Parameter completion: Runs with the new state after the state changed.
    @inlinable
    public func next(completion: (@MainActor (State) -> Void)? = nil) {
        if let completion {
            level.passOn(replacement: nil, completion: completion)
        } else {
            level.passOn(replacement: nil)
        }
    }

    /// Passes a replacement of the action on to the next middleware; after the last middleware
    /// the reducer runs.
    ///
    /// ```swift
    /// dispatcher.next(action: LoginAction(firstName: "Ada", lastName: "Lovelace"))
    /// ```
    ///
    /// The same rules as for ``next(completion:)`` apply: at most once per action, and
    /// `completion` runs after the state changed, in reverse order of the stack.
    ///
    /// - Parameters:
    ///   - action: The action the rest of the chain sees instead of the original one.
    ///   - completion: Runs with the new state after the state changed.
    @inlinable
    public func next(action: Action, completion: (@MainActor (State) -> Void)? = nil) {
        var action = action
        if let completion {
            level.passOn(replacing: &action, completion: completion)
        } else {
            level.passOn(replacing: &action)
        }
    }

    /// Passes the action on, replaced by `action` unless it is `nil`: for the package's
    /// middleware that forward an optional replacement (`EffectContext`).
    package func next(action: Action?, completion: (@MainActor (State) -> Void)? = nil) {
        if let action {
            next(action: action, completion: completion)
        } else {
            next(completion: completion)
        }
    }

    /// Dispatches a new action through the whole middleware stack.
    ///
    /// ```swift
    /// dispatcher.next { _ in dispatcher.dispatch(action: LoadTodos()) }
    /// ```
    ///
    /// While the store is busy the action is queued and processed right after the current one.
    /// Called from the work of a task started with ``task(id:cancelInFlight:_:)`` after that
    /// task was cancelled, it does nothing (nor does the store's `dispatch(action:)`): a late
    /// answer never overwrites a newer one.
    ///
    /// - Parameter action: The new action.
    @inlinable
    public func dispatch(action: some StoreAction) {
        level.engine(State.self)?.dispatchFromWithin(action)
    }
}
