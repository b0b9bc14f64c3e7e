// The lists' registration of the reducer of one row of a list (`forEach`), installed on the
// engine like any reducer at a key path (`install`), which knows nothing of lists. Like
// `register(reducer:at:)`, it is made where the types are known (`@inlinable`), and an action
// that finds no row changes nothing: it is reported, and the state stays as it was
// (subscribers are told, as after any reduce, like a checked reducer's refused requests).
//
// A row action of an `IdentifiedArray` keeps the version it replaced, as a ``TrieDonor``, in
// what the engine keeps for the next reduce (`keptUntilNextChange`), and the next row action
// writes with its nodes (ElementTrie+Reusing.swift); the engine lets go of it at any other
// change.

extension DispatchEngine {
    @inlinable
    func register<R: Reducer, Rows: IdentifiedCollection>(
        reducer: R.Type,
        forEach rows: WritableKeyPath<State, Rows>,
        id: KeyPath<R.Action, Rows.Element.ID>
    ) where Rows.Element == R.State {
        // Decided once: an `IdentifiedArray` is written with the nodes of the version the
        // previous row action replaced (see ElementTrie+Reusing.swift).
        let isIdentifiedArray = Rows.self == IdentifiedArray<R.State>.self
        install(
            reducer, at: rows, for: R.Action.self,
            reduce: { engine, address in
                let action = address.assuming(R.Action.self)
                // Nobody reads the old state (no subscriber, no observer): the row changes in the
                // store's own state, which the store then holds alone, so the list is not copied
                // (a plain array inside would be copied whole). A donor would share nodes with it
                // and make the write copy them: it goes.
                if engine.subscribers.isEmpty && engine.observers.isEmpty {
                    let found = engine.commitInPlace {
                        Self.reduceRow(R.self, of: &$0[keyPath: rows], with: action.value, id: id)
                    }
                    if !found {
                        engine.reportNoRow(R.Action.self, id: action.value[keyPath: id], in: rows)
                    }
                    return
                }
                var newState = engine.state
                var donor = TrieDonor.take(from: &engine.keptUntilNextChange)
                let found =
                    isIdentifiedArray
                    ? Self.reduceArrayRow(
                        R.self, of: &newState[keyPath: rows], with: action.value, id: id, reusing: &donor)
                    : Self.reduceRow(R.self, of: &newState[keyPath: rows], with: action.value, id: id)
                if !found {
                    engine.reportNoRow(R.Action.self, id: action.value[keyPath: id], in: rows)
                }
                engine.commit(newState, action: action)
                // After the commit, which lets go of what was kept: the donor now holds the state
                // before the action, which only it holds once the subscribers are told.
                engine.keptUntilNextChange = donor
            },
            fold: { state, action in
                guard let action = action as? R.Action else { return }
                _ = Self.reduceRow(R.self, of: &state[keyPath: rows], with: action, id: id)
            })
        setPlace(for: R.Action.self) { Self.rowPlace(rows, id: $0[keyPath: id]) }
    }

    /// The row `rowID` of the list at `rows`, as a place whose tasks end with it.
    @usableFromInline
    static func rowPlace<Rows: IdentifiedCollection>(
        _ rows: KeyPath<State, Rows>, id rowID: Rows.Element.ID
    ) -> StatePlace<State> {
        StatePlace(
            path: rows, id: AnyHashable(rowID), name: { "the row \(ValueText.value(rowID)) of \(rows)" },
            isPresent: { $0[keyPath: rows][id: rowID] != nil })
    }

    /// Reduces the row the action names; `false` when there is none.
    @inlinable
    static func reduceRow<R: Reducer, Rows: IdentifiedCollection>(
        _: R.Type, of rows: inout Rows, with action: R.Action, id: KeyPath<R.Action, Rows.Element.ID>
    ) -> Bool where Rows.Element == R.State {
        let rowID = action[keyPath: id]
        guard let row = rows[id: rowID] else { return false }
        rows[id: rowID] = R.reduce(state: row, with: action)
        return true
    }

    /// Reduces the row the action names in `rows`, an `IdentifiedArray<R.State>` (checked at
    /// registration), in place with one lookup, with the nodes of `donor`; `false` when there
    /// is no such row.
    ///
    /// `nonisolated`: it touches nothing of the engine, and its closures, made on the main
    /// actor, were checked to run there at each call (`swift_task_isCurrentExecutor` twice per
    /// row action, callgrind `list.10`).
    @inlinable
    nonisolated static func reduceArrayRow<R: Reducer, Rows: IdentifiedCollection>(
        _: R.Type,
        of rows: inout Rows,
        with action: R.Action,
        id: KeyPath<R.Action, Rows.Element.ID>,
        reusing donor: inout TrieDonor?
    ) -> Bool where Rows.Element == R.State {
        let rowID = action[keyPath: id]
        // `Rows` is `IdentifiedArray<R.State>`, compared at registration (assumption 5 in
        // Unsafe/Unchecked.swift).
        return withReinterpretedInPlace(&rows, as: IdentifiedArray<R.State>.self) { array in
            array.updateElement(id: rowID, reusing: &donor) { row in
                row = R.reduce(state: row, with: action)
            }
        }
    }

    @usableFromInline
    func reportNoRow(_ actionType: any StoreAction.Type, id: some Hashable, in rows: AnyKeyPath) {
        diagnosticsHandler(Self.noRowDiagnostic(actionType, id: id, in: rows))
    }

    /// The report of an action whose row is not in its list.
    @usableFromInline
    static func noRowDiagnostic(
        _ actionType: any StoreAction.Type, id: some Hashable, in rows: AnyKeyPath
    ) -> StoreDiagnostic {
        StoreDiagnostic(
            kind: .rowNotFound,
            message: "\(TypeName.of(actionType)) names the row \(String(reflecting: id)), which is not in "
                + "\(rows); the state did not change.")
    }
}
