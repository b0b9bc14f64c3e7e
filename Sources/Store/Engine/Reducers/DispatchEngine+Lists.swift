// The engine's registrations of reducers of one row of a list (`forEach`) and of a part that
// may be `nil` (`ifLet`). Like `register(reducer:at:)`, each is made where the types are known
// (`@inlinable`), and an action that finds no row, or no part, changes nothing: it is reported,
// and the state stays as it was (subscribers are told, as after any reduce, like a checked
// reducer's refused requests).

extension DispatchEngine {
    @inlinable
    func register<R: Reducer, Rows: IdentifiedCollection>(
        reducer: R.Type,
        forEach rows: WritableKeyPath<State, Rows>,
        id: KeyPath<R.Action, Rows.Element.ID>
    ) where Rows.Element == R.State {
        install(
            reducer, at: rows, for: R.Action.self,
            reduce: { engine, address in
                let action = address.assuming(R.Action.self)
                // Nobody reads the old state (no subscriber, no observer): the row changes in the
                // store's own state, which the store then holds alone, so the list is not copied
                // (a plain array inside would be copied whole).
                if engine.subscribers.isEmpty && engine.observers.isEmpty {
                    if !Self.reduceRow(R.self, of: &engine.state[keyPath: rows], with: action.value, id: id) {
                        engine.reportNoRow(R.Action.self, id: action.value[keyPath: id], in: rows)
                    }
                    return
                }
                var newState = engine.state
                if !Self.reduceRow(R.self, of: &newState[keyPath: rows], with: action.value, id: id) {
                    engine.reportNoRow(R.Action.self, id: action.value[keyPath: id], in: rows)
                }
                engine.commit(newState) { .action(action.value) }
            },
            fold: { state, action in
                guard let action = action as? R.Action else { return }
                _ = Self.reduceRow(R.self, of: &state[keyPath: rows], with: action, id: id)
            })
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

    @usableFromInline
    func reportNoRow(_ actionType: any StoreAction.Type, id: some Hashable, in rows: AnyKeyPath) {
        report(
            .rowNotFound,
            "\(TypeName.of(actionType)) names the row \(String(reflecting: id)), which is not in \(rows); the state did not change."
        )
    }

    @usableFromInline
    func reportNilPart(_ actionType: any StoreAction.Type, at part: AnyKeyPath) {
        report(
            .partIsNil,
            "\(TypeName.of(actionType)) reduces the part at \(part), which is nil; the state did not change."
        )
    }

    @inlinable
    func register<R: Reducer>(reducer: R.Type, ifLet part: WritableKeyPath<State, R.State?>) {
        install(
            reducer, at: part, for: R.Action.self,
            reduce: { engine, address in
                let action = address.assuming(R.Action.self)
                var newState = engine.state
                if let current = newState[keyPath: part] {
                    newState[keyPath: part] = R.reduce(state: current, with: action.value)
                } else {
                    engine.reportNilPart(R.Action.self, at: part)
                }
                engine.commit(newState) { .action(action.value) }
            },
            fold: { state, action in
                guard let action = action as? R.Action, let current = state[keyPath: part] else { return }
                state[keyPath: part] = R.reduce(state: current, with: action)
            })
    }
}
