import ReMVVMStore

/// A part of a store's state that a SwiftUI view observes on every release: what the
/// navigation stack and the alerts redraw from.
@MainActor
final class StateFollower<State: StoreState, Value: Equatable>: ObservableViewModel<Value> {
    /// Released with the follower, which ends the subscription.
    private var subscription: StoreSubscription?
    /// The alert taps not yet followed by their closing: kept here, as the follower lives as
    /// long as the view.
    let alertTaps = AlertTaps()

    init(store: Store<State>, keyPath: KeyPath<State, Value>) {
        super.init(state: store.state[keyPath: keyPath])
        subscription = store.subscribe(to: keyPath) { [weak self] value, _ in
            self?.update(value)
        }
    }
}
