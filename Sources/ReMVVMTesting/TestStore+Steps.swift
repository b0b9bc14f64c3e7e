public import ReMVVMStore

// TestStore's steps: send, receive, finish, assert, and skipping received actions.

extension TestStore {
    /// Sends an action and checks the state right after its reduce.
    ///
    /// ```swift
    /// let store = TestStore(with: AppState(factory: factory))
    /// store.register(reducer: AddTodoReducer.self)
    /// try await store.send(AddTodo(title: "milk")) { $0.todos = [Todo(id: 1, title: "milk")] }
    /// try await store.send(Login(name: "Ada")) { $0 = AppState(factory: $0.factory, user: ada) }
    /// ```
    ///
    /// Waits for this action only: until it is reduced, or not at all when a middleware blocks
    /// it. The expected state is the state before the action, changed by `update`; with
    /// ``exhaustivity`` off it is the state after the action, changed by `update`, so only what
    /// `update` sets is compared. A blocked action expects no change. With exhaustivity on,
    /// every action reduced before must have been received.
    ///
    /// The returned ``TestStoreTask`` waits for the tasks that this action set off, and for no
    /// other: `try await store.send(Load()).finish()`.
    ///
    /// - Parameters:
    ///   - action: The action to dispatch.
    ///   - timeout: How long to wait for a middleware that deferred `next`; ``timeout`` if `nil`.
    ///   - filePath: The file a failure names; the call site's unless given.
    ///   - line: The line a failure names; the call site's unless given.
    ///   - update: Changes the state before into the expected state after.
    /// - Returns: The work the action set off, whose ``TestStoreTask/finish(timeout:filePath:line:)``
    ///   waits until it ended.
    /// - Throws: ``TestStoreFailure`` when actions were left unreceived, the wait timed out, or
    ///   the state differs from the expected one.
    @discardableResult
    public func send<Action: StoreAction>(
        _ action: Action,
        timeout: Duration? = nil,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        assert update: ((inout State) throws -> Void)? = nil
    ) async throws -> TestStoreTask {
        let title = "send \(Self.describe(action))"
        let work = SentWork()
        try await step(title, filePath, line) {
            try await send(action, title: title, timeout: timeout, work: work, update: update)
        }
        return TestStoreTask { [self] timeout, filePath, line in
            try await finish(work, of: title, timeout: timeout, filePath: filePath, line: line)
        }
    }

    func send<Action: StoreAction>(
        _ action: Action,
        title: String,
        timeout: Duration?,
        work: SentWork,
        update: ((inout State) throws -> Void)?
    ) async throws {
        try checkNothingUnreceived(before: title)
        let sending = Sending()
        self.sending = sending
        defer { self.sending = nil }
        let stateBefore = latestState
        // Everything this dispatch runs, and the tasks it starts, see `work` (SentActionWork.swift).
        work.whileCurrent {
            store.dispatch(action: action)
        }
        let finished = await wait(timeout ?? self.timeout) {
            sending.outcome != nil && sending.outcome != .deferred
                || sending.wasDeferred && sending.context == nil
        }
        // A failure names the action as the reducer got it, when a middleware replaced it (the
        // test store's observer of changes kept it in the step).
        let title = Self.title(title, sent: action, reduced: sending.step?.reduced)
        guard finished else {
            throw failure(
                "\(title): not reduced within \(Self.show(timeout ?? self.timeout)).",
                pending: true
            )
        }
        if let step = sending.step {
            try check(step, update: update, title: title)
        } else {
            // Blocked, dropped, or without a reducer: nothing may have changed.
            try check(
                Step(action: action, before: stateBefore, after: stateBefore), update: update, title: title)
        }
    }

