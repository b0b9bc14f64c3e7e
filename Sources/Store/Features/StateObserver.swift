/// Code a store runs in the one place where it applies a change of its state: after each
/// reduced action, and after a change that came without an action through the middleware (a
/// jump or a skip of an action history, a replay).
///
/// Deprecated with ``Store/observeChanges(_:)``: subscribe with a timing instead, and hold the
/// subscription, as every ``StoreSubscription`` runs until it is cancelled or released.
///
/// ```swift
/// let saving = store.subscribe(to: \.favorites, timing: .afterSubscribers) { favorites, _ in
///     print("save \(favorites.sorted())")
/// }
/// ```
///
/// An observer observes one store at a time, as the feature that made it belongs to one:
/// observed in a second store, it stops observing the first (see ``Store/observeChanges(_:)``).
///
/// Make observers where the state's type is known (the initializers are `@inlinable`), so
/// that the code the store runs at each change is specialized for it. An observer of a part
/// compares the part before and after each change and calls its body only when it differs:
/// a change that leaves the part alone costs one comparison.
@MainActor
public struct StateObserver<State: StoreState> {
    /// When an observer runs, relative to the store's subscribers.
    public enum Timing: Sendable {
        /// Right after the state changed, before any subscriber is told: for bookkeeping that
        /// subscribers must find done (view models let go with their screen).
        case beforeSubscribers
        /// After every subscriber was told: for side effects (saving, showing screens).
        case afterSubscribers
    }

    /// When the observer runs.
    public let timing: Timing
    @usableFromInline let body: @MainActor (State, State, StateChangeCause) -> Void
    /// Whether the body reads the cause: when no observer of a store does, a change makes no
    /// ``StateChangeCause`` (callgrind, `persist`: 60 instructions per dispatch to make, copy
    /// and destroy one).
    @usableFromInline let readsCause: Bool
    /// The store this observer observes, shared by its copies.
    @usableFromInline let membership = ObserverMembership()

    /// Creates an observer of every change.
    ///
    /// ```swift
    /// let observer = StateObserver<AppState> { state, oldState, cause in
    ///     print("\(cause): \(oldState.count) -> \(state.count)")
    /// }
    /// store.observeChanges(observer)
    /// ```
    ///
    /// - Parameters:
    ///   - timing: When it runs, relative to the subscribers.
    ///   - body: Called with the new state, the state before the change, and its cause.
    @available(*, deprecated, message: "use store.subscribe(to:timing:_:), and hold the subscription")
    @inlinable
    public init(
        _ timing: Timing = .afterSubscribers,
        _ body: @escaping @MainActor (_ state: State, _ oldState: State, _ cause: StateChangeCause) -> Void
    ) {
        self.timing = timing
        self.body = body
        readsCause = true
    }

    /// Creates an observer of every change that does not read its cause.
    ///
    /// ```swift
    /// let observer = StateObserver<AppState> { state, oldState in
    ///     if state.count != oldState.count { print("count: \(state.count)") }
    /// }
    /// store.observeChanges(observer)
    /// ```
    ///
    /// - Parameters:
    ///   - timing: When it runs, relative to the subscribers.
    ///   - body: Called with the new state and the state before the change.
    @available(*, deprecated, message: "use store.subscribe(to:timing:_:), and hold the subscription")
    @inlinable
    public init(
        _ timing: Timing = .afterSubscribers,
        _ body: @escaping @MainActor (_ state: State, _ oldState: State) -> Void
    ) {
        self.timing = timing
        self.body = { state, oldState, _ in body(state, oldState) }
        readsCause = false
    }

    /// Creates an observer of one part of the state, called only for changes that change it.
    ///
    /// ```swift
    /// let observer = StateObserver(part: \AppState.user) { user, oldUser, cause in
    ///     print("\(cause): signed in as \(user?.firstName ?? "nobody")")
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - part: The part to watch; compared with `==` before and after each change.
    ///   - timing: When it runs, relative to the subscribers.
    ///   - body: Called with the new value, the value before, and the change's cause.
    /// - Complexity: One comparison of the part per change; a part stored inline in the state
    ///   is read in place, without a key-path projection.
    @available(*, deprecated, message: "use store.subscribe(to:timing:_:), and hold the subscription")
    @inlinable
    public init<Part: Equatable>(
        part: KeyPath<State, Part>,
        _ timing: Timing = .afterSubscribers,
        _ body: @escaping @MainActor (_ value: Part, _ oldValue: Part, _ cause: StateChangeCause) -> Void
    ) {
        self.init(part: part, timing, readsCause: true, body)
    }

