public import ReMVVMStore

/// Goes back one step in a store's ``UndoHistory``: the state before the last action returns.
///
/// ```swift
/// store.dispatch(action: LoginAction(firstName: "Ada", lastName: "Lovelace"))
/// store.dispatch(action: UndoAction())   // store.state.user == nil again
/// store.dispatch(action: RedoAction())   // and back to Ada
/// ```
///
/// It is an ordinary action: it goes through the middleware, and subscribers and view models
/// see the restored state as any other change. With nothing to undo, the history blocks it and
/// nothing changes. It is `Codable` (its JSON is `{}`), so an ``ActionRecorder`` records it,
/// with the line whose state it brought back (``ActionLog/Entry/restored``), and a replay, by
/// the reducers alone or through a store with the same history, undoes the same step.
public struct UndoAction: StoreAction, RestoringAction, Codable, CustomStringConvertible {
    /// The state the ``UndoHistory`` chose to restore; set by the history on its way through
    /// the middleware, never by the app, and never encoded (the JSON is `{}`).
    var restoring: (any Sendable)?

    /// Creates the action.
    public init() {}
}
