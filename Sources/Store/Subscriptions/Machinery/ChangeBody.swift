// The functions a closure subscription runs at each change, made where the state's and the
// value's types are known (the store's `subscribe(to:timing:_:)` is `@inlinable`), so that the
// selection and the comparison run specialized. Each form has its own function, not one that
// wraps another: every closure between the change and the client's costs each change a call
// (callgrind, `persist`: 7 instructions for the check of a gate that is `nil`, 45 for a gate).
// Callgrind, `history` (a feature that subscribes to `\.self` with the cause, in code generic
// over the state): a wrapper that reinterpreted the state cost 340 instructions per dispatch,
// copying it through its value witness; the client's closure itself costs nothing.

/// Makes the function a subscription runs at each change from what it selects and its closure.
///
/// A function with a `gate` first checks it: a subscription of `subscribe` that runs before or
/// after the subscribers ends when released. One that runs with them has none (`nil`), as the
/// subscriber list checks its subscription, and neither has one of the package's features,
/// which cancel theirs: their function is the one the store calls, with no check around it.
@MainActor
@usableFromInline
enum ChangeBody<State: StoreState> {
    @usableFromInline typealias Body = @MainActor (State, State, StateChangeCause) -> Void

    /// `body`, behind a check of `gate` when there is one.
    @inlinable
    static func gated(_ gate: SubscriptionGate?, _ body: @escaping Body) -> Body {
        guard let gate else { return body }
        return { state, oldState, cause in
            if !gate.isClosed() { body(state, oldState, cause) }
        }
    }

    /// Calls `body` when the part at `part` differs after a change. A part stored inline in
    /// the state is read in place, without a key-path projection.
    @inlinable
    static func comparing<Part: Equatable>(
        _ part: KeyPath<State, Part>,
        gate: SubscriptionGate?,
        _ body: @escaping @MainActor (Part, Part, StateChangeCause) -> Void
    ) -> Body {
        return gated(gate, ungated())
        func ungated() -> Body {
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
    }

    /// Calls `body` at every change with the part at `part` after and before it. The whole
    /// state (`\.self`) is passed as it is; another part stored inline is read in place.
    @inlinable
    static func reading<Part>(
        _ part: KeyPath<State, Part>,
        gate: SubscriptionGate?,
        _ body: @escaping @MainActor (Part, Part, StateChangeCause) -> Void
    ) -> Body {
        return gated(gate, ungated())
        func ungated() -> Body {
            if part == \State.self, let whole = body as? Body { return whole }
            if let inline = StatePart(part) {
                return { state, oldState, cause in
                    body(inline.value(of: state), inline.value(of: oldState), cause)
                }
            }
            return { state, oldState, cause in
                body(state[keyPath: part], oldState[keyPath: part], cause)
            }
        }
    }

    /// As the form with the cause, for a closure that does not read it.
    @inlinable
    static func comparing<Part: Equatable>(
        _ part: KeyPath<State, Part>,
        gate: SubscriptionGate?,
        _ body: @escaping @MainActor (Part, Part) -> Void
    ) -> Body {
        return gated(gate, ungated())
        func ungated() -> Body {
            if let inline = StatePart(part) {
                return { state, oldState, _ in
                    let value = inline.value(of: state)
                    let oldValue = inline.value(of: oldState)
                    if value != oldValue { body(value, oldValue) }
                }
            }
            return { state, oldState, _ in
                let value = state[keyPath: part]
                let oldValue = oldState[keyPath: part]
                if value != oldValue { body(value, oldValue) }
            }
        }
    }

    /// As the form with the cause, for a closure that does not read it.
    @inlinable
    static func reading<Part>(
        _ part: KeyPath<State, Part>,
        gate: SubscriptionGate?,
        _ body: @escaping @MainActor (Part, Part) -> Void
    ) -> Body {
        return gated(gate, ungated())
        func ungated() -> Body {
            if part == \State.self, let whole = body as? @MainActor (State, State) -> Void {
                return { state, oldState, _ in
                    whole(state, oldState)
                }
            }
            if let inline = StatePart(part) {
                return { state, oldState, _ in
                    body(inline.value(of: state), inline.value(of: oldState))
                }
            }
            return { state, oldState, _ in
                body(state[keyPath: part], oldState[keyPath: part])
            }
        }
    }

    /// Calls `body` when the value `select` computes differs after a change.
    @inlinable
    static func comparing<Value: Equatable>(
        _ select: @escaping @MainActor (State) -> Value,
        gate: SubscriptionGate?,
        _ body: @escaping @MainActor (Value, Value, StateChangeCause) -> Void
    ) -> Body {
        return gated(gate, ungated())
        func ungated() -> Body {
            { state, oldState, cause in
                let value = select(state)
                let oldValue = select(oldState)
                if value != oldValue { body(value, oldValue, cause) }
            }
        }
    }

    /// Calls `body` at every change with the value `select` computes after and before it.
    @inlinable
    static func reading<Value>(
        _ select: @escaping @MainActor (State) -> Value,
        gate: SubscriptionGate?,
        _ body: @escaping @MainActor (Value, Value, StateChangeCause) -> Void
    ) -> Body {
        return gated(gate, ungated())
        func ungated() -> Body {
            { state, oldState, cause in
                body(select(state), select(oldState), cause)
            }
        }
    }

    /// As the form with the cause, for a closure that does not read it.
    @inlinable
    static func comparing<Value: Equatable>(
        _ select: @escaping @MainActor (State) -> Value,
        gate: SubscriptionGate?,
        _ body: @escaping @MainActor (Value, Value) -> Void
    ) -> Body {
        return gated(gate, ungated())
        func ungated() -> Body {
            { state, oldState, _ in
                let value = select(state)
                let oldValue = select(oldState)
                if value != oldValue { body(value, oldValue) }
            }
        }
    }

    /// As the form with the cause, for a closure that does not read it.
    @inlinable
    static func reading<Value>(
        _ select: @escaping @MainActor (State) -> Value,
        gate: SubscriptionGate?,
        _ body: @escaping @MainActor (Value, Value) -> Void
    ) -> Body {
        return gated(gate, ungated())
        func ungated() -> Body {
            { state, oldState, _ in
                body(select(state), select(oldState))
            }
        }
    }
}
