/// The machinery behind ``Store``: one dispatch, from `dispatch` to `finish`, with the chain of
/// middleware in DispatchMachine.swift.
///
/// ```
/// dispatch(action)            busy? -> queue it (FIFO), return
///   process(action)           the route of its type: its middleware, its reducer
///     runLevel(0)             middleware 0 runs with a Dispatcher for level 0
///       next()                  -> continueChain -> runLevel(1) -> ... -> reduce -> notify
///       its completion          runs as next() returns, after the deeper ones: last first
///     settle(level 0)         returned without next: blocked, or deferred if the dispatcher
///                             was kept (a later next() resumes the chain: resume(after:))
///   drain()                   queued actions and resumed chains, one at a time, same frame
/// ```
///
/// This file starts, ends and resumes a dispatch; it decides nothing. Every decision (what
/// `next` does, blocked or deferred, when a completion runs, what a pass leaves) is a
/// transition in DispatchMachine.swift, which also runs the chain (`runLevel`, `settle`):
/// each middleware level is in a ``LevelPhase`` and each action has a
/// ``DispatchOutcome``, set where it happens (`reduced` and `unhandled` at the end of the
/// chain, `blocked` and `deferred` when a middleware returns without `next`).
///
/// The dispatch path is `@inlinable` so that it is specialized for the client's state and
/// action types, and a route's continuations are made where its action type is known: code
/// that runs unspecialized looks up type metadata for each generic value it touches, which the
/// benchmarks measured at ten times the cost of the reducer call itself.
@MainActor
@usableFromInline
final class DispatchEngine<State: StoreState> {
    // `@exclusivity(unchecked)` on the properties below: see assumption 6 in Unchecked.swift.
    @exclusivity(unchecked) @usableFromInline var state: State
    @exclusivity(unchecked) @usableFromInline var routes: RouteTable<State>
    @usableFromInline let subscribers = SubscriberList<State>()
    /// The features' observers, told of every change in ``commit(_:cause:)``.
    @usableFromInline let observers = ChangeObservers<State>()
    /// Folds actions into a state with their reducers alone (``reduced(_:from:)``); made by the
    /// `@inlinable` `Store.init`, where it is specialized for the state: unspecialized, it looked
    /// up the routes' generic metadata for each action (callgrind, `history`, which folds one
    /// action per dispatch: 976 instructions of 3,895).
    @usableFromInline var foldActions:
        (@MainActor (DispatchEngine<State>, any StoreAction, inout State) -> Void)?
    @usableFromInline var diagnosticsHandler: @MainActor (StoreDiagnostic) -> Void = StoreDiagnostic
        .standardError
    @usableFromInline let viewModels = ViewModelStore()
    /// How dispatch handles that outlive a dispatch reach this engine.
    @usableFromInline let link = EngineLink<State>()

    /// Whether an action is being processed; dispatches then wait in ``pending``.
    @exclusivity(unchecked) @usableFromInline var isBusy = false
    @exclusivity(unchecked) @usableFromInline var pending = FIFO<PendingWork>()
    /// How many dispatches from within the store are on the stack: a middleware's or an
    /// effect's `Dispatcher.dispatch`, or the queue draining. 0 while an action handed to
    /// `Store.dispatch` on an idle store is processed (the action recorder tells the two apart).
    @exclusivity(unchecked) @usableFromInline var innerDispatchDepth = 0
    /// Tasks, held dispatchers and who waits for them; made at the first need.
    @exclusivity(unchecked) @usableFromInline var effects: EffectTracker<State>?
    /// What reducers reach while they reduce: the store's dependencies and the record of what
    /// they draw. Put in the reducing cell around each reduce (``reduce(_:route:)``).
    @usableFromInline let reduceScope = ReduceScope(dependencies: DependencyValues(context: .live))
    /// The scope's address, unretained, as the reducing cell holds it; the engine keeps the
    /// scope alive.
    @usableFromInline let reduceScopeAddress: UnsafeMutableRawPointer
    /// The reducing cell (ReducingCell.swift), read once here: reached through its global, each
    /// reduce paid a call of the global's accessor.
    @usableFromInline let reducingCell = ReducingCell.cell
    /// What effects and reducers need from outside; read by `dependencies` getters and
    /// `@Dependency`, never by dispatch.
    @usableFromInline var dependencies: DependencyValues {
        get { reduceScope.dependencies }
        set { reduceScope.dependencies = newValue }
    }
    /// Whether the middleware stack was checked; done at the first dispatch, so that a
    /// diagnostics handler installed after `init` receives the report.
    @exclusivity(unchecked) @usableFromInline var checkedMiddleware = false
    /// The route of the last action type processed, and that type.
    @exclusivity(unchecked) @usableFromInline var lastRoute:
        (actionType: ObjectIdentifier, route: UncheckedReference<ActionRoute<State>>)?
    /// What the last reduce kept for the next one, which the engine does not know (the lists
    /// keep the version a row action replaced, to write the next row into its nodes:
    /// Lists/Machinery/DispatchEngine+Lists.swift); any other change of the state lets go of it.
    @exclusivity(unchecked) @usableFromInline var keptUntilNextChange: AnyObject?

