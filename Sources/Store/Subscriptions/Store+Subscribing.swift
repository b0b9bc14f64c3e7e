// `subscribe(to:timing:_:)`: the one way to follow the state with a closure. A key path or a
// closure selects the value; an `Equatable` value calls when it differs, another at every
// change; a three-parameter closure also receives the change's cause.

extension Store {
    // MARK: - A key path

    /// Calls `onChange` when the part of the state at `keyPath` changes, until the returned
    /// subscription is cancelled or released.
    ///
    /// ```swift
    /// let subscription = store.subscribe(to: \.user) { user, oldUser in
    ///     header.text = user?.firstName ?? "Guest"
    /// }
    /// ```
    ///
    /// It is not called when subscribing, only after a change that makes the value differ.
    /// Subscriptions to the same key path that run with the subscribers share one comparison
    /// per change, so many of them cost little. Hold on to the subscription for as long as the
    /// closure should run: once nothing else holds it, the closure is not called again and the
    /// store lets it go.
    ///
    /// - Parameters:
    ///   - keyPath: The part of the state to watch; `\.self` for the whole state.
    ///   - timing: When it runs, relative to the store's other subscribers: with them (the
    ///     default), before or after them.
    ///   - onChange: Called with the new value and the value before the change.
    /// - Returns: The subscription; cancel it or let go of it to stop.
    /// - Complexity: One comparison of the part per change; a part stored inline in the state
    ///   is read in place when the timing is not the default.
    @inlinable
    public func subscribe<Value: Equatable>(
        to keyPath: KeyPath<State, Value>,
        timing: SubscriptionTiming = .withSubscribers,
        _ onChange: @escaping @MainActor (_ value: Value, _ oldValue: Value) -> Void
    ) -> StoreSubscription {
        if timing == .withSubscribers { return engine.subscribers.subscribe(to: keyPath, onChange) }
        return subscribe(timing: timing, readsCause: false) {
            ChangeBody.comparing(keyPath, gate: $0, onChange)
        }
    }

    /// Calls `onChange` with the cause of the change when the part of the state at `keyPath`
    /// changes, until the returned subscription is cancelled or released.
    ///
    /// ```swift
    /// let subscription = store.subscribe(to: \.count, timing: .afterSubscribers) { count, _, cause in
    ///     if case .travel = cause { print("travelled to \(count)") }
    /// }
    /// ```
    ///
    /// Every change passes here once: a reduced action, a replay, a jump or a skip of an action
    /// history. A store makes a ``StateChangeCause`` only while a subscription reads one.
    ///
    /// - Parameters:
    ///   - keyPath: The part of the state to watch; `\.self` for the whole state.
    ///   - timing: When it runs, relative to the store's other subscribers.
    ///   - onChange: Called with the new value, the value before, and the change's cause.
    /// - Returns: The subscription; cancel it or let go of it to stop.
    @inlinable
    public func subscribe<Value: Equatable>(
        to keyPath: KeyPath<State, Value>,
        timing: SubscriptionTiming = .withSubscribers,
        _ onChange:
            @escaping @MainActor (_ value: Value, _ oldValue: Value, _ cause: StateChangeCause) -> Void
    ) -> StoreSubscription {
        subscribe(timing: timing, readsCause: true) { ChangeBody.comparing(keyPath, gate: $0, onChange) }
    }

    /// Calls `onChange` at every change with the part of the state at `keyPath`, whose type is
    /// not `Equatable`, until the returned subscription is cancelled or released.
    ///
    /// ```swift
    /// let subscription = store.subscribe(to: \.self) { state, oldState in
    ///     render(state)
    /// }
    /// ```
    ///
    /// It is called after every change, whether the part changed or not: compare the values
    /// yourself when that matters. With `\.self` it follows the whole state of any type.
    ///
    /// - Parameters:
    ///   - keyPath: The part of the state to read; `\.self` for the whole state.
    ///   - timing: When it runs, relative to the store's other subscribers.
    ///   - onChange: Called with the new value and the value before the change.
    /// - Returns: The subscription; cancel it or let go of it to stop.
    @inlinable
    public func subscribe<Value>(
        to keyPath: KeyPath<State, Value>,
        timing: SubscriptionTiming = .withSubscribers,
        _ onChange: @escaping @MainActor (_ value: Value, _ oldValue: Value) -> Void
    ) -> StoreSubscription {
        // The whole state with the subscribers: the closure is the entry's, as a subscriber's is
        // (callgrind, `navigation`: 59 instructions per dispatch for the two closures around it).
        if timing == .withSubscribers, keyPath == \State.self,
            let whole = onChange as? @MainActor (State, State) -> Void
        {
            return subscribeWithSubscribers(whole)
        }
        return subscribe(timing: timing, readsCause: false) {
            ChangeBody.reading(keyPath, gate: $0, onChange)
        }
    }

    /// Calls `onChange` at every change with the part of the state at `keyPath`, whose type is
    /// not `Equatable`, and the change's cause, until the returned subscription is cancelled or
    /// released.
    ///
    /// ```swift
    /// let subscription = store.subscribe(to: \.self, timing: .beforeSubscribers) { _, _, cause in
    ///     if case .action(let action) = cause { print("reduced \(action)") }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The part of the state to read; `\.self` for the whole state.
    ///   - timing: When it runs, relative to the store's other subscribers.
    ///   - onChange: Called with the new value, the value before, and the change's cause.
    /// - Returns: The subscription; cancel it or let go of it to stop.
    @inlinable
    public func subscribe<Value>(
        to keyPath: KeyPath<State, Value>,
        timing: SubscriptionTiming = .withSubscribers,
        _ onChange:
            @escaping @MainActor (_ value: Value, _ oldValue: Value, _ cause: StateChangeCause) -> Void
    ) -> StoreSubscription {
        subscribe(timing: timing, readsCause: true) { ChangeBody.reading(keyPath, gate: $0, onChange) }
    }

