extension Store {
    /// Calls `onChange` when the value `select` computes from the state changes, for as long as
    /// the returned subscription is held and not cancelled.
    ///
    /// ```swift
    /// let subscription = store.subscribe(to: { $0.todos.count }) { count, oldCount in
    ///     badge.text = "\(count)"
    /// }
    /// ```
    ///
    /// Like the key-path form ``subscribe(to:_:)-(KeyPath<State,Value>,_)``, it is not called when subscribing, only
    /// after a change that makes the selected value differ. `select` runs twice per change (on
    /// the new and the old state), so keep it cheap.
    ///
    /// - Parameters:
    ///   - select: Computes the watched value from a state.
    ///   - onChange: Called with the new value and the value before the change.
    /// - Returns: The subscription; cancel it or let go of it to stop.
    public func subscribe<Value: Equatable>(
        to select: @escaping @MainActor (State) -> Value,
        _ onChange: @escaping @MainActor (_ value: Value, _ oldValue: Value) -> Void
    ) -> StoreSubscription {
        subscribe { state, oldState in
            let value = select(state)
            let oldValue = select(oldState)
            if value != oldValue { onChange(value, oldValue) }
        }
    }
}
