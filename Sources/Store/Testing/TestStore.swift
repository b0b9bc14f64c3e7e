/// Drives a real ``Store`` step by step in a test, and checks the state after every action and
/// every action the store reduced on its own.
///
/// Each ``send(_:timeout:filePath:line:assert:)`` dispatches an action and compares the state right after its
/// reduce with the state before, changed by the closure. Every action reduced that the test
/// did not send (dispatched by middleware, effects or subscribers) must be received in order
/// with ``receive(_:timeout:filePath:line:assert:)``, and ``finish(timeout:filePath:line:)``
/// waits until the store is idle and fails on anything left. It imports neither XCTest nor
/// Testing: every failure throws a ``TestStoreFailure`` naming the file and line of the step
/// that failed, which both frameworks report.
///
/// ```swift
/// let store = TestStore(with: AppState(factory: factory), middleware: [SaveMiddleware()])
/// store.register(reducer: AddTodoReducer.self)
/// store.register(reducer: TodosSavedReducer.self)
/// try await store.send(AddTodo(title: "milk")) { $0.todos = [Todo(id: 1, title: "milk")] }
/// try await store.receive(TodosSaved.self) { $0.isSaved = true }   // dispatched by middleware
/// try await store.finish()
/// ```
///
/// States that are `Equatable` are compared with `==`; others structurally (stored
/// properties, collections element by element, an ``IdentifiedCollection`` by id, enums by
/// case and payload, class references by identity, a stored `factory` included), so a state like
/// the seed's `AppState` works.
///
/// Each wait gives up after a timeout, one second unless ``timeout`` or the call's `timeout`
/// says otherwise, and then names what the store still waits for: which middleware holds
/// which action without calling `next`, and which tasks run, by id and by the middleware
/// that started them.
///
/// When the test target links the ReMVVMTesting product, every failure is also an issue of the
/// running test, in Swift Testing and in XCTest, at the line of the step that failed: the test
/// runner lists the test as failed and Xcode marks the line. A test that ends without asserting
/// everything does not pass silently: when an exhaustive test store is released while tasks
/// still run, a middleware still holds an action, or reduced actions were not received, and
/// none of its steps failed, that is an issue at its last step. A sleep on the store's clock
/// when the test did not set one (`$0.clock`) is an issue at the line that created the test
/// store. Without ReMVVMTesting, those two are written to standard error and the test process
/// ends with status 1 (see <doc:Testing>). Call ``finish(timeout:filePath:line:)`` at the end of
/// each test.
@MainActor
public final class TestStore<State: StoreState> {
    /// How much of the store's work a test must assert.
    public enum Exhaustivity: Sendable, Equatable {
        /// Every reduced action must be received, and the whole state is compared.
        case on
        /// Unreceived actions are skipped, and only what the assertion closures set is compared.
        case off
    }

    /// The real store underneath, for view models and subscribers under test.
    public let store: Store<State>

    /// How much the test must assert; ``Exhaustivity/on`` unless set.
    ///
    /// ```swift
    /// let store = TestStore(with: AppState(factory: factory))
    /// store.exhaustivity = .off
    /// try await store.send(Login(name: "Ada")) { $0.user?.name = "Ada" }   // only this is compared
    /// ```
    public var exhaustivity: Exhaustivity = .on {
        didSet { updateLedger() }
    }

    /// How long a step waits when its call gives no timeout: one second unless set.
    ///
    /// ```swift
    /// let store = TestStore(with: AppState(factory: factory))
    /// store.timeout = .seconds(5)
    /// ```
    ///
    /// Only the time the test store gets to check counts: while other work holds the main
    /// actor (tests running in parallel), at most 50 ms per check is counted, so a busy
    /// machine does not make a step fail before the effects it waits for had their turn.
    public var timeout: Duration = .seconds(1)

    private let tracker: EffectTracker<State>
    /// What is left unasserted, for the check when the test store is released.
    let ledger: TestStoreLedger
    /// The state after the last reduce seen, to know each action's state before it.
    private var latestState: State
    /// Actions reduced that the test did not send and has not received yet, in order.
    private var unreceived: [Step] = []
    /// The action being sent, while ``send(_:timeout:assert:)`` waits for it.
    private var sending: Sending?

    /// One reduced action with the states before and after its reduce.
    private struct Step {
        let action: any StoreAction
        let before: State
        let after: State
    }

    /// What is known of the action being sent.
    private final class Sending {
        var isFirstPass = true
        weak var context: AnyObject?
        var wasDeferred = false
        var step: Step?
        var outcome: EffectTracker<State>.Outcome?
    }