    /// Receives the next action the store reduced that the test did not send, and checks the
    /// state right after its reduce.
    ///
    /// ```swift
    /// let store = TestStore(with: AppState(factory: factory), middleware: [SaveMiddleware()])
    /// // ... a send of AddTodo, after which SaveMiddleware dispatches TodosSaved
    /// try await store.receive(TodosSaved.self) { $0.isSaved = true }
    /// ```
    ///
    /// Waits up to the timeout for an action not yet reduced. With ``exhaustivity`` on, the next
    /// unreceived action must be of type `Action`; with it off, unreceived actions of other
    /// types are skipped.
    ///
    /// - Parameters:
    ///   - type: The type of the action expected.
    ///   - timeout: How long to wait for it; ``timeout`` if `nil`.
    ///   - filePath: The file a failure names; the call site's unless given.
    ///   - line: The line a failure names; the call site's unless given.
    ///   - update: Changes the state before into the expected state after.
    /// - Throws: ``TestStoreFailure`` when no such action came, another came first, or the
    ///   state differs from the expected one.
    public func receive<Action: StoreAction>(
        _ type: Action.Type,
        timeout: Duration? = nil,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        assert update: ((inout State) throws -> Void)? = nil
    ) async throws {
        try await receive(
            type, timeout: timeout, where: { _ in true }, filePath: filePath, line: line, assert: update)
    }

    /// Receives the next action the store reduced that the test did not send, when it is of
    /// type `Action` and matches `predicate`, and checks the state right after its reduce.
    ///
    /// ```swift
    /// let store = TestStore(with: AppState(factory: factory))
    /// // ... a send of LoadTodos, after which a middleware dispatches TodosLoaded
    /// try await store.receive(TodosLoaded.self, where: { $0.todos.count == 2 }) {
    ///     $0.todos = [Todo(id: 1, title: "milk"), Todo(id: 2, title: "eggs")]
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type of the action expected.
    ///   - timeout: How long to wait for it; ``timeout`` if `nil`.
    ///   - predicate: What the action must satisfy.
    ///   - filePath: The file a failure names; the call site's unless given.
    ///   - line: The line a failure names; the call site's unless given.
    ///   - update: Changes the state before into the expected state after.
    /// - Throws: ``TestStoreFailure`` when no such action came, another came first, or the
    ///   state differs from the expected one.
    public func receive<Action: StoreAction>(
        _ type: Action.Type,
        timeout: Duration? = nil,
        where predicate: (Action) -> Bool,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        assert update: ((inout State) throws -> Void)? = nil
    ) async throws {
        let title = "receive \(TypeName.of(Action.self))"
        try await step(title, filePath, line) {
            try await receive(type, title: title, timeout: timeout, where: predicate, update: update)
        }
    }

    func receive<Action: StoreAction>(
        _ type: Action.Type,
        title: String,
        timeout: Duration?,
        where predicate: (Action) -> Bool,
        update: ((inout State) throws -> Void)?
    ) async throws {
        let limit = timeout ?? self.timeout
        // The predicate sees the action as its reducer got it, when a middleware replaced it
        // with one of the same type.
        func matches(_ step: Step) -> Bool {
            ((step.reduced as? Action) ?? (step.action as? Action)).map(predicate) ?? false
        }
        let arrived = await wait(limit) { [unowned self] in
            exhaustivity == .on ? !unreceived.isEmpty : unreceived.contains(where: matches)
        }
        guard arrived else {
            throw failure("\(title): no such action was reduced within \(Self.show(limit)).", pending: true)
        }
        if exhaustivity != .on {
            let skipped = unreceived.firstIndex(where: matches) ?? 0
            for step in unreceived[..<skipped] { reportSkipped(step.actionAsReduced) }
            unreceived.removeFirst(skipped)
        }
        let step = unreceived.removeFirst()
        guard matches(step) else {
            let expected =
                step.action is Action
                ? "an action of \(TypeName.of(Action.self)) matching the predicate" : TypeName.of(Action.self)
            throw StepFailure(
                "\(title): the next action reduced was \(step.text), expected \(expected)."
            )
        }
        try check(step, update: update, title: "\(title): \(step.text)")
    }

