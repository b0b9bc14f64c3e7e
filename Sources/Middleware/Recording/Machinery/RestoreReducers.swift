import ReMVVMStore

/// Reduces an ``UndoAction`` to the state its ``UndoHistory`` put in it. An undo that did not
/// come through a history (the history is not in the store's middleware) changes nothing.
struct UndoReducer<State: StoreState>: Reducer {
    static func reduce(state: State, with action: UndoAction) -> State {
        (action.restoring as? State) ?? state
    }
}

/// Reduces a ``RedoAction`` to the state its ``UndoHistory`` put in it.
struct RedoReducer<State: StoreState>: Reducer {
    static func reduce(state: State, with action: RedoAction) -> State {
        (action.restoring as? State) ?? state
    }
}
