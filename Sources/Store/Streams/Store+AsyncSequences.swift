extension Store {
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
        StoreValues(store: self, keyPath: keyPath, isSame: { $0 == $1 }, bufferingPolicy: bufferingPolicy)
    }

    /// The values of one part of the state whose type is not `Equatable`, or the whole state
    /// (`\.self`), as an asynchronous sequence: the current value first, then the value after
    /// every change, none lost.
    ///
    /// ```swift
    /// Task {
    ///     for await state in store.values(of: \.self) { render(state) }
    /// }
    /// ```
    ///
    /// The buffer is unbounded unless `bufferingPolicy` says otherwise, so a slow consumer sees
    /// every value; `.bufferingNewest(1)` keeps only the newest.
    ///
    /// - Parameters:
    ///   - keyPath: The part of the state to read; `\.self` for the whole state.
    ///   - bufferingPolicy: What to keep while the consumer is busy; the default keeps every
    ///     value.
    /// - Returns: The sequence; see ``StoreValues``.
    public func values<Value: Sendable>(
        of keyPath: KeyPath<State, Value>,
        bufferingPolicy: AsyncStream<Value>.Continuation.BufferingPolicy = .unbounded
    ) -> StoreValues<State, Value> {
        StoreValues(store: self, keyPath: keyPath, isSame: nil, bufferingPolicy: bufferingPolicy)
    }

    // MARK: - Deprecated

    /// The store's states as an asynchronous sequence: the current state first, then every
    /// change, none lost.
    ///
    /// ```swift
    /// Task {
    ///     for await state in store.states { render(state) }
    /// }
    /// ```
    ///
    /// Deprecated: `values(of: \.self)` does the same (for an `Equatable` state, it yields a
    /// state only when it differs from the one before).
    @available(*, deprecated, message: "use values(of: \\.self)")
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
    /// Deprecated: `values(of: \.self, bufferingPolicy:)` does the same.
    ///
    /// - Parameter bufferingPolicy: What to keep while the consumer is busy; `.unbounded` keeps
    ///   every state.
    /// - Returns: The sequence; see ``StoreStates``.
    @available(*, deprecated, message: "use values(of: \\.self, bufferingPolicy:)")
    public func states(
        bufferingPolicy: AsyncStream<State>.Continuation.BufferingPolicy
    ) -> StoreStates<State> {
        StoreStates(store: self, bufferingPolicy: bufferingPolicy)
    }
}