    /// Waits until the store is idle, then fails on anything left unreceived.
    ///
    /// ```swift
    /// let store = TestStore(with: AppState(factory: factory))
    /// try await store.finish()
    /// try await store.finish(timeout: .milliseconds(200))
    /// ```
    ///
    /// Idle means what `Store.idle()` means: no action queued, no middleware holding a
    /// dispatcher it has not called `next` on, no task started with
    /// `Dispatcher.task(priority:_:)` or `Dispatcher.task(id:cancelInFlight:_:)` running
    /// (a cancelled task runs until its work returns). With ``exhaustivity`` off, unreceived
    /// actions are skipped.
    ///
    /// - Parameters:
    ///   - timeout: How long to wait for the store to be idle; ``timeout`` if `nil`.
    ///   - filePath: The file a failure names; the call site's unless given.
    ///   - line: The line a failure names; the call site's unless given.
    /// - Throws: ``TestStoreFailure`` naming what is still pending (which middleware holds which
    ///   action, which tasks run, by id and by the middleware that started them) and every
    ///   unreceived action.
    public func finish(
        timeout: Duration? = nil,
        filePath: StaticString = #filePath,
        line: UInt = #line
    ) async throws {
        try await step("finish", filePath, line) {
            let limit = timeout ?? self.timeout
            let idle = await wait(limit) { [store] in store.isWorkIdle }
            guard idle else {
                throw failure("finish: the store was not idle within \(Self.show(limit)).", pending: true)
            }
            try checkNothingUnreceived(before: "finish")
        }
    }

    /// Waits until the tasks that the send of `title` set off ended; see ``TestStoreTask``.
    func finish(
        _ work: SentWork, of title: String, timeout: Duration?, filePath: StaticString, line: UInt
    ) async throws {
        let stepTitle = "finish of \(title)"
        try await step(stepTitle, filePath, line) {
            let limit = timeout ?? self.timeout
            guard await wait(limit, until: { work.isFinished }) else {
                let lines =
                    ["\(stepTitle): its tasks did not end within \(Self.show(limit)). Still running:"]
                    + work.runningDescriptions.map { "  \($0)" }
                throw StepFailure(lines.joined(separator: "\n"))
            }
        }
    }

    /// Checks the current state without sending anything: the closure's changes must leave it
    /// as it is.
    ///
    /// ```swift
    /// let store = TestStore(with: AppState())
    /// try store.assert { $0.search.query = "" }
    /// ```
    ///
    /// For a state that changed in a way no step checked, such as right after the test store
    /// was made from a state built elsewhere. The expected state is the current one changed by
    /// `update`; any path that then differs fails, whatever ``exhaustivity`` says.
    ///
    /// - Parameters:
    ///   - filePath: The file a failure names; the call site's unless given.
    ///   - line: The line a failure names; the call site's unless given.
    ///   - update: Sets what the test expects.
    /// - Throws: ``TestStoreFailure`` naming each path where the state differs from the
    ///   expected one.
    public func assert(
        filePath: StaticString = #filePath,
        line: UInt = #line,
        _ update: (inout State) throws -> Void
    ) throws {
        try step("assert", filePath, line) {
            let current = store.state
            try withoutActuallyEscaping(update) {
                try check(expected: current, actual: current, update: $0, title: "assert")
            }
        }
    }

    /// Forgets the actions reduced so far that the test has not received, so the next step
    /// does not fail on them.
    ///
    /// ```swift
    /// let store = TestStore(with: AppState())
    /// try await store.send(Login(name: "Ada")) { $0.user = User(name: "Ada") }
    /// store.skipReceivedActions()   // the analytics actions Login set off are not this test's concern
    /// try await store.send(Logout()) { $0.user = nil }
    /// ```
    ///
    /// Only actions already reduced are skipped; an effect still running may dispatch more.
    public func skipReceivedActions() {
        unreceived.removeAll()
        updateLedger()
    }
}
