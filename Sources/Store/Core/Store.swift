/// Holds the application state; the state changes only when an action is dispatched.
///
/// Each dispatched action runs through the middleware stack, is reduced by the one
/// ``Reducer`` registered for its type, and every subscriber is told about the change.
///
/// ```swift
/// let store = Store(with: AppState(factory: factory, user: nil),
///                   middleware: [LoginMiddleware(navigator: navigator)])
/// store.register(reducer: LoginReducer.self)
/// store.register(reducer: LogoutReducer.self)
/// store.dispatch(action: LoginAction(firstName: "Ada", lastName: "Lovelace"))
/// print(store.state.user?.firstName ?? "")   // Ada
/// ```
///
/// The store lives on the main actor, as the UI does. Code on other tasks reaches it with
/// `await`: `await store.dispatch(action: ...)`.
///
/// Actions are processed one at a time, first in first out. A dispatch on an idle store runs
/// synchronously: when ``dispatch(action:)`` returns, the action went through the middleware,
/// was reduced, the subscribers were told and the completions ran (unless a middleware
/// blocked it or deferred `next`). A dispatch made while the store is busy is queued and
/// processed right after the current action, so chains of dispatches never deepen the stack.
@MainActor
public final class Store<State: StoreState> {
    @usableFromInline let engine: DispatchEngine<State>
    /// The store's one ``ObservedState``, made at the first read of ``observed``. Held as
    /// `AnyObject` because a stored property cannot have a type newer than the package's floor
    /// (``ObservedState`` needs Observation, macOS 14 / iOS 17).
    var observation: AnyObject?
    /// Objects a ready-made feature of this package keeps for as long as the store lives, one
    /// per type (see `attachment(_:orMake:)` in Store+Package.swift).
    var attachments: [ObjectIdentifier: AnyObject] = [:]

    /// Creates a store with an initial state and a middleware stack.
    ///
    /// A typed ``Middleware`` whose `State` is not this store's state never runs; the store
    /// reports it through ``diagnosticsHandler`` at its first dispatch. A ``StoreFeature`` in
    /// the list is attached to the store here, at the end of the initializer.
    ///
    /// - Parameters:
    ///   - state: The initial state.
    ///   - middleware: The middleware stack; each action passes through it first to last.
    @inlinable
    public init(with state: State, middleware: [any AnyMiddleware] = []) {
        engine = DispatchEngine(state: state, middleware: middleware)
        // Inlinable, so that what the engine runs outside a dispatch (folding actions for time
        // travel) is specialized for the state too.
        engine.foldActions = DispatchEngine.makeFoldActions()
        for case let feature as any StoreFeature in middleware { feature.attach(to: self) }
    }

    /// The current state.
    @inlinable
    public var state: State { engine.state }

    /// Receives every ``StoreDiagnostic`` this store reports: actions with no reducer, `next`
    /// called twice, a second reducer for one action type, mismatched state types.
    ///
    /// The default, ``StoreDiagnostic/standardError``, writes one line to standard error in
    /// debug builds.
    ///
    /// ```swift
    /// store.diagnosticsHandler = { diagnostic in logger.error("\(diagnostic)") }
    /// ```
    public var diagnosticsHandler: @MainActor (StoreDiagnostic) -> Void {
        get { engine.diagnosticsHandler }
        set { engine.diagnosticsHandler = newValue }
    }

    /// Dispatches an action.
    ///
    /// On an idle store the action is processed before this method returns; while the store is
    /// busy (called from a middleware, a completion or a subscriber) it is queued and processed
    /// right after the current action. An action with no reducer leaves the state unchanged,
    /// notifies nobody, and is reported through ``diagnosticsHandler``.
    ///
    /// - Parameter action: The action.
    /// - Complexity: O(1) in the number of registered action types and of middleware that do
    ///   not handle the action; O(*m* + *s*) for *m* middleware that see it and *s* subscribers.
    @inlinable
    public func dispatch(action: some StoreAction) {
        engine.dispatch(action)
    }

    // MARK: - Subscribers

    /// Adds a subscriber that is told about every change from now on.
    ///
    /// ```swift
    /// let header = HeaderViewModel()   // a StoreSubscriber of AppState
    /// store.add(subscriber: header)
    /// ```
    ///
    /// The store does not keep the subscriber alive: once nothing else holds it, it is not
    /// called again and the store lets it go during its next dispatch. Adding a subscriber that
    /// is already subscribed does nothing. A subscriber added while subscribers are being told
    /// about a change is not told about that change.
    ///
    /// - Parameter subscriber: The subscriber.
    @inlinable
    public func add<Subscriber: StoreSubscriber>(subscriber: Subscriber)
    where Subscriber.State == State {
        engine.subscribers.add(subscriber)
    }

    /// Removes a subscriber; it is not called again, even during a notification in progress.
    ///
    /// ```swift
    /// let header = HeaderViewModel()
    /// store.add(subscriber: header)
    /// // ...
    /// store.remove(subscriber: header)
    /// ```
    ///
    /// The subscriber's state must be the store's, as for ``add(subscriber:)``: removing a
    /// subscriber of another state, which can never have been added, does not compile. For a
    /// subscriber known only as `any StoreSubscriber`, use ``remove(anySubscriber:)``.
    ///
    /// - Parameter subscriber: The subscriber to remove. Removing one that is not subscribed
    ///   does nothing.
    public func remove<Subscriber: StoreSubscriber>(subscriber: Subscriber)
    where Subscriber.State == State {
        engine.subscribers.remove(subscriber)
    }

    /// Removes a subscriber whose type is known only at run time, such as a view model held as
    /// `any StoreSubscriber`.
    ///
    /// ```swift
    /// let viewModels: [AnyObject] = [header]   // made at run time, of types unknown here
    /// for case let subscriber as any StoreSubscriber in viewModels {
    ///     store.remove(anySubscriber: subscriber)
    /// }
    /// ```
    ///
    /// A subscriber of another state than the store's was never subscribed here (the store
    /// cannot tell it about its changes): removing it does nothing, and the store reports
    /// ``StoreDiagnostic/Kind/subscriberStateMismatch`` through ``diagnosticsHandler``, naming
    /// the subscriber, its state and the store's. When the type is known, call
    /// ``remove(subscriber:)``, which checks the state at compile time.
    ///
    /// - Parameter subscriber: The subscriber to remove. Removing one that is not subscribed
    ///   does nothing.
    public func remove(anySubscriber subscriber: any StoreSubscriber) {
        removeChecked(subscriber)
    }

    private func removeChecked<Subscriber: StoreSubscriber>(_ subscriber: Subscriber) {
        guard Subscriber.State.self == State.self else {
            engine.report(
                .subscriberStateMismatch,
                "remove(anySubscriber:) got \(TypeName.of(Subscriber.self)), which subscribes to "
                    + "\(TypeName.of(Subscriber.State.self)), "
                    + "but the store's state is \(TypeName.of(State.self)); "
                    + "it was never subscribed to this store, so nothing was removed."
            )
            return
        }
        engine.subscribers.remove(subscriber)
    }

    /// The number of subscribers, closure subscriptions and key-path groups the store holds.
    ///
    /// One that was released or cancelled counts until the store's next dispatch lets it go.
    /// For the package's tests; subscriptions that run before or after the subscribers are not
    /// counted.
    package var subscriberCount: Int { engine.subscribers.activeCount }
}
