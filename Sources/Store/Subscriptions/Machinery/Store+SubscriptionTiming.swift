// Where a closure subscription goes: with the subscribers into the subscriber list, before or
// after them into the engine's change observers; one that reads the cause with the subscribers
// takes it from an observer that runs before them.

extension Store {
    /// Subscribes the function `make` returns, made where the types are known, as `timing`
    /// says; `readsCause` says whether it reads the cause, which the store then makes at each
    /// change. `make` gets the gate the function checks, or `nil` when it runs with the
    /// subscribers.
    @inlinable
    func subscribe(
        timing: SubscriptionTiming,
        readsCause: Bool,
        _ make: (SubscriptionGate?) -> ChangeBody<State>.Body
    ) -> StoreSubscription {
        switch timing {
        case .withSubscribers:
            return subscribeWithSubscribers(readsCause: readsCause, make(nil))
        case .beforeSubscribers, .afterSubscribers:
            let gate = SubscriptionGate(endsWhenReleased: true)
            return observe(timing: timing, readsCause: readsCause, gate: gate, make(gate))
        }
    }

    /// Subscribes a closure of the whole state into the subscriber list, as it is.
    @usableFromInline
    func subscribeWithSubscribers(_ onChange: @escaping @MainActor (State, State) -> Void)
        -> StoreSubscription
    {
        engine.subscribers.subscribe(onChange)
    }

    /// Subscribes `body` into the subscriber list.
    @usableFromInline
    func subscribeWithSubscribers(readsCause: Bool, _ body: @escaping ChangeBody<State>.Body)
        -> StoreSubscription
    {
        // No cause is read: the placeholder costs nothing to make.
        guard readsCause else { return engine.subscribers.subscribe { body($0, $1, .travel) } }
        return subscribeWithCause(body)
    }

    /// Adds `body`, which checks `gate`, to the engine's change observers.
    @usableFromInline
    func observe(
        timing: SubscriptionTiming, readsCause: Bool, gate: SubscriptionGate,
        _ body: @escaping ChangeBody<State>.Body
    ) -> StoreSubscription {
        engine.observers.add(
            body, readsCause: readsCause, timing: timing, gate: gate, checksGate: true,
            subscribers: engine.subscribers)
    }

    /// A closure that runs with the subscribers and reads the cause: an observer that runs
    /// before the subscribers notes each change's cause for it. The note holds the observer's
    /// subscription, and the closure holds the note: once the store lets go of the closure
    /// (cancelled or released), the observer is released too and ends.
    private func subscribeWithCause(_ body: @escaping ChangeBody<State>.Body) -> StoreSubscription {
        let note = CauseNote()
        note.observer = engine.observers.add(
            { [unowned note] _, _, cause in note.cause = cause },
            readsCause: true, timing: .beforeSubscribers, gate: SubscriptionGate(endsWhenReleased: true),
            checksGate: false, subscribers: engine.subscribers)
        let subscription = engine.subscribers.subscribe { state, oldState in
            body(state, oldState, note.cause)
        }
        let letGoOfClosure = subscription.onCancel
        subscription.onCancel = { [weak note] in
            note?.observer?.cancel()
            letGoOfClosure?()
        }
        return subscription
    }
}

/// The cause of the change being told, for a closure that runs with the subscribers.
@MainActor
private final class CauseNote {
    var cause = StateChangeCause.travel
    var observer: StoreSubscription?
}

// MARK: - The package's features

extension Store {
    /// As `subscribe(to:timing:_:)` with a timing other than the default, for the package's
    /// features, which keep their subscription until they leave the store and cancel it then
    /// (``StoreAttachment``): the closure does not check at each change whether the
    /// subscription was released. Callgrind: that check cost `persist` 32 instructions per
    /// dispatch, and `history`, whose feature is generic over the state, 85.
    @inlinable
    package func subscribeUntilCancelled<Value: Equatable>(
        to keyPath: KeyPath<State, Value>,
        timing: SubscriptionTiming,
        _ onChange: @escaping @MainActor (_ value: Value, _ oldValue: Value) -> Void
    ) -> StoreSubscription {
        observeUntilCancelled(
            timing: timing, readsCause: false, ChangeBody.comparing(keyPath, gate: nil, onChange))
    }

    /// As ``subscribeUntilCancelled(to:timing:_:)-(KeyPath<State,Value>,_,_)``, for a value that
    /// is not `Equatable`, called at every change.
    @inlinable
    package func subscribeUntilCancelled<Value>(
        to keyPath: KeyPath<State, Value>,
        timing: SubscriptionTiming,
        _ onChange: @escaping @MainActor (_ value: Value, _ oldValue: Value) -> Void
    ) -> StoreSubscription {
        observeUntilCancelled(
            timing: timing, readsCause: false, ChangeBody.reading(keyPath, gate: nil, onChange))
    }

    /// As ``subscribeUntilCancelled(to:timing:_:)-(KeyPath<State,Value>,_,_)``, for a value that
    /// is not `Equatable`, called at every change with its cause.
    @inlinable
    package func subscribeUntilCancelled<Value>(
        to keyPath: KeyPath<State, Value>,
        timing: SubscriptionTiming,
        _ onChange:
            @escaping @MainActor (_ value: Value, _ oldValue: Value, _ cause: StateChangeCause) -> Void
    ) -> StoreSubscription {
        observeUntilCancelled(
            timing: timing, readsCause: true, ChangeBody.reading(keyPath, gate: nil, onChange))
    }

    /// As ``subscribeUntilCancelled(to:timing:_:)-(KeyPath<State,Value>,_,_)`` for the whole
    /// state with its cause: the closure is the function the store calls, without one around it
    /// (callgrind, `history`: 11 instructions per dispatch for each reabstraction around it).
    @inlinable
    package func subscribeUntilCancelled(
        timing: SubscriptionTiming,
        _ onChange:
            @escaping @MainActor (_ state: State, _ oldState: State, _ cause: StateChangeCause) -> Void
    ) -> StoreSubscription {
        observeUntilCancelled(timing: timing, readsCause: true, onChange)
    }

    /// As ``subscribeUntilCancelled(timing:_:)-(_,(State,State,StateChangeCause)->Void)``, for a
    /// closure that does not read the cause.
    @inlinable
    package func subscribeUntilCancelled(
        timing: SubscriptionTiming,
        _ onChange: @escaping @MainActor (_ state: State, _ oldState: State) -> Void
    ) -> StoreSubscription {
        observeUntilCancelled(timing: timing, readsCause: false) { state, oldState, _ in
            onChange(state, oldState)
        }
    }

    @usableFromInline
    func observeUntilCancelled(
        timing: SubscriptionTiming, readsCause: Bool, _ body: @escaping ChangeBody<State>.Body
    ) -> StoreSubscription {
        precondition(
            timing != .withSubscribers, "internal inconsistency: a feature's subscription has a timing")
        return engine.observers.add(
            body, readsCause: readsCause, timing: timing, gate: SubscriptionGate(endsWhenReleased: false),
            checksGate: false, subscribers: engine.subscribers)
    }
}