    /// Creates a test store over a new ``Store``.
    ///
    /// ```swift
    /// struct CounterState: StoreState, Equatable { var count = 0 }
    /// let store = TestStore(with: CounterState(), middleware: [LoggingMiddleware()])
    /// ```
    ///
    /// Every dependency is its key's ``DependencyKey/testValue``.
    ///
    /// - Parameters:
    ///   - state: The initial state.
    ///   - middleware: The middleware stack, as for ``Store/init(with:middleware:)``.
    ///   - filePath: The file an issue about the test store as a whole names (a sleep on a clock
    ///     the test did not set, work left when it took no step); the call site's unless given.
    ///   - line: The line such an issue names; the call site's unless given.
    public convenience init(
        with state: State,
        middleware: [any AnyMiddleware] = [],
        filePath: StaticString = #filePath,
        line: UInt = #line
    ) {
        self.init(with: state, middleware: middleware, filePath: filePath, line: line, dependencies: { _ in })
    }

    /// Creates a test store over a new ``Store``, with the dependencies the test gives.
    ///
    /// ```swift
    /// let clock = TestClock()
    /// let store = TestStore(with: AppState(), middleware: [SearchMiddleware()]) {
    ///     $0.clock = clock
    ///     $0.searchClient = StubSearchClient(results: [dune])
    /// }
    /// ```
    ///
    /// Every key starts as its ``DependencyKey/testValue`` (its live value unless the key
    /// declares one); `dependencies` replaces any of them for this test only. The clock is the
    /// exception: unless `dependencies` sets ``DependencyValues/clock``, a sleep on it fails the
    /// test, saying to set it, and ends at once. The test store
    /// reads each key once and keeps the value: a key whose test value is computed gives each
    /// test an object of its own, one declared with `static let` is shared by every test (see
    /// <doc:Dependencies>).
    ///
    /// - Parameters:
    ///   - state: The initial state.
    ///   - middleware: The middleware stack, as for ``Store/init(with:middleware:)``.
    ///   - filePath: The file an issue about the test store as a whole names (a sleep on a clock
    ///     the test did not set, work left when it took no step); the call site's unless given.
    ///   - line: The line such an issue names; the call site's unless given.
    ///   - dependencies: Changes the dependencies from their test values.
    public init(
        with state: State,
        middleware: [any AnyMiddleware] = [],
        filePath: StaticString = #filePath,
        line: UInt = #line,
        dependencies: (inout DependencyValues) -> Void
    ) {
        ledger = TestStoreLedger(createdAt: filePath, line: line)
        store = Store(with: state, middleware: middleware)
        store.engine.dependencies = DependencyValues(context: .test)
        store.engine.dependencies.clock = UnsetTestStoreClock(createdAt: filePath, line: line)
        dependencies(&store.engine.dependencies)
        latestState = state
        tracker = store.engine.effectTracker()
        // Weak: the store underneath may outlive the test store (a view model keeps it).
        tracker.onEnded = { [weak self] action, outcome, state, context in
            self?.passEnded(action, outcome: outcome, state: state, context: context)
        }
        tracker.onTasksChanged = { [weak self] in self?.updateLedger() }
        store.engine.watchTestClock()
    }

    deinit {
        ledger.testStoreEnded()
    }

    /// Registers the reducer for `R.Action` in the store underneath.
    ///
    /// ```swift
    /// let store = TestStore(with: AppState(factory: factory))
    /// store.register(reducer: AddTodoReducer.self)
    /// ```
    ///
    /// - Parameter reducer: The reducer type.
    public func register<R: Reducer>(reducer: R.Type) where R.State == State {
        store.register(reducer: reducer)
    }

    /// Registers the reducer for `R.Action` over the part of the state at `keyPath`, in the
    /// store underneath.
    ///
    /// ```swift
    /// let store = TestStore(with: AppState())
    /// store.register(reducer: QueryChangedReducer.self, at: \.search)
    /// ```
    ///
    /// The same as ``Store/register(reducer:at:)``: the reducer receives the part at `keyPath`
    /// and what it returns is written back there.
    ///
    /// - Parameters:
    ///   - reducer: The reducer type; its `State` is the part's type.
    ///   - keyPath: Where the part lives in the state.
    public func register<R: Reducer>(reducer: R.Type, at keyPath: WritableKeyPath<State, R.State>) {
        store.register(reducer: reducer, at: keyPath)
    }

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
    /// - Parameters:
    ///   - action: The action to dispatch.
    ///   - timeout: How long to wait for a middleware that deferred `next`; ``timeout`` if `nil`.
    ///   - filePath: The file a failure names; the call site's unless given.
    ///   - line: The line a failure names; the call site's unless given.
    ///   - update: Changes the state before into the expected state after.
    /// - Throws: ``TestStoreFailure`` when actions were left unreceived, the wait timed out, or
    ///   the state differs from the expected one.
    public func send<Action: StoreAction>(
        _ action: Action,
        timeout: Duration? = nil,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        assert update: ((inout State) throws -> Void)? = nil
    ) async throws {
        let title = "send \(Self.describe(action))"
        try await step(title, filePath, line) {
            try await send(action, title: title, timeout: timeout, update: update)
        }
    }

