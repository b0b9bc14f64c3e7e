extension Store {
    /// The store's states as an asynchronous sequence: the current state first, then every
    /// change, none lost.
    ///
    /// ```swift
    /// Task {
    ///     for await state in store.states { render(state) }
    /// }
    /// ```
    ///
    /// The buffer is unbounded, so a slow consumer sees every state; use
    /// ``states(bufferingPolicy:)`` to keep only the newest. See ``StoreStates``.
    public var states: StoreStates<State> {
        StoreStates(store: self, bufferingPolicy: .unbounded)
    }

    /// The store's states as an asynchronous sequence, buffered as `bufferingPolicy` says.
    ///
    /// ```swift
    /// for await state in store.states(bufferingPolicy: .bufferingNewest(1)) {
    ///     await render(state)   // skips the states that came while it rendered
    /// }
    /// ```
    ///
    /// - Parameter bufferingPolicy: What to keep while the consumer is busy; `.unbounded` keeps
    ///   every state.
    /// - Returns: The sequence; see ``StoreStates``.
    public func states(
        bufferingPolicy: AsyncStream<State>.Continuation.BufferingPolicy
    ) -> StoreStates<State> {
        StoreStates(store: self, bufferingPolicy: bufferingPolicy)
    }

    /// The values of one part of the state as an asynchronous sequence: the current value
    /// first, then each value that differs from the one before.
    ///
    /// ```swift
    /// for await name in store.values(of: \.user?.firstName) {
    ///     header.text = name ?? "Guest"
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The part of the state to watch.
    ///   - bufferingPolicy: What to keep while the consumer is busy; the default keeps every
    ///     value.
    /// - Returns: The sequence; see ``StoreValues``.
    public func values<Value: Equatable & Sendable>(
        of keyPath: KeyPath<State, Value>,
        bufferingPolicy: AsyncStream<Value>.Continuation.BufferingPolicy = .unbounded
    ) -> StoreValues<State, Value> {
        StoreValues(store: self, keyPath: keyPath, bufferingPolicy: bufferingPolicy)
    }
}
