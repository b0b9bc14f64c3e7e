extension Dispatcher {
    /// Starts asynchronous work that the store counts until it ends, so that
    /// ``Store/idle()`` and ``TestStore/finish(timeout:)`` wait for it.
    ///
    /// Call it from a middleware, before or after `next`. The work runs on the main actor,
    /// where it can call `next` and `dispatch(action:)` directly; what it awaits runs wherever
    /// that code runs.
    ///
    /// ```swift
    /// struct LoadTodosMiddleware: Middleware {
    ///     func applyMiddleware(for state: AppState, action: LoadTodos,
    ///                          dispatcher: Dispatcher<LoadTodos, AppState>) {
    ///         dispatcher.next()
    ///         dispatcher.task {
    ///             let todos = await api.todos()
    ///             dispatcher.dispatch(action: TodosLoaded(todos: todos))
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// Cancelling the returned task cancels the work, as for any `Task`. Work that outlives its
    /// store ends quietly: its `next` and `dispatch(action:)` calls do nothing.
    ///
    /// - Parameters:
    ///   - priority: The priority of the task.
    ///   - operation: The work.
    /// - Returns: The task running `operation`.
    @discardableResult
    public func task(
        priority: TaskPriority? = nil,
        _ operation: @escaping @MainActor () async -> Void
    ) -> Task<Void, Never> {
        guard let engine = level.engine(State.self) else {
            return Task(priority: priority) { @MainActor in await operation() }
        }
        let tracker = engine.effectTracker()
        tracker.taskStarted()
        return Task(priority: priority) { @MainActor in
            await operation()
            tracker.taskEnded()
        }
    }
}

extension Store {
    /// Returns when the store has nothing left to do: no action is queued, no middleware holds
    /// a dispatcher it has not called `next` on, and no task started with
    /// ``Dispatcher/task(priority:_:)`` runs.
    ///
    /// ```swift
    /// store.dispatch(action: LoadTodos())
    /// await store.idle()
    /// #expect(store.state.todos.count == 3)
    /// ```
    ///
    /// Work that starts while waiting is waited for as well. A middleware that keeps a
    /// dispatcher and never calls `next` keeps the store from being idle until it lets the
    /// dispatcher go; cancel the waiting task, or use ``TestStore/finish(timeout:)`` that
    /// gives up after a timeout and names it. Returns early when the calling task is cancelled.
    public func idle() async {
        await engine.effectTracker().waitUntilIdle()
    }
}
