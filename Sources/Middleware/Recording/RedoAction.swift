public import ReMVVMStore

/// Takes back the last undo in a store's ``UndoHistory``: the state the ``UndoAction`` left
/// returns.
///
/// ```swift
/// store.dispatch(action: LoginAction(firstName: "Ada", lastName: "Lovelace"))
/// store.dispatch(action: UndoAction())   // store.state.user == nil again
/// store.dispatch(action: RedoAction())   // and back to Ada
/// ```
///
/// It is an ordinary action: it goes through the middleware, and subscribers and view models
/// see the restored state as any other change. With nothing to redo (no undo yet, or an action
/// other than undo and redo was reduced since), the history blocks it and nothing changes. It
/// is `Codable` (its JSON is `{}`), so an ``ActionRecorder`` records it, with the line whose
/// state it brought back (``ActionLog/Entry/restored``), and a replay, by the reducers alone or
/// through a store with the same history, redoes the same step.
public struct RedoAction: StoreAction, RestoringAction, Codable, CustomStringConvertible {
    /// The state the ``UndoHistory`` chose to restore; set by the history on its way through
    /// the middleware, never by the app, and never encoded (the JSON is `{}`).
    var restoring: (any Sendable)?

    /// Creates the action.
    public init() {}
}
