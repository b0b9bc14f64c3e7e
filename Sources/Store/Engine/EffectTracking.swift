/// What the store knows about work that is not finished: tasks started with
/// ``Dispatcher/task(priority:_:)``, middleware that kept a dispatcher without calling `next`,
/// and who waits for all of it to end (``Store/idle()``, ``TestStore``).
///
/// The engine creates a tracker only when someone needs one (a deferred `next`, a task, a call
/// to `idle()`, a test store), and reaches it through four calls, each behind a `nil` check so
/// that a store nobody listens to pays nothing more:
/// - ``deferred(level:middleware:action:context:)`` when a middleware returned without calling
///   `next` and kept its dispatcher;
/// - ``reduced(_:state:)`` after a reducer ran, with the state right after it;
/// - ``ended(_:context:reachedReducer:hasReducer:)`` when a pass of an action through the
///   chain returned (a dispatch, or a deferred `next` that continued it).
@MainActor
@usableFromInline
final class EffectTracker<State: StoreState> {
    /// How one pass of an action through the chain ended.
    enum Outcome: Equatable {
        case reduced, unhandled, blocked, deferred
    }

    /// A middleware level that returned without calling `next` and whose dispatcher is held.
    @MainActor
    struct Hold {
        weak var level: DispatchLevel?
        weak var context: AnyObject?
        let middleware: String
        let describeAction: () -> String

        /// Whether the middleware may still call `next`.
        var isPending: Bool { level?.context != nil }
    }

    private(set) var taskCount = 0
    private(set) var holds: [Hold] = []
    /// Set by ``deferred(level:middleware:action:context:)`` during the current pass.
    private var deferredInPass = false
    private var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
    private var nextWaiterID: UInt64 = 0

    /// Called with each action reduced and the state right after its reduce.
    var onReduced: ((any StoreAction, State) -> Void)?
    /// Called when a pass of an action through the chain ended, with the context of the pass.
    var onEnded: ((any StoreAction, Outcome, AnyObject?) -> Void)?

    init() {}

    // MARK: Engine hooks

    @usableFromInline
    func deferred<Action: StoreAction>(
        level: DispatchLevel,
        middleware: any AnyMiddleware,
        action: Action,
        context: AnyObject
    ) {
        holds.removeAll { !$0.isPending }
        holds.append(
            Hold(
                level: level,
                context: context,
                middleware: DispatchContext<State>.name(of: middleware),
                describeAction: { describeValue(action) }
            )
        )
        deferredInPass = true
    }

    @usableFromInline
    func reduced<Action: StoreAction>(_ action: Action, state: State) {
        onReduced?(action, state)
    }

    @usableFromInline
    func ended<Action: StoreAction>(
        _ action: Action, context: AnyObject?, reachedReducer: Bool, hasReducer: Bool
    ) {
        let outcome: Outcome
        if reachedReducer {
            outcome = hasReducer ? .reduced : .unhandled
        } else {
            outcome = deferredInPass ? .deferred : .blocked
        }
        deferredInPass = false
        onEnded?(action, outcome, context)
        if !waiters.isEmpty { wakeAll() }
    }

    // MARK: Tasks

    func taskStarted() {
        taskCount += 1
    }

    func taskEnded() {
        taskCount -= 1
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

    /// One line per pending thing: each held action, then the running tasks.
    var pendingDescription: [String] {
        var lines = pendingHolds.map { "\($0.middleware) holds \($0.describeAction()) without calling next" }
        if taskCount > 0 {
            lines.append("\(taskCount) task\(taskCount == 1 ? "" : "s") started with dispatcher.task running")
        }
        return lines
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
    /// The engine's tracker, created at the first need.
    @usableFromInline
    func effectTracker() -> EffectTracker<State> {
        if let effects { return effects }
        let tracker = EffectTracker<State>()
        effects = tracker
        return tracker
    }
}

/// `String(describing:)` of a value, cut in the middle when it is long.
func describeValue(_ value: Any, limit: Int = 200) -> String {
    truncatedInMiddle(String(describing: value), limit: limit)
}

/// `text`, with its middle replaced by `…` so that it is at most about `limit` characters.
func truncatedInMiddle(_ text: String, limit: Int) -> String {
    guard text.count > limit else { return text }
    let keep = max(limit / 2 - 1, 1)
    let cut = text.count - 2 * keep
    return "\(text.prefix(keep))…(\(cut) more)…\(text.suffix(keep))"
}