    /// Creates an observer of one part of the state, called only for changes that change it,
    /// with the new value and the one before.
    ///
    /// ```swift
    /// let observer = StateObserver(part: \AppState.user) { user, oldUser in
    ///     print("signed in as \(user?.firstName ?? "nobody")")
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - part: The part to watch; compared with `==` before and after each change.
    ///   - timing: When it runs, relative to the subscribers.
    ///   - body: Called with the new value and the value before.
    /// - Complexity: One comparison of the part per change; a part stored inline in the state
    ///   is read in place, without a key-path projection. A store whose observers all are of
    ///   this kind makes no ``StateChangeCause`` at a change.
    @available(*, deprecated, message: "use store.subscribe(to:timing:_:), and hold the subscription")
    @inlinable
    public init<Part: Equatable>(
        part: KeyPath<State, Part>,
        _ timing: Timing = .afterSubscribers,
        _ body: @escaping @MainActor (_ value: Part, _ oldValue: Part) -> Void
    ) {
        self.init(part: part, timing, readsCause: false) { value, oldValue, _ in body(value, oldValue) }
    }

    @inlinable
    init<Part: Equatable>(
        part: KeyPath<State, Part>,
        _ timing: Timing,
        readsCause: Bool,
        _ body: @escaping @MainActor (_ value: Part, _ oldValue: Part, _ cause: StateChangeCause) -> Void
    ) {
        self.timing = timing
        self.readsCause = readsCause
        self.body = ChangeBody.comparing(part, gate: nil, body)
    }

    /// Creates an observer of one part of the state, called at every change with the part's
    /// value before and after it: for a part that is not `Equatable`, or that the observer
    /// compares in its own way.
    ///
    /// ```swift
    /// let observer = StateObserver(reading: \AppState.cart) { cart, oldCart, _ in
    ///     if cart.count != oldCart.count { print("\(cart.count) items in the cart") }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - part: The part to read.
    ///   - timing: When it runs, relative to the subscribers.
    ///   - body: Called with the new value, the value before, and the change's cause.
    /// - Complexity: A part stored inline in the state is read in place, without a key-path
    ///   projection.
    @available(*, deprecated, message: "use store.subscribe(to:timing:_:), and hold the subscription")
    @inlinable
    public init<Part>(
        reading part: KeyPath<State, Part>,
        _ timing: Timing = .afterSubscribers,
        _ body: @escaping @MainActor (_ value: Part, _ oldValue: Part, _ cause: StateChangeCause) -> Void
    ) {
        self.timing = timing
        readsCause = true
        self.body = ChangeBody.reading(part, gate: nil, body)
    }
}

extension StateObserver.Timing {
    /// The timing of a subscription that runs when this observer does.
    var subscriptionTiming: SubscriptionTiming {
        switch self {
        case .beforeSubscribers: .beforeSubscribers
        case .afterSubscribers: .afterSubscribers
        }
    }
}

/// The store an observer observes, and its subscription there: observed in another store, the
/// observer stops observing the first one, so that what it keeps of one store (the screens a
/// navigation hand-off showed, say) never meets another store's changes.
@MainActor
@usableFromInline
final class ObserverMembership {
    private weak var subscription: StoreSubscription?
    private var store: ObjectIdentifier?

    @usableFromInline
    nonisolated init() {}

    /// Notes that `store` observes the observer with `subscription`; cancels its subscription
    /// in another store.
    func observed(in store: ObjectIdentifier, by subscription: StoreSubscription) {
        if let previous = self.subscription, self.store != store { previous.cancel() }
        self.subscription = subscription
        self.store = store
    }
}
