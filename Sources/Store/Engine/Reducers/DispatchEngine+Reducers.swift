// The engine's registrations of reducers: of the whole state and of a part at a key path,
// each made where the reducer's types are known.

extension DispatchEngine {
    // Each reducer is installed twice over: `reduce` for a dispatch, which commits through
    // the engine, and `fold`, which reduces a state of the caller's (time travel, replay). The
    // dispatch's closure passes no state across its boundary: a state returned from a closure
    // stored in this generic class travels by address, through value witnesses (callgrind,
    // `d0`: 210 more instructions per dispatch).

    @inlinable
    func register<R: Reducer>(reducer: R.Type) where R.State == State {
        install(
            reducer, at: nil, for: R.Action.self,
            reduce: { engine, address in
                let action = address.assuming(R.Action.self)
                engine.commit(R.reduce(state: engine.state, with: action.value), action: action)
            },
            fold: { state, action in
                if let action = action as? R.Action { state = R.reduce(state: state, with: action) }
            })
    }

    /// A reducer of the part at `keyPath`: reduced in place when the part is stored inline
    /// (``StatePart``), through the key path otherwise.
    @inlinable
    func register<R: Reducer>(reducer: R.Type, at keyPath: WritableKeyPath<State, R.State>) {
        if let part = StatePart(keyPath) {
            install(
                reducer, at: keyPath, for: R.Action.self,
                reduce: { engine, address in
                    let action = address.assuming(R.Action.self)
                    var newState = engine.state
                    part.reduce(in: &newState) { R.reduce(state: $0, with: action.value) }
                    engine.commit(newState, action: action)
                },
                fold: { state, action in
                    guard let action = action as? R.Action else { return }
                    part.reduce(in: &state) { R.reduce(state: $0, with: action) }
                })
            return
        }
        install(
            reducer, at: keyPath, for: R.Action.self,
            reduce: { engine, address in
                let action = address.assuming(R.Action.self)
                var newState = engine.state
                newState[keyPath: keyPath] = R.reduce(state: newState[keyPath: keyPath], with: action.value)
                engine.commit(newState, action: action)
            },
            fold: { state, action in
                guard let action = action as? R.Action else { return }
                state[keyPath: keyPath] = R.reduce(state: state[keyPath: keyPath], with: action)
            })
    }

    @inlinable
    func install<Action: StoreAction>(
        _ reducer: any Reducer.Type,
        at keyPath: AnyKeyPath?,
        for actionType: Action.Type,
        reduce: @escaping ReduceFunction<State>,
        fold: @escaping FoldFunction<State>
    ) {
        if let message = routes.install(reducer, at: keyPath, reduce: reduce, fold: fold, for: actionType) {
            report(.duplicateReducer, message)
            preconditionFailure(message)
        }

    }
}
