/// A member of a store's middleware list that attaches to the store when the store is made,
/// and learns of its changes through ``StateObserver``s instead of passing actions on.
///
/// A feature costs a dispatch only what its observers do: actions pass it by without a
/// middleware step, except the types it asks to see (``handlesActions(of:)``), which reach its
/// `applyMiddleware` as they would a middleware's. The ready-made persistence, histories and
/// navigation hand-off of ReMVVMMiddleware are features; an app's own can be one too.
///
/// ```swift
/// @MainActor
/// final class ChangeCounter: StoreFeature {
///     private(set) var changes = 0
///
///     func attach<State: StoreState>(to store: Store<State>) {
///         store.observeChanges(StateObserver { [unowned self] _, _, _ in changes += 1 })
///     }
/// }
///
/// let counter = ChangeCounter()
/// let store = Store(with: AppState(factory: CompositeViewModelFactory()), middleware: [counter])
/// ```
@MainActor
public protocol StoreFeature: AnyMiddleware {
    /// Whether actions of `type` pass through this feature's `applyMiddleware`, as through a
    /// middleware. Asked once per action type, when its route is made. The default sees none.
    ///
    /// - Parameter type: An action type.
    /// - Returns: Whether the feature's `applyMiddleware` sees actions of that type.
    func handlesActions(of type: any StoreAction.Type) -> Bool

    /// Called once, by the store made with this feature in its middleware, at the end of its
    /// initializer.
    ///
    /// - Parameter store: The store.
    func attach<State: StoreState>(to store: Store<State>)
}

extension StoreFeature {
    /// Sees no action: the feature learns of changes through its observers only.
    ///
    /// - Parameter type: An action type.
    /// - Returns: `false`.
    public func handlesActions(of type: any StoreAction.Type) -> Bool { false }

    /// Passes the action on: a feature that sees no action (``handlesActions(of:)``) is never
    /// asked; one that sees some implements this itself.
    ///
    /// - Parameters:
    ///   - state: The store's state.
    ///   - action: The action.
    ///   - dispatcher: Passes the action on.
    public func applyMiddleware<Action: StoreAction, State: StoreState>(
        for state: State, action: Action, dispatcher: Dispatcher<Action, State>
    ) {
        dispatcher.next()
    }
}
