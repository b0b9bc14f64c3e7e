/// What the store knows about work that is not finished: tasks started with
/// ``Dispatcher/task(priority:_:)`` and ``Dispatcher/task(id:cancelInFlight:_:)``, middleware
/// that kept a dispatcher without calling `next`, and who waits for all of it to end
/// (``Store/idle()``, ``TestStore``).
///
/// Tasks with an id are kept as ``RunningTask`` records, in the order they started, so that
/// they can be cancelled by id (ids are per store: per tracker) and named in a timeout. A
/// cancelled task stays counted until its work returns: ``Store/idle()`` waits for it, and
/// what it dispatches meanwhile is dropped (``RunningTask/dropsDispatchNow()``).
///
/// The engine makes a tracker only when someone needs one (a deferred `next`, a task, a call
/// to `idle()`, a test store), and tells it through one call, ``DispatchEngine``'s
/// `effectsPassEnded`, when a pass of an action through the chain returned: a dispatch, or a
/// deferred `next` that continued it. The call sits behind an `effects != nil` check, except
/// where a middleware kept its dispatcher (outcome `deferred`), which is rare and makes the
/// tracker. A pass reduces
/// at most its own action (what it dispatches is queued), so when it reached the reducer the
/// state at its end is the state right after that reduce.
@MainActor
@usableFromInline
final class EffectTracker<State: StoreState> {
    /// A pass that stopped at a middleware that kept its dispatcher without calling `next`.
    @MainActor
    struct Hold {
        /// Weak: the context lives while a level that may still call `next` holds it, and not
        /// longer. Deferred contexts are never reused, so the side table this gives them slows
        /// no later dispatch.
        weak var context: AnyObject?
        let middleware: String
        let describeAction: () -> String

        /// Whether the middleware may still call `next`.
        var isPending: Bool { context != nil }
    }

    private(set) var taskCount = 0
    private(set) var holds: [Hold] = []
    /// Tasks started without an id and running, by the type of the middleware that started
    /// them: a timeout names them, and a count per type allocates nothing per task.
    private var plainTasks: [ObjectIdentifier: (starter: any Any.Type, count: Int)] = [:]
    /// Tasks started with an id and running, cancelled or not, in the order they started.
    private(set) var identifiedTasks: [RunningTask] = []
    /// How many of the running tasks were started without an id.
    var tasksWithoutID: Int { taskCount - identifiedTasks.count }
    /// The running tasks started for a place, by place, with the place's check; see
    /// EffectTracker+Places.swift.
    var places: [AnyKeyPath: PlacesOfContainer<State>] = [:]
    /// Cancels a place's tasks when a change leaves the place out: there while a place has one.
    var placeWatch: StoreSubscription?
    private var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
    private var nextWaiterID: UInt64 = 0

    /// Called when a pass of an action through the chain ended, with its outcome, the state
    /// after it, and the context of the pass.
    var onEnded: (@MainActor (any StoreAction, StorePassOutcome, State, AnyObject?) -> Void)?
    /// Called when a task started or ended (a ``TestStore`` keeps what it would report).
    var onTasksChanged: (() -> Void)?
    /// Whether a task started through a dispatcher is counted in the ``SentActionWork`` current
    /// where it starts: set by a ``TestStore``, whose sent actions' `finish()` waits for their
    /// own tasks; a plain store leaves it `false` and never reads the task-local value.
    var followsSentActions = false

    /// How the tracker reaches its engine to report a task's error.
    let link: EngineLink<State>

    init(link: EngineLink<State>) {
        self.link = link
    }

    // MARK: Engine hook

