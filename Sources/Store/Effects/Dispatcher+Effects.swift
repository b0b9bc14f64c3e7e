extension Dispatcher {
    /// Starts asynchronous work that the store counts until it ends, so that
    /// ``Store/idle()`` and `TestStore.finish(timeout:filePath:line:)` wait for it (and, in a
    /// test, `TestStoreTask.finish(timeout:filePath:line:)` of the action it followed from).
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
    /// store ends quietly: its `next` and `dispatch(action:)` calls do nothing. To cancel work
    /// from another action, or to let a newer action replace it, give it an id with
    /// ``task(id:cancelInFlight:_:)``.
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
        let placement = engine.placement(of: level, Action.self)
        if case .place(let place) = placement {
            // Kept as a task with an id, so that it can be cancelled when its place goes.
            let running = RunningTask(
                id: PlacedTaskID(sequence: RunningTask.nextSequence),
                startedBy: engine.middlewareType(of: level),
                place: place.key, placeName: place.name)
            tracker.taskStarted(running, for: place, in: engine.state)
            let operation =
                tracker.followsSentActions
                ? tracker.counted(operation) { EffectTracker<State>.describe(running) } : operation
            let task = Task(priority: priority) { @MainActor in
                await tracker.run(running) { await operation() }
            }
            running.task = task
            if running.isCancelled { task.cancel() }
            return task
        }
        if case .gone(let key, let name) = placement {
            // Started by the work of a task whose place went: ends at once, as its parent did.
            let running = RunningTask(
                id: PlacedTaskID(sequence: RunningTask.nextSequence),
                startedBy: engine.middlewareType(of: level), place: key, placeName: name)
            tracker.taskStarted(running)
            running.cancelAsPlaceWent()
            let task = Task(priority: priority) { @MainActor in
                await tracker.run(running) { await operation() }
            }
            running.task = task
            task.cancel()
            return task
        }
        let starterType = engine.middlewareType(of: level)
        let starter = tracker.taskStarted(by: starterType)
        let operation =
            tracker.followsSentActions
            ? tracker.counted(operation) { EffectTracker<State>.describeTask(startedBy: starterType) }
            : operation
        let start = {
            Task(priority: priority) { @MainActor in
                await operation()
                tracker.taskEnded(startedBy: starter)
            }
        }
        // Started by a middleware for an action of no place, the task is no task's work: that
        // of the task whose dispatch this middleware handles may end with its place, and must
        // not take this one with it. From inside a task's work, it is that work's, as a
        // `Task { }` there would be.
        guard level.actionAddress != nil, RunningTask.runningCount > 0, RunningTask.current != nil else {
            return start()
        }
        return RunningTask.$current.withValue(nil) { start() }
    }

    /// Starts asynchronous work with an identity: the store counts it until it ends, and it
    /// can be cancelled by its id, from this middleware or from anywhere else.
    ///
    /// With `cancelInFlight`, the tasks of the store still running with the same id are
    /// cancelled first, so at most one runs: a newer keystroke replaces the search in flight.
    /// Sleeping on the store's clock inside such a task is a debounce:
    ///
    /// ```swift
    /// struct SearchMiddleware: Middleware {
    ///     func applyMiddleware(for state: AppState, action: QueryChanged,
    ///                          dispatcher: Dispatcher<QueryChanged, AppState>) {
    ///         dispatcher.next()   // the keystroke is reduced now
    ///         dispatcher.task(id: SearchTask(), cancelInFlight: true) {
    ///             try await dispatcher.dependencies.clock.sleep(for: .milliseconds(300))
    ///             let books = try await dispatcher.dependencies.searchClient.search(action.query)
    ///             dispatcher.dispatch(action: SearchResponse(books: books))
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// Cancelling the task, by id (``cancelTasks(id:)``, ``Store/cancelTasks(id:)``), by a
    /// newer task with `cancelInFlight`, or through the returned `Task`, throws
    /// `CancellationError` into what the work awaits (a sleep on the clock ends at once), and
    /// from then on every action the work dispatches (through a dispatcher or the store) is
    /// dropped, so a late answer never reaches the state. The store counts a cancelled task until its work
    /// returns. An error the work throws is reported through ``Store/diagnosticsHandler`` as
    /// ``StoreDiagnostic/Kind/taskFailed``, unless it is a `CancellationError` or the task was
    /// cancelled; catch the errors you expect and dispatch an action that puts them in the
    /// state.
    ///
    /// Ids are per store: two stores never cancel each other's tasks. Tasks with the same id
    /// started without `cancelInFlight` run side by side, and ``cancelTasks(id:)`` cancels
    /// them all.
    ///
    /// - Parameters:
    ///   - id: The task's identity: any `Hashable` and `Sendable` value, such as an empty
    ///     struct declared for it.
    ///   - cancelInFlight: Whether to cancel the running tasks with the same id first.
    ///   - operation: The work; it runs on the main actor.
    /// - Returns: The task running `operation`.
    @discardableResult
    public func task(
        id: some Hashable & Sendable,
        cancelInFlight: Bool = false,
        _ operation: @escaping @MainActor () async throws -> Void
    ) -> Task<Void, Never> {
        guard let engine = level.engine(State.self) else {
            return Task { @MainActor in try? await operation() }
        }
        let tracker = engine.effectTracker()
        if cancelInFlight { tracker.cancelTasks(id: id) }
        let running: RunningTask
        switch engine.placement(of: level, Action.self) {
        case .place(let place):
            running = RunningTask(
                id: id, startedBy: engine.middlewareType(of: level), place: place.key, placeName: place.name)
            tracker.taskStarted(running, for: place, in: engine.state)
        case .gone(let key, let name):
            running = RunningTask(
                id: id, startedBy: engine.middlewareType(of: level), place: key, placeName: name)
            tracker.taskStarted(running)
            running.cancelAsPlaceWent()
        case .none:
            running = RunningTask(id: id, startedBy: engine.middlewareType(of: level))
            tracker.taskStarted(running)
        }
        // Only a test store's tracker follows its sent actions' work (SentActionWork.swift).
        let operation =
            tracker.followsSentActions
            ? tracker.counted(operation) { EffectTracker<State>.describe(running) } : operation
        // The work runs in a function of its own: written inline, its larger frame made starting
        // the task allocate once more (the `task.id` benchmark).
        // The closure calls the tracker, not a method of this generic dispatcher: capturing the
        // dispatcher made starting the task allocate once more (the `task.id` benchmark).
        let task = Task { @MainActor in await tracker.run(running, operation) }
        running.task = task
        // Started for a place already gone: cancelled before it had a task.
        if running.isCancelled { task.cancel() }
        return task
    }

    /// Cancels every task of this dispatcher's store started with `id` and still running.
    ///
    /// ```swift
    /// struct ClearQueryMiddleware: Middleware {
    ///     func applyMiddleware(for state: AppState, action: ClearQuery,
    ///                          dispatcher: Dispatcher<ClearQuery, AppState>) {
    ///         dispatcher.cancelTasks(id: SearchTask())
    ///         dispatcher.next()
    ///     }
    /// }
    /// ```
    ///
    /// Each task gets `CancellationError` in what it awaits, and what it dispatches from now
    /// on is dropped; see ``task(id:cancelInFlight:_:)``. An id with no task running does
    /// nothing.
    ///
    /// - Parameter id: The id the tasks were started with.
    public func cancelTasks(id: some Hashable & Sendable) {
        level.engine(State.self)?.effects?.cancelTasks(id: id)
    }
}
