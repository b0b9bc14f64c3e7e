/// When a closure subscription runs, relative to the store's other subscribers.
///
/// ```swift
/// // Bookkeeping that view models must find done when they are told:
/// let seen = store.subscribe(to: \.user, timing: .beforeSubscribers) { user, _ in
///     header.text = user?.firstName ?? "Guest"
/// }
/// // A side effect once every subscriber saw the change:
/// let saving = store.subscribe(to: \.user, timing: .afterSubscribers) { user, _ in
///     print("save \(user?.firstName ?? "nobody")")
/// }
/// ```
///
/// Pass it to ``Store/subscribe(to:timing:_:)-b5t9``. Whatever the timing, a
/// subscription runs until it is cancelled or released.
public enum SubscriptionTiming: Sendable, Hashable {
    /// Right after the state changed, before any subscriber is told: for bookkeeping that
    /// subscribers must find done (view models let go with their screen).
    case beforeSubscribers
    /// With the subscribers, in the order they were added: the default.
    case withSubscribers
    /// After every subscriber was told: for side effects (saving, showing screens).
    case afterSubscribers
}