    /// Work that arrived while the store was busy.
    @usableFromInline
    enum PendingWork {
        /// A dispatched action, processed from the top of the middleware stack.
        case action(any StoreAction)
        /// A deferred chain whose `next` was called while the store was busy.
        case resume(@MainActor (DispatchEngine<State>) -> Void)
    }

    @usableFromInline
    init(state: State, middleware: [any AnyMiddleware]) {
        self.state = state
        routes = RouteTable(stack: middleware)
        reduceScopeAddress = Unmanaged.passUnretained(reduceScope).toOpaque()
        link.target = self
        reduceScope.reportMiss = { [unowned self] message in
            MainActor.assumeIsolated { report(.drawNotRecorded, message) }
        }
    }

    deinit {
        link.isAlive = false
    }

    /// Folds an action with the reducer of its route; made where `State` is known.
    @inlinable
    static func makeFoldActions() -> @MainActor (DispatchEngine<State>, any StoreAction, inout State) -> Void
    {
        { engine, action, state in
            engine.routes.existingRoute(for: type(of: action))?.fold?(&state, action)
        }
    }

    // MARK: - Dispatch

    @inlinable
    func dispatch<Action: StoreAction>(_ action: Action) {
        if isBusy {
            pending.append(.action(action))
            return
        }
        // The work of a cancelled task with an id runs while the store is idle: its dispatches
        // are dropped here, with one load and compare for a store without effects. Checked in
        // `dispatchFromWithin` instead, the `chain` workload took 215 more instructions per
        // dispatch (callgrind); here `d0` takes 2 more.
        if effects != nil, RunningTask.dropsDispatchNow() {
            reportDroppedFromGonePlace(action)
            return
        }
        isBusy = true
        if !checkedMiddleware { checkMiddlewareStates() }
        if !viewModels.isEmpty { viewModels.releaseViewModelsOfDeallocatedContexts() }
        process(action)
        if !pending.isEmpty { drain() }
        isBusy = false
    }

    /// Dispatches an action from within the store: a middleware's, an effect's.
    @inlinable
    func dispatchFromWithin<Action: StoreAction>(_ action: Action) {
        innerDispatchDepth += 1
        defer { innerDispatchDepth -= 1 }
        dispatch(action)
    }

    /// Inlinable, so that the queue's code is specialized for the store's state.
    @inlinable
    func drain() {
        // Queued work was dispatched while the store was busy: from within it.
        innerDispatchDepth += 1
        defer { innerDispatchDepth -= 1 }
        while let work = pending.popFirst() {
            switch work {
            case .action(let action):
                if let route = routes.existingRoute(for: type(of: action)) {
                    route.processQueued(self, action)
                } else {
                    process(action)
                }
            case .resume(let body): body(self)
            }
        }
    }

    @inlinable
    func process<Action: StoreAction>(_ action: Action) {
        // The route of the last action type is lent without a table lookup or a retain
        // (callgrind, `d0`: 86 instructions, a retain and a release); routes live as long as
        // the engine (assumption 3).
        if let last = lastRoute, last.actionType == ObjectIdentifier(Action.self) {
            last.route.withObject { process(action, route: $0) }
        } else {
            let route = routes.route(for: Action.self)
            lastRoute = (ObjectIdentifier(Action.self), UncheckedReference(route))
            process(action, route: route)
        }
    }

    @inlinable
    func process<Action: StoreAction>(_ action: Action, route: ActionRoute<State>) {
        var action = action
        if route.middleware.isEmpty {
            let reduced = withBorrowed(&action) { reduce($0, route: route) }
            if !reduced { subscribers.dropReleased() }
            if effects != nil { effectsPassEnded(action, reduced: reduced) }
            return
        }
        let context = takeContext(of: route)
        context.isOnStack = true
        withBorrowed(&action) { runLevel(0, action: $0, context: context, route: route) }
        context.isOnStack = false
        if effects != nil || context.outcome == .deferred { effectsPassEnded(action, context: context) }
        finish(context, of: route)
    }

