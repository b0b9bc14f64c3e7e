// The engine's doors for the package's action history (ReMVVMMiddleware's `ActionHistory`):
// the reducers alone, on a state of the caller's, and a state set as a change.

extension DispatchEngine {
    /// The state `actions` make of `initial` through this store's reducers alone: no
    /// middleware, no subscriber, no diagnostics (an action without a reducer changes nothing).
    ///
    /// A scratch engine shares the routes, so their reducers run on its state, not this one's.
    func reduced(_ actions: [any StoreAction], from initial: State) -> State {
        let scratch = DispatchEngine(state: initial, middleware: [])
        scratch.routes = routes
        scratch.diagnosticsHandler = { _ in }
        for action in actions { scratch.reduceAlone(action) }
        return scratch.state
    }

    private func reduceAlone<Action: StoreAction>(_ action: Action) {
        guard let route = routes.existingRoute(for: Action.self) else { return }
        var action = action
        _ = reduce(&action, route: route)
    }

    /// Makes `newState` the state and tells the subscribers once; after the current work when
    /// the store is busy.
    func replaceState(with newState: State) {
        if isBusy {
            pending.append(.resume { $0.replaceState(with: newState) })
            return
        }
        isBusy = true
        apply(newState)
        if !pending.isEmpty { drain() }
        isBusy = false
    }
}