    // MARK: - A closure

    /// Calls `onChange` when the value `select` computes from the state changes, until the
    /// returned subscription is cancelled or released.
    ///
    /// ```swift
    /// let subscription = store.subscribe(to: { $0.todos.count }) { count, oldCount in
    ///     badge.text = "\(count)"
    /// }
    /// ```
    ///
    /// Like the key-path form, it is not called when subscribing, only after a change that
    /// makes the selected value differ. `select` runs twice per change (on the new and the old
    /// state), so keep it cheap.
    ///
    /// - Parameters:
    ///   - select: Computes the watched value from a state.
    ///   - timing: When it runs, relative to the store's other subscribers.
    ///   - onChange: Called with the new value and the value before the change.
    /// - Returns: The subscription; cancel it or let go of it to stop.
    @inlinable
    public func subscribe<Value: Equatable>(
        to select: @escaping @MainActor (State) -> Value,
        timing: SubscriptionTiming = .withSubscribers,
        _ onChange: @escaping @MainActor (_ value: Value, _ oldValue: Value) -> Void
    ) -> StoreSubscription {
        subscribe(timing: timing, readsCause: false) { ChangeBody.comparing(select, gate: $0, onChange) }
    }

    /// Calls `onChange` with the cause of the change when the value `select` computes from the
    /// state changes, until the returned subscription is cancelled or released.
    ///
    /// ```swift
    /// let subscription = store.subscribe(to: { $0.todos.count }) { count, _, cause in
    ///     print("\(count) todos after \(cause)")
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - select: Computes the watched value from a state.
    ///   - timing: When it runs, relative to the store's other subscribers.
    ///   - onChange: Called with the new value, the value before, and the change's cause.
    /// - Returns: The subscription; cancel it or let go of it to stop.
    @inlinable
    public func subscribe<Value: Equatable>(
        to select: @escaping @MainActor (State) -> Value,
        timing: SubscriptionTiming = .withSubscribers,
        _ onChange:
            @escaping @MainActor (_ value: Value, _ oldValue: Value, _ cause: StateChangeCause) -> Void
    ) -> StoreSubscription {
        subscribe(timing: timing, readsCause: true) { ChangeBody.comparing(select, gate: $0, onChange) }
    }

    /// Calls `onChange` at every change with the value `select` computes from the state, whose
    /// type is not `Equatable`, until the returned subscription is cancelled or released.
    ///
    /// ```swift
    /// let subscription = store.subscribe(to: { $0.factory }) { factory, _ in
    ///     print("factory: \(factory)")
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - select: Computes the value from a state.
    ///   - timing: When it runs, relative to the store's other subscribers.
    ///   - onChange: Called with the new value and the value before the change.
    /// - Returns: The subscription; cancel it or let go of it to stop.
    @inlinable
    public func subscribe<Value>(
        to select: @escaping @MainActor (State) -> Value,
        timing: SubscriptionTiming = .withSubscribers,
        _ onChange: @escaping @MainActor (_ value: Value, _ oldValue: Value) -> Void
    ) -> StoreSubscription {
        subscribe(timing: timing, readsCause: false) { ChangeBody.reading(select, gate: $0, onChange) }
    }

    /// Calls `onChange` at every change with the value `select` computes from the state, whose
    /// type is not `Equatable`, and the change's cause, until the returned subscription is
    /// cancelled or released.
    ///
    /// ```swift
    /// let subscription = store.subscribe(to: { $0.factory }) { _, _, cause in
    ///     print("changed by \(cause)")
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - select: Computes the value from a state.
    ///   - timing: When it runs, relative to the store's other subscribers.
    ///   - onChange: Called with the new value, the value before, and the change's cause.
    /// - Returns: The subscription; cancel it or let go of it to stop.
    @inlinable
    public func subscribe<Value>(
        to select: @escaping @MainActor (State) -> Value,
        timing: SubscriptionTiming = .withSubscribers,
        _ onChange:
            @escaping @MainActor (_ value: Value, _ oldValue: Value, _ cause: StateChangeCause) -> Void
    ) -> StoreSubscription {
        subscribe(timing: timing, readsCause: true) { ChangeBody.reading(select, gate: $0, onChange) }
    }

    // MARK: - Deprecated

    /// Calls `onChange` with the new and the old state after every change, until the returned
    /// subscription is cancelled or released.
    ///
    /// Deprecated: `subscribe(to: \.self) { state, oldState in ... }` does the same (for an
    /// `Equatable` state, it is called only when the state differs).
    ///
    /// - Parameter onChange: Called with the new state and the state before the change.
    /// - Returns: The subscription; cancel it or let go of it to stop.
    @available(*, deprecated, message: "use subscribe(to: \\.self) { state, oldState in ... }")
    public func subscribe(
        _ onChange: @escaping @MainActor (_ state: State, _ oldState: State) -> Void
    ) -> StoreSubscription {
        engine.subscribers.subscribe(onChange)
    }
}