    @usableFromInline
    func ended<Action: StoreAction>(
        _ action: Action,
        state: State,
        context: AnyObject?,
        outcome passOutcome: DispatchOutcome,
        deferredBy middleware: (any AnyMiddleware)?
    ) {
        guard let outcome = StorePassOutcome(passOutcome) else {
            preconditionFailure("internal inconsistency: a pass ended in progress")
        }
        if outcome == .deferred, let middleware, let context {
            holds.removeAll { !$0.isPending }
            holds.append(
                Hold(
                    context: context,
                    middleware: MiddlewareRouting.name(of: middleware),
                    describeAction: { ValueText.describe(action) }
                )
            )
        }
        onEnded?(action, outcome, state, context)
        if !waiters.isEmpty { wakeAll() }
    }

    // MARK: Tasks

    /// Counts a task started without an id by a middleware of type `starter`; returns the key
    /// to give back to ``taskEnded(startedBy:)``.
    func taskStarted(by starter: any Any.Type) -> ObjectIdentifier {
        let key = ObjectIdentifier(starter)
        plainTasks[key, default: (starter, 0)].count += 1
        taskCount += 1
        onTasksChanged?()
        return key
    }

    func taskEnded(startedBy key: ObjectIdentifier) {
        if let entry = plainTasks[key] {
            if entry.count <= 1 {
                plainTasks[key] = nil
            } else {
                plainTasks[key]?.count -= 1
            }
        }
        taskCount -= 1
        taskChanged()
    }

    /// Counts a task started with an id.
    func taskStarted(_ task: RunningTask) {
        RunningTask.runningCount += 1
        identifiedTasks.append(task)
        taskCount += 1
        onTasksChanged?()
    }

    func taskEnded(_ task: RunningTask) {
        RunningTask.runningCount -= 1
        if let index = identifiedTasks.firstIndex(where: { $0 === task }) {
            identifiedTasks.remove(at: index)
        }
        if let place = task.place { placedTaskEnded(task, in: place) }
        taskCount -= 1
        taskChanged()
    }

    /// Runs the work of a task with an id, with the task as ``RunningTask/current``, reports
    /// what it throws, and stops counting the task.
    func run(_ running: RunningTask, _ operation: @MainActor () async throws -> Void) async {
        do {
            try await RunningTask.$current.withValue(running) { try await operation() }
        } catch {
            if !(error is CancellationError), !running.dropsDispatches {
                let starter = running.startedBy.map { " started by \(TypeName.of($0))" } ?? ""
                link.engine?.report(
                    .taskFailed,
                    "The task \(ValueDiff.show(running.id))\(starter) threw \(ValueDiff.show(error)); "
                        + "the store ignored the error. Catch the errors the task expects and dispatch an "
                        + "action that puts them in the state."
                )
            }
        }
        taskEnded(running)
    }

    /// Cancels every running task started with `id` that was not cancelled yet.
    func cancelTasks<ID: Hashable>(id: ID) {
        for task in identifiedTasks where !task.isCancelled && task.hasID(id) {
            task.cancel()
        }
    }

    private func taskChanged() {
        onTasksChanged?()
        if !waiters.isEmpty { wakeAll() }
    }

    // MARK: Waiting

    /// The holds whose middleware may still call `next`.
    var pendingHolds: [Hold] {
        holds.removeAll { !$0.isPending }
        return holds
    }

    /// Whether no counted task runs and no middleware holds a dispatcher it has not called
    /// `next` on.
    var isIdle: Bool { taskCount == 0 && pendingHolds.isEmpty }

    /// One line per pending thing: each held action, each task started with an id (by id and
    /// the middleware that started it), then the tasks started without one, by middleware.
    var pendingDescription: [String] {
        var lines = pendingHolds.map { "\($0.middleware) holds \($0.describeAction()) without calling next" }
        for task in identifiedTasks {
            let cancelled = task.isCancelled ? ", cancelled and not yet returned" : ""
            lines.append("\(Self.describe(task)) running\(cancelled)")
        }
        let plain = plainTasks.values
            .map { (name: TypeName.of($0.starter), count: $0.count) }
            .sorted { $0.name < $1.name }
        for entry in plain {
            let tasks = entry.count == 1 ? "1 task" : "\(entry.count) tasks"
            lines.append("\(tasks) started with dispatcher.task by \(entry.name) running")
        }
        return lines
    }

