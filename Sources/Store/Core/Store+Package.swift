// Package-only doors into a store, for the ready-made middleware of this package.

extension Store {
    /// The state `actions` make of `initial` through this store's reducers alone: no
    /// middleware runs and no subscriber is told. For recomputing a session (`ActionHistory`).
    package func reduced(_ actions: [any StoreAction], from initial: State) -> State {
        engine.reduced(actions, from: initial)
    }

    /// Makes `newState` the store's state and tells the subscribers once, as any change.
    package func replaceState(with newState: State) {
        engine.replaceState(with: newState)
    }
}
