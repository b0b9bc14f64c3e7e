extension Store {
    /// Returns when the store has nothing left to do: no action is queued, no middleware holds
    /// a dispatcher it has not called `next` on, and no task started with
    /// ``Dispatcher/task(priority:_:)`` or ``Dispatcher/task(id:cancelInFlight:_:)`` runs.
    ///
    /// ```swift
    /// store.dispatch(action: LoadTodos())
    /// await store.idle()
    /// #expect(store.state.todos.count == 3)
    /// ```
    ///
    /// Work that starts while waiting is waited for as well, and so is a cancelled task until
    /// its work returns. A middleware that keeps a dispatcher and never calls `next` keeps the
    /// store from being idle until it lets the dispatcher go; cancel the waiting task, or use
    /// `TestStore.finish(timeout:filePath:line:)` that gives up after a timeout
    /// and names it. Returns early when the calling task is cancelled.
    public func idle() async {
        await engine.effectTracker().waitUntilIdle()
    }

    /// Cancels every task of this store started with `id` and still running.
    ///
    /// ```swift
    /// store.cancelTasks(id: SearchTask())
    /// ```
    ///
    /// For code outside the middleware, such as a view model that closes a screen; middleware
    /// call ``Dispatcher/cancelTasks(id:)``. Each task gets `CancellationError` in what it
    /// awaits, and what it dispatches from now on is dropped. An id with no task running does
    /// nothing.
    ///
    /// - Parameter id: The id the tasks were started with.
    public func cancelTasks(id: some Hashable & Sendable) {
        engine.effects?.cancelTasks(id: id)
    }
}
