import ReMVVMStore

/// The one reducer of undo and redo: the restoration the history put in the action, or, for
/// an action that did not pass a history of this state type, the state unchanged.
struct RestoreReducer<State: StoreState, Action: RestoringAction>: Reducer {
    static func reduce(state: State, with action: Action) -> State {
        (action.restoring as? Restoration<State>)?.apply(state) ?? state
    }
}
