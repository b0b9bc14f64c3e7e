// The engine's registrations of actions addressed to one place (a row, an optional part, a
// navigation entry) that other modules of the package make, and of actions without a reducer:
// an action that only starts work. Like the other registrations, each is made where the types
// are known (`@inlinable`).

/// A stand-in reducer type that says what was registered in its place: a report of a second
/// registration for the same action type names it.
@usableFromInline
protocol DescribedRegistration {
    /// `the closure registered for Rename`.
    static var registrationDescription: String { get }
}

/// The stand-in reducer of `Action`, registered without one. Never called.
@usableFromInline
enum Reducerless<Action: StoreAction>: Reducer, DescribedRegistration {
    @usableFromInline
    static var registrationDescription: String {
        "the registration of \(TypeName.of(Action.self)) without a reducer"
    }

    @usableFromInline
    static func reduce(state: Void, with action: Action) {}
}

/// The stand-in reducer of `Action`, reduced by a closure: what the package's registrations of
/// a closure give as their reducer type. Never called.
@usableFromInline
package enum ClosureReducer<Action: StoreAction>: Reducer, DescribedRegistration {
    @usableFromInline
    static var registrationDescription: String { "the closure registered for \(TypeName.of(Action.self))" }

    @usableFromInline package static func reduce(state: Void, with action: Action) {}
}

extension DispatchEngine {
    /// Registers `Action` for the place of the part at `keyPath` that the action's `id` names:
    /// `reduce` changes the part (`false` when the action's place is not there, which
    /// `missing` reports), or, without it, the action only starts work: `isAddressed` checks
    /// its place, and nothing is committed. The part is reduced in place when it is stored
    /// inline, and the id read in place when the action stores it (``StatePart``).
    @inlinable
    func registerAddressed<Action: StoreAction, Part, ID>(
        _ reducer: (any Reducer.Type)?,
        for _: Action.Type,
        at keyPath: WritableKeyPath<State, Part>,
        id: KeyPath<Action, ID>,
        reduce: (@MainActor (inout Part, Action, ID) -> Bool)?,
        isAddressed: @escaping @MainActor (Part, ID) -> Bool,
        missing: @escaping @MainActor (Action) -> StoreDiagnostic,
        place: @escaping @MainActor (ID) -> StatePlace<State>
    ) {
        // A stored id is read at its offset: through the key path, each read cost a projection
        // and the metadata of `Result` (callgrind, `screen.case`: about 340 instructions).
        let storedID = StatePart(id)
        let readID: @MainActor (Action) -> ID = { action in storedID?.value(of: action) ?? action[keyPath: id]
        }
        defer { setPlace(for: Action.self) { place(readID($0)) } }
        guard let reduce else {
            installReducerless(Action.self, at: keyPath) { engine, action in
                if !isAddressed(engine.state[keyPath: keyPath], readID(action)) {
                    engine.diagnosticsHandler(missing(action))
                }
            }
            return
        }
        let reducerType = reducer ?? Reducerless<Action>.self
        if let part = StatePart(keyPath) {
            install(
                reducerType, at: keyPath, for: Action.self,
                reduce: { engine, address in
                    let action = address.assuming(Action.self)
                    let id = storedID?.value(in: action) ?? action[keyPath: id]
                    var newState = engine.state
                    if !part.modify(in: &newState, { reduce(&$0, action.value, id) }) {
                        engine.diagnosticsHandler(missing(action.value))
                    }
                    engine.commit(newState, action: action)
                },
                fold: { state, action in
                    guard let action = action as? Action else { return }
                    _ = part.modify(in: &state) { reduce(&$0, action, readID(action)) }
                })
            return
        }
        install(
            reducerType, at: keyPath, for: Action.self,
            reduce: { engine, address in
                let action = address.assuming(Action.self)
                var newState = engine.state
                if !reduce(&newState[keyPath: keyPath], action.value, readID(action.value)) {
                    engine.diagnosticsHandler(missing(action.value))
                }
                engine.commit(newState, action: action)
            },
            fold: { state, action in
                guard let action = action as? Action else { return }
                _ = reduce(&state[keyPath: keyPath], action, readID(action))
            })
    }

    /// Registers `Action` without a reducer: it goes through the middleware, and its end
    /// changes nothing and reports nothing, after `check`.
    @inlinable
    func installReducerless<Action: StoreAction>(
        _: Action.Type, at keyPath: AnyKeyPath?,
        check: (@MainActor (DispatchEngine<State>, Action) -> Void)? = nil
    ) {
        install(
            Reducerless<Action>.self, at: keyPath, for: Action.self,
            reduce: { engine, address in
                check?(engine, address.assuming(Action.self).value)
                // Nobody is told, as for a blocked action; subscribers released since are let go.
                engine.subscribers.dropReleased()
            },
            fold: { _, _ in })
    }

    /// Makes the tasks that middleware start while handling an `Action` end with the place
    /// `place` names.
    @inlinable
    func setPlace<Action: StoreAction>(
        for _: Action.Type, _ place: @escaping @MainActor (Action) -> StatePlace<State>
    ) {
        routes.route(for: Action.self).place = { action in
            (action as? Action).map(place)
        }
    }

    /// Registers `reduce`, a closure, as the reducer of `Action` over the part at `keyPath`
    /// (`\.self` for the whole state), in place when the part is stored inline.
    @inlinable
    func registerClosure<Action: StoreAction, Part>(
        _: Action.Type,
        at keyPath: WritableKeyPath<State, Part>,
        reduce: @escaping @MainActor (inout Part, Action) -> Void
    ) {
        let describedPath: AnyKeyPath? = keyPath == \State.self ? nil : keyPath
        if let part = StatePart(keyPath) {
            install(
                ClosureReducer<Action>.self, at: describedPath, for: Action.self,
                reduce: { engine, address in
                    let action = address.assuming(Action.self)
                    var newState = engine.state
                    _ = part.modify(in: &newState) {
                        reduce(&$0, action.value)
                        return true
                    }
                    engine.commit(newState, action: action)
                },
                fold: { state, action in
                    guard let action = action as? Action else { return }
                    _ = part.modify(in: &state) {
                        reduce(&$0, action)
                        return true
                    }
                })
            return
        }
        install(
            ClosureReducer<Action>.self, at: describedPath, for: Action.self,
            reduce: { engine, address in
                let action = address.assuming(Action.self)
                var newState = engine.state
                reduce(&newState[keyPath: keyPath], action.value)
                engine.commit(newState, action: action)
            },
            fold: { state, action in
                guard let action = action as? Action else { return }
                reduce(&state[keyPath: keyPath], action)
            })
    }
}