    private func send<Action: StoreAction>(
        _ action: Action,
        title: String,
        timeout: Duration?,
        update: ((inout State) throws -> Void)?
    ) async throws {
        try checkNothingUnreceived(before: title)
        let sending = Sending()
        self.sending = sending
        defer { self.sending = nil }
        let stateBefore = latestState
        store.dispatch(action: action)
        let finished = await wait(timeout ?? self.timeout) {
            sending.outcome != nil && sending.outcome != .deferred
                || sending.wasDeferred && sending.context == nil
        }
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

    private func receive<Action: StoreAction>(
        _ type: Action.Type,
        title: String,
        timeout: Duration?,
        where predicate: (Action) -> Bool,
        update: ((inout State) throws -> Void)?
    ) async throws {
        let limit = timeout ?? self.timeout
        func matches(_ step: Step) -> Bool { (step.action as? Action).map(predicate) ?? false }
        let arrived = await wait(limit) { [unowned self] in
            exhaustivity == .on ? !unreceived.isEmpty : unreceived.contains(where: matches)
        }
        guard arrived else {
            throw failure("\(title): no such action was reduced within \(Self.show(limit)).", pending: true)
        }
        if exhaustivity == .off {
            unreceived.removeFirst(unreceived.firstIndex(where: matches) ?? 0)
        }
        let step = unreceived.removeFirst()
        guard matches(step) else {
            let expected =
                step.action is Action
                ? "an action of \(TypeName.of(Action.self)) matching the predicate" : TypeName.of(Action.self)
            throw StepFailure(
                "\(title): the next action reduced was \(Self.describe(step.action)), expected \(expected)."
            )
        }
        try check(step, update: update, title: "\(title): \(Self.describe(step.action))")
    }

    /// Waits until the store is idle, then fails on anything left unreceived.
    ///
    /// ```swift
    /// let store = TestStore(with: AppState(factory: factory))
    /// try await store.finish()
    /// try await store.finish(timeout: .milliseconds(200))
    /// ```
    ///
    /// Idle means what ``Store/idle()`` means: no action queued, no middleware holding a
    /// dispatcher it has not called `next` on, no task started with
    /// ``Dispatcher/task(priority:_:)`` or ``Dispatcher/task(id:cancelInFlight:_:)`` running
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
            let idle = await wait(limit) { [tracker] in tracker.isIdle }
            guard idle else {
                throw failure("finish: the store was not idle within \(Self.show(limit)).", pending: true)
            }
            try checkNothingUnreceived(before: "finish")
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

    // MARK: - Recording

    private func passEnded(
        _ action: any StoreAction,
        outcome: EffectTracker<State>.Outcome,
        state: State,
        context: AnyObject?
    ) {
        var step: Step?
        if outcome == .reduced {
            step = Step(action: action, before: latestState, after: state)
            latestState = state
        }
        if let sending, sending.outcome == nil || sending.outcome == .deferred,
            sending.isFirstPass || (context != nil && sending.context === context)
        {
            sending.isFirstPass = false
            sending.outcome = outcome
            sending.step = step
            if outcome == .deferred {
                sending.wasDeferred = true
                sending.context = context
            }
            return
        }
        if let step {
            unreceived.append(step)
            updateLedger()
        }
    }

    // MARK: - Checking

    private func checkNothingUnreceived(before title: String) throws {
        guard !unreceived.isEmpty else { return }
        if exhaustivity == .off {
            unreceived.removeAll()
            return
        }
        let lines = unreceived.map { "  \(Self.describe($0.action))" }
        unreceived.removeAll()
        throw StepFailure(
            ([
                "\(title): \(lines.count) action\(lines.count == 1 ? " was" : "s were") reduced and not received:"
            ]
                + lines).joined(separator: "\n")
        )
    }

    private func check(_ step: Step, update: ((inout State) throws -> Void)?, title: String) throws {
        try check(
            expected: exhaustivity == .on ? step.before : step.after, actual: step.after, update: update,
            title: title)
    }

    /// Fails unless `actual` equals `expected` changed by `update`.
    private func check(
        expected: State, actual: State, update: ((inout State) throws -> Void)?, title: String
    ) throws {
        var expected = expected
        try update?(&expected)
        if let equal = ValueDiff.equatableEqual(expected, actual) {
            if equal { return }
        }
        let differences = ValueDiff.differences(from: expected, to: actual)
        guard !differences.isEmpty else { return }
        let lines = differences.map { difference in
            // A row only one side has reads as any missing element: `expected no element`.
            let order = difference.kind == .reordered ? "order " : ""
            return "  \(difference.path): expected \(order)\(difference.from), got \(difference.to)"
        }
        throw StepFailure(
            (["\(title): the state differs from the expected one:"] + lines).joined(separator: "\n"))
    }

    private func failure(_ headline: String, pending: Bool) -> StepFailure {
        var lines = [headline]
        let held = tracker.pendingDescription
        if !held.isEmpty {
            lines.append("Still pending:")
            lines += held.map { "  \($0)" }
        }
        if !unreceived.isEmpty {
            lines.append("Reduced and not received:")
            lines += unreceived.map { "  \(Self.describe($0.action))" }
        }
        return StepFailure(lines.joined(separator: "\n"))
    }

    // MARK: - Steps

    /// What a step throws inside; ``step(_:_:_:_:)`` gives it the step's file and line.
    private struct StepFailure: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }

    /// Runs one step: its failures name `filePath` and `line`, and the ledger learns about it.
    private func step(
        _ title: String, _ filePath: StaticString, _ line: UInt, _ body: () async throws -> Void
    ) async throws {
        noteStep(title, filePath, line)
        do {
            try await body()
            updateLedger()
        } catch {
            throw failed(error, filePath, line)
        }
    }

    /// Runs one synchronous step; see ``step(_:_:_:_:)``.
    private func step(
        _ title: String, _ filePath: StaticString, _ line: UInt, _ body: () throws -> Void
    ) throws {
        noteStep(title, filePath, line)
        do {
            try body()
            updateLedger()
        } catch {
            throw failed(error, filePath, line)
        }
    }

    private func noteStep(_ title: String, _ filePath: StaticString, _ line: UInt) {
        let file = "\(filePath)".split(separator: "/").last.map(String.init) ?? "\(filePath)"
        ledger.entry.withLock {
            $0.lastStep = "\(title) at \(file):\(line)"
            $0.lastStepLocation = (filePath, line)
        }
    }

    /// The failure a step throws for `error`: a step's own, or one the assertion closure threw.
    /// It is recorded as an issue of the running test first, when a reporter is there.
    private func failed(_ error: any Error, _ filePath: StaticString, _ line: UInt) -> TestStoreFailure {
        ledger.entry.withLock { $0.stepFailed = true }
        let message = (error as? StepFailure)?.message ?? "the assertion closure threw \(error)"
        let isRecorded = TestStoreIssues.report(TestStoreIssue(message, filePath: filePath, line: line))
        return TestStoreFailure(message, filePath: filePath, line: line, isRecordedAsIssue: isRecorded)
    }

    /// Writes down what would be left unasserted if the test ended now.
    private func updateLedger() {
        var leftOver = tracker.pendingDescription.map { "still pending: \($0)" }
        leftOver += unreceived.map { "reduced and not received: \(Self.describe($0.action))" }
        let isExhaustive = exhaustivity == .on
        ledger.entry.withLock {
            $0.leftOver = leftOver
            $0.isExhaustive = isExhaustive
        }
    }

    /// Waits until `condition` holds or `limit` passed; returns whether it holds.
    ///
    /// Counts at most 50 ms per check: when other work holds the main actor for longer (tests
    /// running in parallel), the time it held it does not use up the wait, so the effects
    /// waited for, which need the main actor too, get their turn before the wait gives up.
    private func wait(_ limit: Duration, until condition: () -> Bool) async -> Bool {
        let clock = ContinuousClock()
        var waited = Duration.zero
        var last = clock.now
        while !condition() {
            if waited >= limit || Task.isCancelled { return false }
            try? await Task.sleep(for: .milliseconds(1))
            let now = clock.now
            waited += min(now - last, .milliseconds(50))
            last = now
        }
        return true
    }

    /// An action as failures show it, as ``ValueText`` writes actions: its qualified type and
    /// its value, `FavoritesFeature.Toggle(id: 3)`, `NavigationAction<Screen>.push(.list)`.
    static func describe(_ action: any StoreAction) -> String {
        ValueText.action(action, limit: ValueDiff.testStoreValueLimit)
    }

    private static func show(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        if attoseconds == 0 { return "\(seconds) s" }
        return "\(seconds * 1000 + attoseconds / 1_000_000_000_000_000) ms"
    }
}
