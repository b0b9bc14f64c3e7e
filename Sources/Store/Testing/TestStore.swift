/// Drives a real ``Store`` step by step in a test, and checks the state after every action and
/// every action the store reduced on its own.
///
/// Each ``send(_:timeout:assert:)`` dispatches an action and compares the state right after its
/// reduce with the state before, changed by the closure. Every action reduced that the test
/// did not send (dispatched by middleware, effects or subscribers) must be received in order
/// with ``receive(_:timeout:assert:)``, and ``finish(timeout:)`` waits until the store is idle
/// and fails on anything left. It imports neither XCTest nor Testing: every failure throws a
/// ``TestStoreFailure``, which both frameworks report.
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
/// properties, collections element by element, enums by case and payload, class references by
/// identity, a stored `factory` included), so a state like the seed's `AppState` works.
///
/// Each wait gives up after a timeout, one second unless ``timeout`` or the call's `timeout`
/// says otherwise, and then names what the store still waits for: which middleware holds
/// which action without calling `next`, and how many tasks run.
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
    public var exhaustivity: Exhaustivity = .on

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
    /// - Parameters:
    ///   - state: The initial state.
    ///   - middleware: The middleware stack, as for ``Store/init(with:middleware:)``.
    public init(with state: State, middleware: [any AnyMiddleware] = []) {
        store = Store(with: state, middleware: middleware)
        latestState = state
        tracker = store.engine.effectTracker()
        // Weak: the store underneath may outlive the test store (a view model keeps it).
        tracker.onEnded = { [weak self] action, outcome, state, context in
            self?.passEnded(action, outcome: outcome, state: state, context: context)
        }
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
    ///   - update: Changes the state before into the expected state after.
    /// - Throws: ``TestStoreFailure`` when actions were left unreceived, the wait timed out, or
    ///   the state differs from the expected one.
    public func send<Action: StoreAction>(
        _ action: Action,
        timeout: Duration? = nil,
        assert update: ((inout State) throws -> Void)? = nil
    ) async throws {
        let title = "send \(Self.describe(action))"
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
    ///   - update: Changes the state before into the expected state after.
    /// - Throws: ``TestStoreFailure`` when no such action came, another came first, or the
    ///   state differs from the expected one.
    public func receive<Action: StoreAction>(
        _ type: Action.Type,
        timeout: Duration? = nil,
        assert update: ((inout State) throws -> Void)? = nil
    ) async throws {
        try await receive(type, timeout: timeout, where: { _ in true }, assert: update)
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
    ///   - update: Changes the state before into the expected state after.
    /// - Throws: ``TestStoreFailure`` when no such action came, another came first, or the
    ///   state differs from the expected one.
    public func receive<Action: StoreAction>(
        _ type: Action.Type,
        timeout: Duration? = nil,
        where predicate: (Action) -> Bool,
        assert update: ((inout State) throws -> Void)? = nil
    ) async throws {
        let title = "receive \(Action.self)"
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
                ? "an action of \(Action.self) matching the predicate" : "\(Action.self)"
            throw TestStoreFailure(
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
    /// ``Dispatcher/task(priority:_:)`` running. With ``exhaustivity`` off, unreceived actions
    /// are skipped.
    ///
    /// - Parameter timeout: How long to wait for the store to be idle; ``timeout`` if `nil`.
    /// - Throws: ``TestStoreFailure`` naming what is still pending (which middleware holds which
    ///   action, how many tasks run) and every unreceived action.
    public func finish(timeout: Duration? = nil) async throws {
        let limit = timeout ?? self.timeout
        let idle = await wait(limit) { [tracker] in tracker.isIdle }
        guard idle else {
            throw failure("finish: the store was not idle within \(Self.show(limit)).", pending: true)
        }
        try checkNothingUnreceived(before: "finish")
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
        if let step { unreceived.append(step) }
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
        throw TestStoreFailure(
            ([
                "\(title): \(lines.count) action\(lines.count == 1 ? " was" : "s were") reduced and not received:"
            ]
                + lines).joined(separator: "\n")
        )
    }

    private func check(_ step: Step, update: ((inout State) throws -> Void)?, title: String) throws {
        var expected = exhaustivity == .on ? step.before : step.after
        try update?(&expected)
        if let equal = ValueDiff.equatableEqual(expected, step.after) {
            if equal { return }
        }
        let differences = ValueDiff.differences(from: expected, to: step.after)
        guard !differences.isEmpty else { return }
        let lines = differences.map { "  \($0.path): expected \($0.from), got \($0.to)" }
        throw TestStoreFailure(
            (["\(title): the state differs from the expected one:"] + lines).joined(separator: "\n"))
    }

    private func failure(_ headline: String, pending: Bool) -> TestStoreFailure {
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
        return TestStoreFailure(lines.joined(separator: "\n"))
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

    /// An action as failures show it: its type and value.
    static func describe(_ action: any StoreAction) -> String {
        let typeName = String(describing: type(of: action))
        let value = ValueDiff.show(action)
        return value.hasPrefix(typeName) ? value : "\(typeName).\(value)"
    }

    private static func show(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        if attoseconds == 0 { return "\(seconds) s" }
        return "\(seconds * 1000 + attoseconds / 1_000_000_000_000_000) ms"
    }
}
