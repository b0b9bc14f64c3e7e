/// The work that one action sent by a ``TestStore`` set off: what
/// ``TestStore/send(_:timeout:filePath:line:assert:)`` returns.
///
/// ``finish(timeout:filePath:line:)`` waits until that action's tasks ended, and no other work
/// of the store:
///
/// <!-- snippet: given store: TestStore<AppState> -->
/// ```swift
/// try await store.send(LoadTodos()).finish()
/// try await store.receive(TodosLoaded.self) { $0.todos = [Todo(id: 1, title: "milk")] }
/// ```
///
/// The work of an action is every task started with `Dispatcher.task(priority:_:)` or
/// `Dispatcher.task(id:cancelInFlight:_:)`:
/// - by a middleware while the store processes the dispatch of the sent action: its own
///   middleware, and those of the actions dispatched during that dispatch (by middleware,
///   reducers' subscribers, completions);
/// - inside the work of such a task, or of a `Task { }` created there: by the middleware of
///   the actions that work dispatches, or of a chain whose `next` it calls, and so on, to any
///   depth.
///
/// Not counted: tasks that other sends, or a dispatch of the test on ``TestStore/store``,
/// started (even when they run at the same time); work in `Task.detached`, which inherits
/// nothing; a chain that a middleware held and that code outside this work resumes. A
/// middleware that keeps an action without calling `next` is no task: ``TestStore/finish(timeout:filePath:line:)``
/// waits for that.
///
/// Use it when one action's effect should end before the test goes on while other effects run
/// on (a timer, a subscription). The actions its tasks dispatched are reduced by the time
/// `finish()` returns, and are received as usual.
@MainActor
public struct TestStoreTask: Sendable {
    /// Waits for the work, or fails naming what still runs.
    private let finishing: @MainActor @Sendable (Duration?, StaticString, UInt) async throws -> Void

    init(finishing: @escaping @MainActor @Sendable (Duration?, StaticString, UInt) async throws -> Void) {
        self.finishing = finishing
    }

    /// Waits until every task that the sent action set off ended.
    ///
    /// <!-- snippet: given store: TestStore<AppState> -->
    /// ```swift
    /// let load = try await store.send(LoadTodos())
    /// try await load.finish(timeout: .seconds(2))
    /// ```
    ///
    /// A cancelled task counts until its work returns. The wait counts time as the test store's
    /// other waits do (see ``TestStore/timeout``). It checks nothing else: actions reduced
    /// meanwhile are left for `receive`, and other tasks of the store may still run.
    ///
    /// - Parameters:
    ///   - timeout: How long to wait; the test store's ``TestStore/timeout`` if `nil`.
    ///   - filePath: The file a failure names; the call site's unless given.
    ///   - line: The line a failure names; the call site's unless given.
    /// - Throws: ``TestStoreFailure`` when the tasks did not end in time, naming each task still
    ///   running (by id, or as a task without one, and by the middleware that started it).
    public func finish(
        timeout: Duration? = nil,
        filePath: StaticString = #filePath,
        line: UInt = #line
    ) async throws {
        try await finishing(timeout, filePath, line)
    }
}
