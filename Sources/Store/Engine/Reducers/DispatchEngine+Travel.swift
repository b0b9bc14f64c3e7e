// The engine's doors for changes that come without an action through the middleware: the
// reducers alone on a state of the caller's (recomputing a session, replaying a log), and a
// state set as one change, which passes ``DispatchEngine/commit(_:cause:)`` like any other.

extension DispatchEngine {
    /// The state `actions` make of `initial` through this store's reducers alone: no
    /// middleware, no subscriber, no observer, no diagnostics (an action without a reducer
    /// changes nothing).
    func reduced(_ actions: [any StoreAction], from initial: State) -> State {
        var state = initial
        foldActions?(self, actions, &state)
        return state
    }

    /// Makes `newState` the state as one change with `cause`: the observers and subscribers are
    /// told once. After the current work when the store is busy.
    func replaceState(with newState: State, cause: StateChangeCause) {
        if isBusy {
            pending.append(.resume { $0.replaceState(with: newState, cause: cause) })
            return
        }
        isBusy = true
        commit(newState) { cause }
        if !pending.isEmpty { drain() }
        isBusy = false
    }
}
