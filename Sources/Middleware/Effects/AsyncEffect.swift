public import ReMVVMStore

/// Runs asynchronous work for every action of one type, such as a download, and lets it pass
/// the action on or dispatch follow-up actions when it is done.
///
/// The work runs in a task started with `dispatcher.task`, which the store counts, so
/// `await store.idle()` and a `TestStore`'s `finish()` wait for it. The operation itself runs
/// off the main actor; what it sends back through its ``EffectContext`` lands on the main
/// actor, where the store lives. With `cancelInFlight`, a
/// new action cancels the run still in flight for the previous one, and anything the cancelled
/// run sends back afterwards is ignored, so a slow old answer never overwrites a newer one.
/// A cancelled run lets its action's dispatcher go at once: that action will not be reduced,
/// and a ``Tracer`` ends its trace as dropped.
///
/// ```swift
/// let search = AsyncEffect<SearchAction, AppState>(cancelInFlight: true) { action, effect in
///     let results = await api.search(action.query)
///     await effect.dispatch(action: SearchResults(query: action.query, items: results))
/// }
/// let store = Store(with: state, middleware: [search])
/// ```
///
/// ## When the action is reduced
///
/// By default the action goes no further until the work calls
/// ``EffectContext/next(action:completion:)``, and the work runs in a task: even when it calls
/// `next()` first, the action is reduced one hop after `dispatch` returned, not during it. A
/// text field bound to the state lags behind the keystroke; and with `cancelInFlight`, an
/// action whose run was cancelled before it called `next()` is never reduced at all:
/// `dispatch("s")`, `dispatch("sw")`, `dispatch("swi")` in a row reduce only `"swi"`. Call
/// `next()` last to reduce the action once the work is done, or not at all to swallow it.
///
/// With `reduceFirst: true`, the middleware passes the action on before it starts the work,
/// so the action is reduced during `dispatch`, as without the middleware, and every action is
/// reduced even when a newer one cancels its run; ``EffectContext/next(action:completion:)``
/// then does nothing and returns `false`:
///
/// ```swift
/// let typeahead = AsyncEffect<QueryChanged, AppState>(cancelInFlight: true, reduceFirst: true) { action, effect in
///     let results = await api.search(action.query)
///     await effect.dispatch(action: SearchResults(query: action.query, items: results))
/// }
/// ```
///
/// ## Search as you type
///
/// A debounce needs the store's clock and a task that a newer keystroke cancels: a plain
/// middleware that calls `next()` first, then starts a task with an id, says it in a few
/// lines, and tests drive its clock with `TestClock`:
///
/// ```swift
/// struct SearchTask: Hashable, Sendable {}
///
/// struct SearchMiddleware: Middleware {
///     func applyMiddleware(for state: AppState, action: QueryChanged,
///                          dispatcher: Dispatcher<QueryChanged, AppState>) {
///         dispatcher.next()   // the keystroke is reduced now
///         dispatcher.task(id: SearchTask(), cancelInFlight: true) {
///             try await dispatcher.dependencies.clock.sleep(for: .milliseconds(300))
///             let results = await api.search(action.query)
///             dispatcher.dispatch(action: SearchResults(query: action.query, items: results))
///         }
///     }
/// }
/// ```
@MainActor
public final class AsyncEffect<Action: StoreAction, State: StoreState>: Middleware {
    /// The asynchronous work for one action.
    public typealias Operation =
        @Sendable (_ action: Action, _ effect: EffectContext<Action, State>) async -> Void

    /// Whether a new action cancels the run in flight for an earlier one.
    public let cancelsInFlight: Bool
    /// Whether the action is passed on before the work starts, so that it is reduced during
    /// `dispatch`.
    public let reducesFirst: Bool
    private let operation: Operation
    private var runs: [EffectRun<Action, State>] = []

    /// Creates the middleware.
    ///
    /// ```swift
    /// let save = AsyncEffect<SaveTodos, AppState>(reduceFirst: true) { action, effect in
    ///     await api.save(action.todos)
    ///     await effect.dispatch(action: TodosSaved())
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - cancelInFlight: Whether each new action cancels the runs still in flight for
    ///     earlier actions of this type.
    ///   - reduceFirst: Whether to pass each action on (so it is reduced) before its work
    ///     starts; the work's ``EffectContext/next(action:completion:)`` then does nothing.
    ///   - operation: The work for one action; it runs in a new `Task`.
    public init(cancelInFlight: Bool = false, reduceFirst: Bool = false, operation: @escaping Operation) {
        self.cancelsInFlight = cancelInFlight
        self.reducesFirst = reduceFirst
        self.operation = operation
    }

    /// The number of runs started and not yet finished or cancelled.
    public var inFlightCount: Int { runs.count }

    /// Cancels every run in flight: their tasks are cancelled, whatever they send back is
    /// ignored, and the dispatchers of their actions are let go (a ``Tracer`` ends the traces
    /// of the actions they had not passed on as dropped).
    public func cancelAll() {
        for run in runs { run.cancel() }
        runs.removeAll()
    }

    /// Waits until no run is in flight, including runs started while waiting.
    ///
    /// <!-- snippet: given search: AsyncEffect<SearchAction, AppState> -->
    /// ```swift
    /// store.dispatch(action: SearchAction(query: "ada"))
    /// await search.waitUntilIdle()
    /// ```
    public func waitUntilIdle() async {
        while let run = runs.first {
            await run.task?.value
            // A finished run removes itself; a cancelled one was removed already.
            if runs.first === run { runs.removeFirst() }
        }
    }

    /// Starts the operation for `action` in a new task.
    ///
    /// - Parameters:
    ///   - state: The store's state.
    ///   - action: The action.
    ///   - dispatcher: Kept by the run's ``EffectContext``.
    public func applyMiddleware(for state: State, action: Action, dispatcher: Dispatcher<Action, State>) {
        if cancelsInFlight { cancelAll() }
        if reducesFirst { dispatcher.next() }
        let run = EffectRun(dispatcher: dispatcher, passedOn: reducesFirst)
        let effect = EffectContext(run: run, storeDependencies: dispatcher.dependencies)
        let operation = self.operation
        runs.append(run)
        // Counted by the store, so `await store.idle()` waits for the run.
        run.task = dispatcher.task { [weak self] in
            await operation(action, effect)
            self?.finished(run)
        }
    }

    private func finished(_ run: EffectRun<Action, State>) {
        runs.removeAll { $0 === run }
    }
}
