// The engine's registration of the reducer of a part that may be `nil` (`ifLet`). Like
// `register(reducer:at:)`, it is made where the types are known (`@inlinable`), and an action
// that finds the part `nil` changes nothing: it is reported, and the state stays as it was
// (subscribers are told, as after any reduce, like a checked reducer's refused requests).

extension DispatchEngine {
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
                engine.commit(newState, action: action)
            },
            fold: { state, action in
                guard let action = action as? R.Action, let current = state[keyPath: part] else { return }
                state[keyPath: part] = R.reduce(state: current, with: action)
            })
        setPlace(for: R.Action.self) { _ in Self.optionalPlace(part) }
    }

    /// The optional part at `part`, as a place whose tasks end when it is `nil`.
    @usableFromInline
    static func optionalPlace<Part>(_ part: KeyPath<State, Part?>) -> StatePlace<State> {
        StatePlace(path: part, id: nil, name: { "the part \(part)" }, isPresent: { $0[keyPath: part] != nil })
    }

    @usableFromInline
    func reportNilPart(_ actionType: any StoreAction.Type, at part: AnyKeyPath) {
        diagnosticsHandler(Self.nilPartDiagnostic(actionType, at: part))
    }

    /// The report of an action whose optional part is `nil`.
    @usableFromInline
    static func nilPartDiagnostic(_ actionType: any StoreAction.Type, at part: AnyKeyPath) -> StoreDiagnostic
    {
        StoreDiagnostic(
            kind: .partIsNil,
            message:
                "\(TypeName.of(actionType)) reduces the part at \(part), which is nil; the state did not change."
        )
    }
}
