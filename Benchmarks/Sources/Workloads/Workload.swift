import ReMVVMStore

/// One benchmark workload: everything is set up and warmed in `init` (the first dispatch of
/// each action type creates its route), so `run` measures the steady state only.
@MainActor
public protocol Workload: AnyObject, Sendable {
    /// Performs `count` operations (dispatches, or view-model creations for `factory`).
    func run(_ count: Int)
    /// Finishes what `init` cannot do synchronously, such as starting a consumer task.
    func prepare() async
}

extension Workload {
    /// Nothing to finish: most workloads are ready after `init`.
    public func prepare() async {}
}

/// Every workload, by the short name that `run.sh` prints and `remvvm-profile` takes.
public enum WorkloadKind: String, CaseIterable, Sendable {
    case floor
    case d0
    case d0Login = "d0.login"
    case mw5
    case mw5typed
    case mw1
    case mw1typed = "mw1.typed"
    case sub100
    case sub1000
    case select100
    case act1000
    case completion
    case chain
    case factory = "factory.f1000"
    case factory1 = "factory.f1"
    case viewModel100 = "viewmodel100"
    case keypath
    case d0Inout = "d0.inout"
    case d0Closure = "d0.closure"
    case d0UUID = "d0.uuid"
    case keypathInout = "keypath.inout"
    case keypathClosure = "keypath.closure"
    case observe100
    case stream
    case remove
    case history
    case persist
    case navigation
    case navigationPlain = "navigation.plain"
    case task
    case taskID = "task.id"
    case app
    case appBare = "app.bare"
    case list10 = "list.10"
    case list10k = "list.10000"
    case list100k = "list.100000"
    case listKept10 = "list.kept.10"
    case listKept100k = "list.kept.100000"
    case compare10 = "compare.10"
    case screenCase = "screen.case"
    case screenCaseNavigation = "screen.case.navigation"
    case screenKeyPath = "screen.keypath"
    case popTasks10 = "pop.tasks10"
    case popTasks10Others = "pop.tasks10.others1000"
    case compare100k = "compare.100000"
    case boundD0 = "bound.d0"
    case boundMW1 = "bound.mw1"
    case boundMW1typed = "bound.mw1.typed"
    case boundMW1borrowed = "bound.mw1.borrowed"

    /// The most heap allocations one operation may make in steady state: the targets.
    ///
    /// None for a dispatch, `completion`, `history` and `app` included, nor for comparing two
    /// lists (`compare.*`) (the history keeps an
    /// action of up to three words inline, and folds from a kept state) (the store keeps no completion of a chain that
    /// runs through: each runs as its `next` returns); the view model itself for `factory`.
    /// `chain` allocates the client's own closure context, which captures two values (the
    /// dispatcher and the action); the store adds nothing to it.
    public var mallocLimit: Double {
        switch self {
        case .chain: 1
        case .factory, .factory1: 1
        // Measured when added: 9 with or without the observer's re-registration, so they come
        // from reporting the changed key path to the Observation registrar (willSet/didSet).
        case .observe100: 9
        // The consumer task is resumed when it waits for a state, and each resume may allocate
        // in the executor: 0.003 and 1.6 per dispatch in two runs, depending on how often it
        // waited; the stream's buffer allocates only when it grows.
        case .stream: 3
        // Measured when added: 7 per add and remove (the entry, its two closures, and the
        // list's and the identity table's storage as they grow); removal itself allocates none.
        case .remove: 8
        // Measured when added: the copy of the navigation's entries (the old state keeps the
        // buffer for the subscribers' `oldState`), and the array of changes handed to the UI.
        case .navigation: 2
        // The copy of the array, as `navigation`'s entries; its hand-off passes the array itself.
        case .navigationPlain: 1
        // Measured when added (TaskWorkloads.swift): 5 to start a plain `dispatcher.task` (the
        // task, its closure's context, the executor's bookkeeping of a main-actor task); a task
        // with an id adds its record, one more (5.977: the list of running tasks grows rarely).
        case .task: 5
        case .taskID: 6
        // A row action writes the row's path with the nodes of the version the action before
        // replaced, which nobody holds once its subscribers were told (ElementTrie+Reusing.swift):
        // none allocated at any length. A version still held (a subscriber that keeps its
        // `oldState`) makes the write copy the path instead, one allocation per level: 1 at 10
        // rows, 5 at 10,000, 6 at 100,000 (the depth, not the rows), as before the reuse:
        // `list.kept.*`, whose subscriber keeps the last `oldState`.
        case .listKept10: 1
        case .listKept100k: 6
        // Measured (2026-11-28): a push, an action that starts 10 tasks for its entry (5 mallocs
        // each, as for `task`, plus the task's record, its place and its place's bookkeeping)
        // and a pop that cancels them. Without other tasks, the store's observer of places is
        // added and removed at each operation (186); with 1,000 tasks of 100 other entries
        // running it stays (162), and the count does not grow with the other entries. Each
        // measured 0.001 above that (a growth of the task list amortized over the run): one more.
        case .popTasks10: 187
        case .popTasks10Others: 163
        default: 0
        }
    }

