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
/// The action itself goes no further until the work calls ``EffectContext/next(action:completion:)``:
/// call it first for a reducer that marks the start (`loading = true`), last to reduce the
/// action once the work is done, or not at all to swallow it.
@MainActor
public final class AsyncEffect<Action: StoreAction, State: StoreState>: Middleware {
    /// The asynchronous work for one action.
    public typealias Operation =
        @Sendable (_ action: Action, _ effect: EffectContext<Action, State>) async -> Void

    /// Whether a new action cancels the run in flight for an earlier one.
    public let cancelsInFlight: Bool
    private let operation: Operation
    private var runs: [EffectRun<Action, State>] = []

    /// Creates the middleware.
    ///
    /// - Parameters:
    ///   - cancelInFlight: Whether each new action cancels the runs still in flight for
    ///     earlier actions of this type.
    ///   - operation: The work for one action; it runs in a new `Task`.
    public init(cancelInFlight: Bool = false, operation: @escaping Operation) {
        self.cancelsInFlight = cancelInFlight
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
        let run = EffectRun(dispatcher: dispatcher)
        let effect = EffectContext(run: run)
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
