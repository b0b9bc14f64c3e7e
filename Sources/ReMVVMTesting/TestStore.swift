public import ReMVVMStore

/// Drives a real `Store` step by step in a test, and checks the state after every action and
/// every action the store reduced on its own.
///
/// Each ``send(_:timeout:filePath:line:assert:)`` dispatches an action and compares the state right after its
/// reduce with the state before, changed by the closure. Every action reduced that the test
/// did not send (dispatched by middleware, effects or subscribers) must be received in order
/// with ``receive(_:timeout:filePath:line:assert:)``, and ``finish(timeout:filePath:line:)``
/// waits until the store is idle and fails on anything left. Every failure throws a
/// ``TestStoreFailure`` naming the file and line of the step that failed, and is an issue of
/// the running test there. Reducers are registered through `StoreRegistering` (ReMVVMStore),
/// as on a store, so one setup function of the app serves both.
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
/// properties, collections element by element, an `IdentifiedCollection` by id, enums by
/// case and payload, class references by identity, a stored `factory` included), so a state like
/// the seed's `AppState` works.
///
/// Each wait gives up after a timeout, one second unless ``timeout`` or the call's `timeout`
/// says otherwise, and then names what the store still waits for: which middleware holds
/// which action without calling `next`, and which tasks run, by id and by the middleware
/// that started them.
///
/// Every failure is also an issue of the running test, in Swift Testing and in XCTest, at the
/// line of the step that failed: the test runner lists the test as failed and Xcode marks the
/// line. A test that ends without asserting
/// everything does not pass silently: when an exhaustive test store is released while tasks
/// still run, a middleware still holds an action, or reduced actions were not received, and
/// none of its steps failed, that is an issue at its last step. A sleep on the store's clock
/// when the test did not set one (`$0.clock`), and a reducer's first draw of an id or a date the
/// test did not set (`$0.uuid`, `$0.date`), is an issue at the line that created the test
/// store. When no test is running to record them (a test store that outlived its test), these
/// are written to standard error and the test process ends with status 1 (see <doc:Testing>). Call ``finish(timeout:filePath:line:)`` at the end of
/// each test.
@MainActor
public final class TestStore<State: StoreState> {
    /// How much of the store's work a test must assert.
    ///
    /// ```swift
    /// let store = TestStore(with: AppState(factory: factory))
    /// store.exhaustivity = .off                           // skips quietly
    /// store.exhaustivity = .off(listingSkipped: true)     // skips, and lists what it skipped
    /// store.exhaustivity = .on
    /// ```
    public enum Exhaustivity: Sendable, Equatable {
        /// Every reduced action must be received, and the whole state is compared.
        case on
        /// Unreceived actions are skipped, and only what the assertion closures set is compared.
        ///
        /// When `listingSkipped` is `true`, each thing skipped is reported, without failing the
        /// test, through the diagnostics handler of the store underneath
        /// (`Store.diagnosticsHandler`, which writes one line to standard error unless the
        /// test installs its own) as `StoreDiagnostic.Kind.assertionSkipped`, naming the step
        /// it was skipped at: each change of the state that the step's closure did not set
        /// (`count: 0 -> 1`), and each action reduced that no `receive` took.
        case off(listingSkipped: Bool)

        /// Unreceived actions and what the assertion closures do not set are skipped quietly:
        /// `.off(listingSkipped: false)`.
        public static var off: Exhaustivity { .off(listingSkipped: false) }
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

    /// What is left unasserted, for the check when the test store is released.
    let ledger: TestStoreLedger
    /// The state after the last reduce seen, to know each action's state before it.
    var latestState: State
    /// Actions reduced that the test did not send and has not received yet, in order.
    var unreceived: [Step] = []
    /// The action of the last change, as its reducer got it: what an action that is not sent is
    /// named by once its pass ends.
    var lastReducedAction: (any StoreAction)?
    /// Keeps ``lastReducedAction``.
    private var reducedActionWatch: StoreSubscription?
    /// The action being sent, while ``send(_:timeout:assert:)`` waits for it.
    var sending: Sending?
    /// The step running now, as `send Increment()`, with its file and line: where a skipped
    /// assertion is reported.
    var currentStep: (title: String, filePath: StaticString, line: UInt)?