    /// Creates the workload, set up and warmed.
    @MainActor
    public func make() -> any Workload {
        switch self {
        case .floor: FloorWorkload()
        case .d0: DispatchWorkload()
        case .d0Login: LoginLogoutWorkload()
        case .mw5: DispatchWorkload(middleware: Array(repeating: PassThroughMiddleware(), count: 5))
        case .mw5typed:
            DispatchWorkload(middleware: [
                UnrelatedMiddleware<Unrelated0>(), UnrelatedMiddleware<Unrelated1>(),
                UnrelatedMiddleware<Unrelated2>(), UnrelatedMiddleware<Unrelated3>(),
                UnrelatedMiddleware<Unrelated4>(),
            ])
        case .mw1: DispatchWorkload(middleware: [PassThroughMiddleware()])
        case .mw1typed: DispatchWorkload(middleware: [PassIncrementMiddleware()])
        case .sub100: DispatchWorkload(subscribers: 100)
        case .sub1000: DispatchWorkload(subscribers: 1_000)
        case .select100: DispatchWorkload(selections: 100)
        case .act1000: DispatchWorkload(otherActionTypes: 999)
        case .completion: DispatchWorkload(middleware: [CompletionMiddleware(sink: CompletionSink())])
        case .chain: ChainWorkload()
        case .factory: FactoryWorkload(otherFactories: 999)
        case .factory1: FactoryWorkload(otherFactories: 0)
        case .viewModel100: ViewModelWorkload(viewModels: 100)
        case .keypath: KeyPathWorkload()
        case .d0Inout: ReducerFormWorkload(.inPlace, atKeyPath: false)
        case .d0Closure: ReducerFormWorkload(.closure, atKeyPath: false)
        case .d0UUID: DrawingWorkload()
        case .keypathInout: ReducerFormWorkload(.inPlace, atKeyPath: true)
        case .keypathClosure: ReducerFormWorkload(.closure, atKeyPath: true)
        case .observe100: Observe100Workload()
        case .stream: StreamWorkload()
        case .remove: RemoveWorkload(subscribers: 10_000)
        case .history: HistoryWorkload()
        case .persist: PersistenceWorkload()
        case .navigation: NavigationWorkload()
        case .navigationPlain: PlainStackWorkload()
        case .task: TaskWorkload(identified: false)
        case .taskID: TaskWorkload(identified: true)
        case .app: AppWorkload(features: true)
        case .appBare: AppWorkload(features: false)
        case .list10: ListWorkload(rows: 10)
        case .list10k: ListWorkload(rows: 10_000)
        case .list100k: ListWorkload(rows: 100_000)
        case .listKept10: ListWorkload(rows: 10, keepsOldState: true)
        case .listKept100k: ListWorkload(rows: 100_000, keepsOldState: true)
        case .screenCase: ScreenCaseWorkload()
        case .screenCaseNavigation: ScreenCaseWorkload(withNavigation: true)
        case .screenKeyPath: ScreenKeyPathWorkload()
        case .popTasks10: PopTasksWorkload(others: 0)
        case .popTasks10Others: PopTasksWorkload(others: 1_000)
        case .compare10: ListComparisonWorkload(rows: 10)
        case .compare100k: ListComparisonWorkload(rows: 100_000)
        // Not the library: the ideal engine of BoundWorkloads.swift, the lower bound of a step.
        case .boundD0: BoundWorkload(middleware: .none)
        case .boundMW1: BoundWorkload(middleware: .passThrough)
        case .boundMW1typed: BoundWorkload(middleware: .typed)
        case .boundMW1borrowed: BoundWorkload(middleware: .passThroughBorrowed)
        }
    }
}

// MARK: - Floor

/// The work no store can avoid: call the reducer, then the subscriber. Both calls go through
/// `@inline(never)` wrappers, so the optimizer cannot fold the loop into `counter += count`.
final class FloorWorkload: Workload {
    private var state = AppState(factory: CompositeViewModelFactory())
    private let subscriber = CountingSubscriber()

    func run(_ count: Int) {
        var state = self.state
        for _ in 0..<count {
            let oldState = state
            state = reduceDirectly(state, Increment())
            notifyDirectly(subscriber, state, oldState)
        }
        self.state = state
    }
}

@inline(never)
func reduceDirectly(_ state: AppState, _ action: Increment) -> AppState {
    IncrementReducer.reduce(state: state, with: action)
}

