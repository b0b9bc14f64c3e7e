// The engine's door for a reducer with a check (a part's impossible requests): kept here,
// beside `register(reducer:at:)`, because it reads the action at the engine's address
// (assumption 1 in Unchecked.swift).

extension DispatchEngine {
    /// Registers `reducer` at `keyPath`, with a check that runs before it on the same part and
    /// action: a diagnostic it returns reaches the diagnostics hook, and the state stays as it
    /// was (subscribers are told, as after any reduce).
    @inlinable
    func register<R: Reducer>(
        reducer: R.Type,
        at keyPath: WritableKeyPath<State, R.State>,
        diagnose: @escaping @Sendable (R.State, R.Action) -> StoreDiagnostic?
    ) {
        // In place when the part is stored inline, as `register(reducer:at:)` does (StatePart).
        // Time travel and replays fold the reducer alone: the check's reports are not repeated.
        if let part = StatePart(keyPath) {
            install(
                reducer, at: keyPath, for: R.Action.self,
                reduce: { engine, address in
                    let action = address.assuming(R.Action.self)
                    var newState = engine.state
                    var diagnostic: StoreDiagnostic?
                    part.reduce(in: &newState) { current in
                        diagnostic = diagnose(current, action.value)
                        return diagnostic == nil ? R.reduce(state: current, with: action.value) : current
                    }
                    if let diagnostic { engine.diagnosticsHandler(diagnostic) }
                    engine.commit(newState, action: action)
                },
                fold: { state, action in
                    guard let action = action as? R.Action else { return }
                    part.reduce(in: &state) {
                        diagnose($0, action) == nil ? R.reduce(state: $0, with: action) : $0
                    }
                })
            return
        }
        install(
            reducer, at: keyPath, for: R.Action.self,
            reduce: { engine, address in
                let action = address.assuming(R.Action.self)
                var newState = engine.state
                let current = newState[keyPath: keyPath]
                if let diagnostic = diagnose(current, action.value) {
                    engine.diagnosticsHandler(diagnostic)
                } else {
                    newState[keyPath: keyPath] = R.reduce(state: current, with: action.value)
                }
                engine.commit(newState, action: action)
            },
            fold: { state, action in
                guard let action = action as? R.Action else { return }
                let current = state[keyPath: keyPath]
                if diagnose(current, action) == nil {
                    state[keyPath: keyPath] = R.reduce(state: current, with: action)
                }
            })
    }
}
