/// A member of a store's middleware list that attaches to the store when the store is made,
/// and learns of its changes through subscriptions instead of passing actions on.
///
/// A feature costs a dispatch only what its subscriptions do: actions pass it by without a
/// middleware step, except the types it asks to see (``handlesActions(of:)``), which reach its
/// `applyMiddleware` as they would a middleware's. The ready-made persistence, histories and
/// navigation hand-off of ReMVVMMiddleware are features; an app's own can be one too.
///
/// ```swift
/// @MainActor
/// final class ChangeCounter: StoreFeature {
///     private(set) var changes = 0
///     private var subscription: StoreSubscription?
///
///     func attach<State: StoreState>(to store: Store<State>) {
///         subscription = store.subscribe(to: \.self, timing: .afterSubscribers) { [unowned self] _, _ in
///             changes += 1
///         }
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

extension StoreFeature {
    /// `store` as a store of `State`, for a feature that works on one state type; `nil` when
    /// the store's state is another, which is reported through its diagnostics as
    /// ``StoreDiagnostic/Kind/middlewareStateMismatch``, naming the feature and both types.
    ///
    /// ```swift
    /// @MainActor
    /// final class CountSaver: StoreFeature {
    ///     private var subscription: StoreSubscription?
    ///
    ///     func attach<Other: StoreState>(to store: Store<Other>) {
    ///         guard let store = matchingStore(store, of: AppState.self) else { return }
    ///         subscription = store.subscribe(to: \.count, timing: .afterSubscribers) { count, _ in
    ///             print(count)
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - store: The store the feature is attached to.
    ///   - _: The state type the feature works on.
    /// - Returns: The same store, typed; `nil` for a store of another state.
    public func matchingStore<State: StoreState, Other: StoreState>(
        _ store: Store<Other>, of _: State.Type
    ) -> Store<State>? {
        if let matching = store as? Store<State> { return matching }
        store.diagnosticsHandler(
            StoreDiagnostic(
                kind: .middlewareStateMismatch,
                message: "\(TypeName.of(Self.self)) works on \(TypeName.of(State.self)), "
                    + "but the store's state is \(TypeName.of(Other.self)); "
                    + "it does nothing in this store."))
        return nil
    }
}
