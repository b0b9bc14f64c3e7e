// The functions a closure subscription runs at each change, made where the state's and the
// value's types are known (the store's `subscribe(to:timing:_:)` is `@inlinable`), so that the
// selection and the comparison run specialized.

/// Makes the function a subscription runs at each change from what it selects and its closure.
@MainActor
@usableFromInline
enum ChangeBody<State: StoreState> {
    @usableFromInline typealias Body = @MainActor (State, State, StateChangeCause) -> Void

    /// Calls `body` when the part at `part` differs after a change. A part stored inline in
    /// the state is read in place, without a key-path projection.
    @inlinable
    static func comparing<Part: Equatable>(
        _ part: KeyPath<State, Part>,
        _ body: @escaping @MainActor (Part, Part, StateChangeCause) -> Void
    ) -> Body {
        // Not through `reading`: one closure less to call at each change.
        if let inline = StatePart(part) {
            return { state, oldState, cause in
                let value = inline.value(of: state)
                let oldValue = inline.value(of: oldState)
                if value != oldValue { body(value, oldValue, cause) }
            }
        }
        return { state, oldState, cause in
            let value = state[keyPath: part]
            let oldValue = oldState[keyPath: part]
            if value != oldValue { body(value, oldValue, cause) }
        }
    }

    /// Calls `body` at every change with the part at `part` after and before it. The whole
    /// state (`\.self`) is passed as it is; another part stored inline is read in place.
    @inlinable
    static func reading<Part>(
        _ part: KeyPath<State, Part>,
        _ body: @escaping @MainActor (Part, Part, StateChangeCause) -> Void
    ) -> Body {
        if Part.self == State.self, part == \State.self {
            return { state, oldState, cause in
                body(reinterpret(state, as: Part.self), reinterpret(oldState, as: Part.self), cause)
            }
        }
        if let inline = StatePart(part) {
            return { state, oldState, cause in
                body(inline.value(of: state), inline.value(of: oldState), cause)
            }
        }
        return { state, oldState, cause in
            body(state[keyPath: part], oldState[keyPath: part], cause)
        }
    }

    /// Calls `body` when the value `select` computes differs after a change.
    @inlinable
    static func comparing<Value: Equatable>(
        _ select: @escaping @MainActor (State) -> Value,
        _ body: @escaping @MainActor (Value, Value, StateChangeCause) -> Void
    ) -> Body {
        { state, oldState, cause in
            let value = select(state)
            let oldValue = select(oldState)
            if value != oldValue { body(value, oldValue, cause) }
        }
    }

    /// Calls `body` at every change with the value `select` computes after and before it.
    @inlinable
    static func reading<Value>(
        _ select: @escaping @MainActor (State) -> Value,
        _ body: @escaping @MainActor (Value, Value, StateChangeCause) -> Void
    ) -> Body {
        { state, oldState, cause in body(select(state), select(oldState), cause) }
    }
}
