/// The subscription of a closure that runs before or after the subscribers, and its lifetime
/// rule: one made by `subscribe` ends when it is cancelled or released (nothing but this gate
/// holds it); one the store keeps (the deprecated `observeChanges(_:)`, the engine's own) only
/// when it is cancelled.
///
/// The function the store calls checks the gate before it calls the subscription's closure
/// (``ChangeBody/gated(_:_:)``).
@MainActor
@usableFromInline
final class SubscriptionGate {
    // `@exclusivity(unchecked)`: see assumption 6 in Unchecked.swift.
    @exclusivity(unchecked) @usableFromInline var subscription: StoreSubscription
    @usableFromInline let endsWhenReleased: Bool

    @usableFromInline
    init(endsWhenReleased: Bool) {
        subscription = StoreSubscription()
        self.endsWhenReleased = endsWhenReleased
    }

    /// Whether the subscription was cancelled, or released when that ends it.
    func isGone() -> Bool {
        subscription.isCancelled || (endsWhenReleased && isKnownUniquelyReferenced(&subscription))
    }

    /// Whether the closure must not run: its subscription was cancelled, or released (then it is
    /// cancelled now, so that its entry goes at once rather than at the next addition).
    @inlinable
    func isClosed() -> Bool {
        if subscription.isCancelled { return true }
        guard endsWhenReleased, isKnownUniquelyReferenced(&subscription) else { return false }
        close()
        return true
    }

    @usableFromInline
    func close() {
        subscription.cancel()
    }
}