@inline(never)
@MainActor
func notifyDirectly(_ subscriber: CountingSubscriber, _ state: AppState, _ oldState: AppState) {
    subscriber.didChange(state: state, oldState: oldState)
}

// MARK: - Dispatch

/// Dispatches `Increment` to a store with one subscriber, plus whatever the workload adds:
/// middleware, more subscribers, selecting closures, or other registered action types.
final class DispatchWorkload: Workload {
    private let store: Store<AppState>
    private let subscribers: [CountingSubscriber]
    private let subscriptions: [StoreSubscription]

    init(
        middleware: [any AnyMiddleware] = [],
        subscribers subscriberCount: Int = 1,
        selections: Int = 0,
        otherActionTypes: Int = 0
    ) {
        store = Store(with: AppState(factory: CompositeViewModelFactory()), middleware: middleware)
        // The dispatched action type is registered last, after the others.
        var registrar = ReducerRegistrar(store: store)
        visitGeneratedTypes(count: otherActionTypes, visitor: &registrar)
        store.register(reducer: IncrementReducer.self)
        subscribers = (0..<subscriberCount).map { _ in CountingSubscriber() }
        for subscriber in subscribers { store.add(subscriber: subscriber) }
        // Every selection watches the user, which `Increment` leaves unchanged.
        subscriptions = (0..<selections).map { [store] _ in
            store.subscribe(to: \.user) { user, _ in precondition(user != nil, "not reached") }
        }
        run(2)
    }

    func run(_ count: Int) {
        for _ in 0..<count {
            store.dispatch(action: Increment())
        }
    }
}

/// Alternates `Login` and `Logout`: each changes the optional user of two strings.
final class LoginLogoutWorkload: Workload {
    private let store = Store(with: AppState(factory: CompositeViewModelFactory()))
    private let subscriber = CountingSubscriber()
    private var loggedIn = false

    init() {
        store.register(reducer: LoginReducer.self)
        store.register(reducer: LogoutReducer.self)
        store.add(subscriber: subscriber)
        run(2)
    }

    func run(_ count: Int) {
        var loggedIn = self.loggedIn
        for _ in 0..<count {
            if loggedIn {
                store.dispatch(action: Logout())
            } else {
                store.dispatch(action: Login(firstName: "Ada", lastName: "Lovelace"))
            }
            loggedIn.toggle()
        }
        self.loggedIn = loggedIn
    }
}

/// One dispatch starts a chain: each step's completion dispatches the next, `count` in all.
final class ChainWorkload: Workload {
    private let store = Store(
        with: AppState(factory: CompositeViewModelFactory()), middleware: [ChainMiddleware()])
    private let subscriber = CountingSubscriber()

    init() {
        store.register(reducer: ChainStepReducer.self)
        store.add(subscriber: subscriber)
        run(1_000)
    }

    func run(_ count: Int) {
        let before = subscriber.changes
        store.dispatch(action: ChainStep(remaining: count))
        precondition(subscriber.changes - before == count, "the chain stopped early")
    }
}

// MARK: - View models

/// The view model that the `factory` workload creates.
@MainActor
final class TargetViewModel {
    let greeting = "Hello"
}

/// Creates `TargetViewModel` through a `CompositeViewModelFactory` that has `otherFactories`
/// factories for other types besides.
final class FactoryWorkload: Workload {
    private let factory = CompositeViewModelFactory()
    private var made = 0

    init(otherFactories: Int) {
        var registrar = FactoryRegistrar(factory: factory)
        visitGeneratedTypes(count: otherFactories, visitor: &registrar)
        factory.add { TargetViewModel() }
        run(2)
    }

    func run(_ count: Int) {
        var made = 0
        for _ in 0..<count {
            let viewModel: TargetViewModel? = factory.create()
            if viewModel != nil { made &+= 1 }
        }
        precondition(made == count, "the factory made no view model")
        self.made &+= made
    }
}

// MARK: - Removal

/// Adds `subscribers` subscribers, then removes them one by one, oldest first, as screens that
/// come and go do: one operation is one `remove(subscriber:)` (plus its `add`). A store that
/// rescanned its list at each removal would cost O(n) per operation here; the target is O(1).
final class RemoveWorkload: Workload {
    private let store = Store(with: AppState(factory: CompositeViewModelFactory()))
    private let subscribers: [CountingSubscriber]

    init(subscribers count: Int) {
        store.register(reducer: IncrementReducer.self)
        subscribers = (0..<count).map { _ in CountingSubscriber() }
        run(count)
    }

    func run(_ count: Int) {
        var remaining = count
        while remaining > 0 {
            let batch = subscribers.prefix(remaining)
            for subscriber in batch { store.add(subscriber: subscriber) }
            for subscriber in batch { store.remove(subscriber: subscriber) }
            remaining -= batch.count
        }
    }
}
