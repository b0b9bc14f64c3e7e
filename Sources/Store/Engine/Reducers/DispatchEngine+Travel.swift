// The engine's doors for changes that come without an action through the middleware: the
// reducers alone on a state of the caller's (recomputing a session, replaying a log), and a
// state set as one change, which passes ``DispatchEngine/commit(_:cause:)`` like any other.

extension DispatchEngine {
    /// The state `actions` make of `initial` through this store's reducers alone: no
    /// middleware, no subscriber, no observer (an action without a reducer changes nothing).
    /// Their reducers draw nothing recorded: a draw is made anew and reported.
    func reduced(_ actions: [any StoreAction], from initial: State) -> State {
        reduced(actions.map { ($0, []) }, from: initial)
    }

    /// The state `steps` make of `initial`, each action reduced with the draws it made when it
    /// was first reduced: a reducer that draws again gets those values, so the state comes out
    /// as it did (a draw the record does not hold is drawn anew and reported).
    func reduced(_ steps: [(action: any StoreAction, draws: [DependencyDraw])], from initial: State) -> State
    {
        var state = initial
        guard let fold = foldActions else { return state }
        let outer = reducingCell.enter()
        defer { reducingCell.restore(outer) }
        for step in steps {
            reduceScope.replaying(step.draws, of: type(of: step.action)) { fold(self, step.action, &state) }
        }
        return state
    }

    /// Makes the state what `change` returns (`nil`: no change) as one change with `cause`:
    /// the observers and subscribers are told once. After the current work when the store is
    /// busy: `change` runs then.
    func changeState(cause: StateChangeCause, _ change: @escaping @MainActor () -> State?) {
        whenIdle { engine in
            guard let newState = change() else { return }
            engine.commit(newState) { cause }
        }
    }

    /// Sets `newState` and tells the subscribers, not the observers; after the current work
    /// when the store is busy, so that no notification ever runs inside another.
    func replaceStateBypassingObservers(with newState: State) {
        whenIdle { engine in engine.commitUnobserved(newState) }
    }

    /// Runs `change` now when the store is idle, and then the work it queued; when the store is
    /// busy, queues `change` itself after the current work (queued, it runs while the store is
    /// still busy, so it must not go through this check again).
    private func whenIdle(_ change: @escaping @MainActor (DispatchEngine) -> Void) {
        whenIdle(.resume(change)) { change(self) }
    }
}
