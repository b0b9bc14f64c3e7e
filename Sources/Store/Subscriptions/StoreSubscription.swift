/// A subscription to a ``Store``: it lasts until it is cancelled or released.
///
/// ```swift
/// let subscription = store.subscribe(to: \.user) { user, oldUser in
///     render(user)
/// }
/// // ...
/// subscription.cancel()   // or let go of it
/// ```
///
/// Hold on to the subscription for as long as the closure should be called: once nothing else
/// holds it, the store stops calling the closure and lets it go during its next dispatch. The
/// rule is the same for every subscription the store returns, whatever its timing.
@MainActor
public final class StoreSubscription {
    /// Whether ``cancel()`` was called.
    /// Read for every selecting closure at every change: unchecked, because a dynamic
    /// exclusivity check costs more than the whole read.
    @exclusivity(unchecked) public private(set) var isCancelled = false
    /// Called once, at the first ``cancel()``: lets the store drop the closure at once, rather
    /// than at its next change.
    var onCancel: (@MainActor () -> Void)?

    @usableFromInline
    init() {}

    /// Stops the closure from being called again, even during a notification in progress.
    public func cancel() {
        guard !isCancelled else { return }
        isCancelled = true
        let onCancel = onCancel
        self.onCancel = nil
        onCancel?()
    }
}