    // MARK: - Contexts

    /// The route's pooled context, or a new one while it is in use (a deferred chain holds it).
    /// Each route keeps its own, whose levels lend the route's steps: a context shared by all
    /// routes was rebound to each action's route, which cost a retain and a release and a copy of
    /// the middleware per step (callgrind, `mw1`: 1,452 instructions before, with the
    /// unretained route).
    @inlinable
    func takeContext(of route: ActionRoute<State>) -> DispatchContext<State> {
        // Moved out and, in `finish`, back in: a copy would cost a retain and a release.
        guard let spare = route.spareContext.take() else {
            return DispatchContext(engine: self, route: route)
        }
        spare.reset()
        return spare
    }

    /// After a dispatch: a blocked or deferred action notifies nobody, but subscribers released
    /// since the last notification are let go all the same (rule 7); a context that no deferred
    /// level holds is kept for the next dispatch.
    @inlinable
    func finish(_ context: consuming DispatchContext<State>, of route: ActionRoute<State>) {
        switch context.outcome.end {
        case .reuse:
            route.spareContext = context
        case .keepForResume:
            subscribers.dropReleased()
        case .forgetAndReuse:
            context.forgetKeptCompletions()
            subscribers.dropReleased()
            route.spareContext = context
        }
    }

    // MARK: - Reducing

    /// Reduces the action at the address and commits the new state; `false` when no reducer
    /// handles its type.
    @inlinable
    func reduce<Action: StoreAction>(_ action: Borrowed<Action>, route: ActionRoute<State>) -> Bool {
        guard let reducer = route.reducing else {
            reportUnhandled(Action.self)
            return false
        }
        // The reducer reaches this store's dependencies through the cell (`@Dependency`): one
        // load and two stores per dispatch.
        let outer = reducingCell.pointee
        reducingCell.pointee = reduceScopeAddress
        reducer.withObject { $0.reduce(self, action.erased) }
        reducingCell.pointee = outer
        return true
    }

    /// The one place where the state changes: makes `newState` the state, and tells the
    /// observers that run before the subscribers, the subscribers, then the other observers.
    /// A dispatch, a replay and time travel all pass here.
    ///
    /// - Parameter cause: Made only when an observer is there to read it.
    @inlinable
    @inline(__always)
    func commit(_ newState: State, cause: () -> StateChangeCause) {
        // Checked first: clearing it unconditionally cost `d0` 16 instructions, the check 4
        // (callgrind, 882 before the donor).
        if keptUntilNextChange != nil { keptUntilNextChange = nil }
        // The reducer is done: subscribers and observers are not reducers, and what they read or
        // draw is not the action's (a store they dispatch into sets the cell itself). The reduce
        // that called this puts back what the cell held before it. (With this line `commit` was
        // no longer inlined, 31 instructions more on `d0`; `@inline(__always)` keeps it at 2.)
        reducingCell.pointee = nil
        let oldState = state
        if observers.isEmpty {
            subscribers.notify(newState, oldState) { state = newState }
        } else if observers.readCause {
            commit(newState, oldState, telling: cause())
        } else {
            // No observer reads the cause: a placeholder the compiler knows needs no destroying.
            commit(newState, oldState, telling: .travel)
        }
    }

    @inlinable
    @inline(__always)
    func commit(_ newState: State, _ oldState: State, telling cause: StateChangeCause) {
        subscribers.notify(newState, oldState) {
            state = newState
            observers.before?(newState, oldState, cause)
        }
        observers.after?(newState, oldState, cause)
        // The draws of this change were the observers' to take (`Store.drawsOfCurrentChange`).
        // Out of line: inlined, it made `commit(_:cause:)` too large to inline (callgrind, `d0`:
        // 29 more instructions per dispatch, although `d0` has no observer).
        reduceScope.endChange()
    }
}

// MARK: - The storage of one dispatch

