import ReMVVMStore

/// What an ``ActionRecorder`` and an ``UndoHistory`` of one store tell each other, hung on the
/// store (`Store.attachment`), so that neither needs to know the other is there.
///
/// The recorder says which line it wrote for the action on its way to the reducers; the history
/// notes that line in each step it makes, and says which line's state an undo and a redo would
/// bring back now. The recorder writes that in the line of an ``UndoAction`` or a
/// ``RedoAction``, which it sees before the history does: the history's stacks change only when
/// an action is reduced, so what it says then still holds when the action reaches it.
@MainActor
final class RecordingLink {
    /// The sequence number of the line the recorder wrote last: the action being reduced,
    /// unless a middleware between the two held it back while others passed.
    var currentLine: Int?
    /// What an undo would bring back now; `nil` when the history has no step, `.some(nil)`
    /// when it has one made before the recorder knew the line.
    var undoLine: Int??
    /// What a redo would bring back now, as ``undoLine``.
    var redoLine: Int??
    /// Whether an ``UndoHistory`` is registered on the store: without one, an undo or a redo
    /// restores nothing, and the recorder says nothing of it.
    var hasHistory = false
    /// The history's own way to restore a state from before a line, given that state: its whole
    /// or the part it keeps, set into the current state. A
    /// `@MainActor (State) -> @Sendable (State) -> State` of the store's state type; `nil`
    /// without a history.
    var restoreFunction: Any?

    init() {}

    /// What the line of `action` says it restores, or `nil` for an action that restores
    /// nothing (not an undo or a redo), or when the history cannot say.
    func restored(by action: any StoreAction) -> ActionLog.Entry.Restored? {
        guard hasHistory else { return nil }
        let line: Int??
        switch action {
        case is UndoAction: line = undoLine
        case is RedoAction: line = redoLine
        default: return nil
        }
        switch line {
        case .none: return .nothing
        case .some(.none): return nil
        case .some(.some(let number)): return .stateBefore(sequenceNumber: number)
        }
    }
}
