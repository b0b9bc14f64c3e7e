extension Store {
    /// Runs `observer` at every change of the state, for as long as the store lives or until
    /// the returned subscription is cancelled.
    ///
    /// Deprecated: subscribe with a timing, and hold the subscription, which runs until it is
    /// cancelled or released like every ``StoreSubscription``:
    ///
    /// ```swift
    /// let subscription = store.subscribe(to: \.count, timing: .afterSubscribers) { count, _, cause in
    ///     if case .travel = cause { print("travelled to \(count)") }
    /// }
    /// ```
    ///
    /// Every change passes here once: a reduced action, a replay, a jump or a skip. Unlike a
    /// subscriber, the store keeps the observer: a feature needs no object to hold it, and an
    /// observer that captures the store must capture it weakly, or the two keep each other. An
    /// observer added while the store tells others about a change (from a subscriber, or from
    /// another observer) is not told about that change: it hears of the changes after it.
    ///
    /// An observer observes one store at a time, as a feature belongs to one: observing the same
    /// observer (or a copy of it) in a second store cancels its subscription in the first.
    ///
    /// - Parameter observer: The observer.
    /// - Returns: The subscription; cancel it to stop. Letting go of it does not stop it.
    @available(
        *, deprecated,
        message: "use subscribe(to:timing:_:), and hold the subscription: it runs until cancelled or released"
    )
    @discardableResult
    public func observeChanges(_ observer: StateObserver<State>) -> StoreSubscription {
        let subscription = engine.observers.add(observer, subscribers: engine.subscribers)
        observer.membership.observed(in: ObjectIdentifier(engine), by: subscription)
        return subscription
    }
}
