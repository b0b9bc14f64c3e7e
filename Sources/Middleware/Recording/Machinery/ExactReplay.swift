import ReMVVMStore

/// The states a log's actions make with a store's reducers alone, undos and redos included:
/// what a replay by reducers sets and what an exported test asserts.
///
/// An ``UndoAction`` or a ``RedoAction`` is not reduced from what the store's history holds now
/// but from its line: `"restores":3` brings back the state from before line 3, as the
/// ``UndoHistory`` of the store it was recorded in did (the whole state, or the part that the
/// history of the store replayed into keeps). Since the log holds every follow-up in the order it
/// was reduced, the steps are the ones the recording had.
@MainActor
struct ExactReplay<State: StoreState> {
    /// Each decoded action, a restoring one carrying what it restores, and the state after it.
    private(set) var steps: [(action: any StoreAction, draws: [DependencyDraw], state: State)] = []

    /// Reduces `decoded` from `initial` with `store`'s reducers.
    ///
    /// - Throws: ``ActionLogError/needsMiddleware(line:typeName:)`` for an undo or a redo
    ///   whose line does not say what it restored (a log written before lines said it).
    init(
        _ decoded: [(entry: ActionLog.Entry, action: any StoreAction)],
        from initial: State,
        store: Store<State>
    ) throws(ActionLogError) {
        var wanted = Set<Int>()
        for (entry, action) in decoded where action is any RestoringAction {
            switch entry.restored {
            case .stateBefore(let line): wanted.insert(line)
            case .nothing: break
            case nil: throw .needsMiddleware(line: entry.lineNumber, typeName: entry.typeName)
            }
        }
        let snapshot: @MainActor (State) -> @Sendable (State) -> State =
            store.attachment(RecordingLink.self)?.restoreFunction
            as? @MainActor (State) -> @Sendable (State) -> State ?? { saved in { _ in saved } }
        // The states before the lines that undos and redos name, taken on the way.
        var before: [Int: State] = [:]
        var pending = wanted.sorted()[...]
        var state = initial
        steps.reserveCapacity(decoded.count)
        for (entry, action) in decoded {
            while let line = pending.first, line <= entry.sequenceNumber {
                before[line] = state
                pending.removeFirst()
            }
            guard var restoring = action as? any RestoringAction else {
                let draws = entry.draws
                state = store.reduced([(action, draws)], from: state)
                steps.append((action, draws, state))
                continue
            }
            if case .stateBefore(let line) = entry.restored {
                // A line before this one, so taken above (`ActionLog` checks it is earlier).
                guard let saved = before[line] else {
                    preconditionFailure("internal inconsistency: no state before line \(line)")
                }
                let restoration = Restoration(stepID: 0, apply: snapshot(saved))
                state = restoration.apply(state)
                restoring.restoring = restoration
            }
            steps.append((restoring, [], state))
        }
    }
}