/// The storage of one action on its way through the middleware stack: its route, its outcome,
/// the pooled level handles, and the completions that wait for a deferred chain.
///
/// Storage only: the engine decides what happens (``DispatchEngine``). Most actions go through
/// synchronously; their route then keeps the context and its levels for its next action
/// (``ActionRoute/spareContext``), so dispatching allocates nothing. A deferred chain's context
/// is not kept: the chain holds it until it ends.
@MainActor
@usableFromInline
final class DispatchContext<State: StoreState> {
    /// The engine, valid while the context is on the engine's stack (assumption 4 in
    /// Unchecked.swift): a checked reference would cost a load per middleware.
    @usableFromInline let engineReference: UncheckedReference<DispatchEngine<State>>
    /// The engine, for a context that outlived its dispatch.
    @usableFromInline let link: EngineLink<State>
    // `@exclusivity(unchecked)` on the properties below: see assumption 6 in Unchecked.swift.
    /// The route of the action, lent: the engine's table keeps it as long as the engine lives
    /// (assumption 3). The route keeps the context in its pool, so a strong reference back would
    /// be a cycle; and a deferred level that holds its context never reads the route once the
    /// engine is gone.
    @usableFromInline let routeReference: UncheckedReference<ActionRoute<State>>
    @exclusivity(unchecked) @usableFromInline var outcome = DispatchOutcome.inProgress
    /// The first level of the chain being resumed, whose `next` settles the kept completions.
    @exclusivity(unchecked) @usableFromInline var resumedLevel: Int?
    /// The level whose middleware kept its dispatcher, while the outcome is `deferred`.
    @exclusivity(unchecked) @usableFromInline var deferredLevel: Int?
    /// Whether the engine is running this context's chain right now.
    @exclusivity(unchecked) @usableFromInline var isOnStack = false
    /// The level handles, reused while nothing else holds them.
    @exclusivity(unchecked) @usableFromInline var levels: [DispatchLevel] = []
    /// Completions of levels that are no longer on the stack, waiting for the reduce.
    @exclusivity(unchecked) @usableFromInline var keptCompletions:
        [(level: Int, run: @MainActor (State) -> Void)] = []

    @usableFromInline
    init(engine: DispatchEngine<State>, route: ActionRoute<State>) {
        engineReference = UncheckedReference(engine)
        routeReference = UncheckedReference(route)
        link = engine.link
    }

    /// The route, retained for the caller: for paths off the dispatch's hot path.
    @inlinable
    var route: ActionRoute<State> { routeReference.object }

    /// The engine, retained for the caller: for paths off the dispatch's hot path.
    @inlinable
    var engine: DispatchEngine<State> { engineReference.object }

    /// Makes the context ready for another action of its route.
    @inlinable
    func reset() {
        outcome = .inProgress
        resumedLevel = nil
        deferredLevel = nil
        forgetKeptCompletions()
    }

    /// A new handle for middleware `index` of the context's route.
    @usableFromInline
    func newLevel(_ index: Int, route: ActionRoute<State>) -> DispatchLevel {
        DispatchLevel(index: index, link: link, context: self, route: route, step: route.steps[index])
    }

    /// Keeps the completion of `level` until the deferred chain is reduced.
    @usableFromInline
    func keep(_ completion: @escaping @MainActor (State) -> Void, of level: Int) {
        keptCompletions.append((level, completion))
    }

    /// Forgets the kept completions: the action will never be reduced, or the context is
    /// reused. Checked first: emptying an array of closures looks up its element type's
    /// metadata even when there is nothing to remove (callgrind, the `chain` workload).
    @inlinable
    func forgetKeptCompletions() {
        if !keptCompletions.isEmpty { keptCompletions.removeAll() }
    }

    /// Runs the kept completions, deepest level first, then forgets them.
    func runKeptCompletions(with state: State) {
        let completions = keptCompletions.sorted { $0.level > $1.level }
        keptCompletions.removeAll()
        for completion in completions { completion.run(state) }
    }
}

// MARK: - The queue

/// A first-in first-out queue.
///
/// An array with a read index, emptied whenever the last element is read, so the steady state
/// of a chain (take one, add one) reuses the same storage and never grows.
@usableFromInline
struct FIFO<Element> {
    @usableFromInline var items: [Element] = []
    @usableFromInline var head = 0

    @inlinable
    init() {}

    @inlinable
    var isEmpty: Bool { head == items.count }

    @inlinable
    mutating func append(_ element: Element) {
        items.append(element)
    }

    /// Inlinable so that it is specialized for the element: unspecialized, emptying the array
    /// looked up its type's metadata at each call (callgrind, the `chain` workload).
    @inlinable
    mutating func popFirst() -> Element? {
        guard head < items.count else { return nil }
        let element = items[head]
        head += 1
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 1024 && head * 2 >= items.count {
            items.removeFirst(head)
            head = 0
        }
        return element
    }
}