    /// A task with an id as a timeout names it: `task SearchTask() started by SearchMiddleware`,
    /// or `a task of books[id: 3] started by ...` for a task started for a place.
    static func describe(_ task: RunningTask) -> String {
        let starter = task.startedBy.map { " started by \(TypeName.of($0))" } ?? ""
        let name =
            task.id is PlacedTaskID
            ? "a task of \(task.placeName?() ?? "a place")" : "task \(ValueDiff.show(task.id))"
        return name + starter
    }

    /// A task without an id as a timeout names it.
    static func describeTask(startedBy starter: any Any.Type) -> String {
        "a task started with dispatcher.task by \(TypeName.of(starter))"
    }

    /// Returns once ``isIdle`` is true, or when the calling task is cancelled.
    func waitUntilIdle() async {
        while !isIdle, !Task.isCancelled {
            await waitForChange()
        }
    }

    /// Suspends until a task ends, a pass ends, or (while a dispatcher is held, whose release
    /// nothing reports) a few milliseconds passed.
    func waitForChange() async {
        let id = nextWaiterID
        nextWaiterID &+= 1
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                waiters[id] = continuation
                if !pendingHolds.isEmpty {
                    Task { [weak self] in
                        try? await Task.sleep(for: .milliseconds(2))
                        self?.wake(id)
                    }
                }
            }
        } onCancel: {
            Task { @MainActor [weak self] in self?.wake(id) }
        }
    }

    private func wake(_ id: UInt64) {
        waiters.removeValue(forKey: id)?.resume()
    }

    private func wakeAll() {
        let all = waiters
        waiters.removeAll()
        for continuation in all.values { continuation.resume() }
    }
}

extension DispatchEngine {
    /// Tells the tracker that a pass of `action` through the middleware of `context` ended.
    /// Out of line: the dispatch path pays only for the `effects != nil` check before the call.
    @inline(never)
    @usableFromInline
    func effectsPassEnded<Action: StoreAction>(_ action: Action, context: DispatchContext<State>) {
        let outcome = context.outcome
        let tracker = outcome == .deferred ? effectTracker() : effects
        tracker?.ended(
            action,
            state: state,
            context: context,
            outcome: outcome,
            deferredBy: outcome == .deferred
                ? context.deferredLevel.map { context.route.middleware[$0] } : nil
        )
    }

    /// Tells the tracker that `action`, which no middleware sees, was reduced or had no reducer.
    @inline(never)
    @usableFromInline
    func effectsPassEnded<Action: StoreAction>(_ action: Action, reduced: Bool) {
        effects?.ended(
            action,
            state: state,
            context: nil,
            outcome: reduced ? .reduced : .unhandled,
            deferredBy: nil
        )
    }

    /// The type of the middleware that `level` belongs to. Reads the level's route, which is
    /// sound while the engine lives (assumption 3 in Unchecked.swift): call it only with
    /// an engine the level's link returned.
    func middlewareType(of level: DispatchLevel) -> any Any.Type {
        let route = uncheckedDowncast(level.route.object, to: ActionRoute<State>.self)
        return type(of: route.middleware[level.index])
    }

    /// Lets a clock that watches a store's tasks (ReMVVMTesting's `TestClock`), given as the
    /// clock, wait for this store's tasks when it advances.
    @usableFromInline
    func watchTaskWatchingClock() {
        (dependencies.clock as? any StoreTaskWatchingClock)?.watch(effectTracker())
    }

    /// The engine's tracker, created at the first need.
    @usableFromInline
    func effectTracker() -> EffectTracker<State> {
        if let effects { return effects }
        let tracker = EffectTracker<State>(link: link)
        effects = tracker
        return tracker
    }
}
