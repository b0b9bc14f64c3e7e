/// The one store a feature acts in, and the subscriptions it keeps there: a feature belongs to
/// one store at a time.
///
/// A feature attached to a second store (a store remade at logout with the same middleware
/// instances, a second scene, a feature reused across test cases) moves: its subscriptions in
/// the first store are cancelled (so that a feature observed in a second store stops observing
/// the first), and the first store, if it still lives, hears of it through its
/// diagnostics as ``StoreDiagnostic/Kind/featureMoved``. The ready-made features of
/// ReMVVMMiddleware keep their record of a store here, so that nothing of one store reaches
/// another.
@MainActor
package final class StoreAttachment<State: StoreState> {
    /// The store the feature acts in; `nil` before it was attached, or once that store is gone.
    package private(set) weak var store: Store<State>?
    /// The feature's name, for the diagnostic of a move.
    private let feature: String
    private var subscriptions: [StoreSubscription] = []

    /// - Parameter feature: The feature's type, named in the diagnostic of a move.
    package init(of feature: Any.Type) {
        self.feature = TypeName.of(feature)
    }

    /// Makes `store` the one the feature acts in; `false` when it already was. The
    /// subscriptions kept in the store before are cancelled, and that store hears of the move.
    package func attach(to store: Store<State>) -> Bool {
        guard self.store !== store else { return false }
        if let previous = self.store {
            previous.diagnosticsHandler(
                StoreDiagnostic(
                    kind: .featureMoved,
                    message: "\(feature) was attached to another store; it no longer acts in this one"))
        }
        detach()
        self.store = store
        return true
    }

    /// Cancels the subscriptions kept in the store, and forgets the store.
    package func detach() {
        let cancelled = subscriptions
        subscriptions.removeAll()
        store = nil
        for subscription in cancelled { subscription.cancel() }
    }

    /// Keeps `subscription` until the feature leaves the store, which cancels it: a feature's
    /// subscriptions, which run until cancelled or released, last as long as it acts there.
    package func keep(_ subscription: StoreSubscription) {
        subscriptions.append(subscription)
    }

    /// Subscribes in the store the feature acts in with `subscribe`, and keeps the subscription
    /// until the feature moves; does nothing before it was attached.
    package func keep(_ subscribe: (Store<State>) -> StoreSubscription) {
        guard let store else { return }
        subscriptions.append(subscribe(store))
    }

    /// Whether `dispatcher` dispatches in the store the feature acts in.
    package func isAttached<Action: StoreAction, Other: StoreState>(
        _ dispatcher: Dispatcher<Action, Other>
    ) -> Bool {
        guard let store else { return false }
        return dispatcher.level.link === store.engine.link
    }

    /// Reports through `dispatcher`'s store that the feature acts in another store, so that
    /// what the store asked of it was ignored.
    package func reportMoved<Action: StoreAction, Other: StoreState>(
        _ dispatcher: Dispatcher<Action, Other>, ignoring what: String
    ) {
        dispatcher.report(
            .featureMoved, "\(feature) was attached to another store; \(what) was ignored in this one")
    }
}