    /// One reduced action with the states before and after its reduce.
    struct Step {
        /// The action as dispatched.
        let action: any StoreAction
        /// The action its reducer got, when a middleware replaced it; `nil` otherwise.
        var reduced: (any StoreAction)? = nil
        let before: State
        let after: State

        /// The action as a failure names it: as dispatched, and what a middleware replaced it with.
        @MainActor var text: String {
            TestStore.title(TestStore.describe(action), sent: action, reduced: reduced)
        }

        /// The action the reducer got.
        var actionAsReduced: any StoreAction { reduced ?? action }
    }

    /// What is known of the action being sent.
    final class Sending {
        var isFirstPass = true
        weak var context: AnyObject?
        var wasDeferred = false
        var step: Step?
        var outcome: StorePassOutcome?
    }

    /// Creates a test store over a new `Store`.
    ///
    /// ```swift
    /// struct CounterState: StoreState, Equatable { var count = 0 }
    /// let store = TestStore(with: CounterState(), middleware: [LoggingMiddleware()])
    /// ```
    ///
    /// Every dependency is its key's `DependencyKey.testValue`.
    ///
    /// - Parameters:
    ///   - state: The initial state.
    ///   - middleware: The middleware stack, as for `Store.init(with:middleware:)`.
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

    /// Creates a test store over a new `Store`, with the dependencies the test gives.
    ///
    /// ```swift
    /// let clock = TestClock()
    /// let store = TestStore(with: AppState(), middleware: [SearchMiddleware()]) {
    ///     $0.clock = clock
    ///     $0.searchClient = StubSearchClient(results: [dune])
    /// }
    /// ```
    ///
    /// Every key starts as its `DependencyKey.testValue` (its live value unless the key
    /// declares one); `dependencies` replaces any of them for this test only. The built-in ones
    /// are the exception: unless `dependencies` sets `DependencyValues.clock`, a sleep on it
    /// fails the test, saying to set it, and ends at once; unless it sets
    /// `DependencyValues.uuid` or `DependencyValues.date`, the first draw from either fails
    /// the test the same way, and draws go on with counted ids and one fixed date. The test store
    /// reads each key once and keeps the value: a key whose test value is computed gives each
    /// test an object of its own, one declared with `static let` is shared by every test (see
    /// ReMVVMStore's Dependencies article).
    ///
    /// - Parameters:
    ///   - state: The initial state.
    ///   - middleware: The middleware stack, as for `Store.init(with:middleware:)`.
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
        var values = DependencyValues.forTestStore(createdAt: filePath, line: line)
        values.clock = UnsetTestStoreClock(createdAt: filePath, line: line)
        dependencies(&values)
        store.changeableDependencies = values
        latestState = state
        // Weak: the store underneath may outlive the test store (a view model keeps it).
        store.followWork(
            passEnded: { [weak self] action, outcome, state, context in
                self?.passEnded(action, outcome: outcome, state: state, context: context)
            },
            tasksChanged: { [weak self] in self?.updateLedger() })
        // The engine ends a pass with the action as dispatched; its change says how it was reduced.
        reducedActionWatch = store.subscribe(to: \.self, timing: .beforeSubscribers) {
            [weak self] _, _, cause in
            if case .action(let action) = cause { self?.lastReducedAction = action }
        }
    }

    deinit {
        ledger.testStoreEnded()
    }
}

extension TestStore: StoreRegistering {
    /// The real store underneath: the registrations of `StoreRegistering` register there.
    @_documentation(visibility: internal)
    public var _storeBeingSetUp: Store<State> { store }
}
