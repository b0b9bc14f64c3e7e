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

    /// The queue: whether an action is being processed, the work that waits meanwhile, and the
    /// depth of dispatches from within the store. Written by its events only (DispatchMachine.swift).
    @exclusivity(unchecked) @usableFromInline var queue = QueueState<State>()
    /// Tasks, held dispatchers and who waits for them; made at the first need.
    @exclusivity(unchecked) @usableFromInline var effects: EffectTracker<State>?
    /// What reducers reach while they reduce: the store's dependencies and the record of what
    /// they draw. Put in the reducing cell around each reduce (``reduce(_:route:)``).
    @usableFromInline let reduceScope = ReduceScope(dependencies: DependencyValues(context: .live))
    /// The reducing cell (ReducingCell.swift) with this engine's scope: read once here, as
    /// reached through its global each reduce paid a call of the global's accessor.
    @usableFromInline let reducingCell: ReducingCellHandle
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

    @usableFromInline
    init(state: State, middleware: [any AnyMiddleware]) {
        self.state = state
        routes = RouteTable(stack: middleware)
        reducingCell = ReducingCellHandle(scope: reduceScope)
        link.target = self
        observers.tell(subscribers)
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
        whenIdle(.action(action)) {
            // The work of a cancelled task with an id runs while the store is idle: its
            // dispatches are dropped here, with one load and compare for a store without
            // effects. Checked in `dispatchFromWithin` instead, the `chain` workload took 215
            // more instructions per dispatch (callgrind); here `d0` takes 2 more.
            if effects != nil, RunningTask.dropsDispatchNow() {
                reportDroppedFromGonePlace(action)
                return
            }
            if !checkedMiddleware { checkMiddlewareStates() }
            if !viewModels.isEmpty { viewModels.releaseViewModelsOfDeallocatedContexts() }
            process(action)
        }
    }

    /// Dispatches an action from within the store: a middleware's, an effect's.
    @inlinable
    func dispatchFromWithin<Action: StoreAction>(_ action: Action) {
        queue.enterInner()
        defer { queue.leaveInner() }
        dispatch(action)
    }

    /// The queue's one entry point: `body` runs now when the store is idle, then the work that
    /// arrived meanwhile; when the store is busy, `work` waits its turn (made only then). A
    /// dispatch, a resumed chain and a change of the state all come in here.
    @inlinable
    @inline(__always)
    func whenIdle(_ work: @autoclosure () -> PendingWork<State>, _ body: () -> Void) {
        switch queue.arrive(work()) {
        case .queued:
            return
        case .runNow:
            body()
            if !queue.pending.isEmpty { drain() }
            queue.finish()
        }
    }

    /// Runs the work that waits, oldest first, until none is left. Inlinable, so that the
    /// queue's code is specialized for the store's state.
    @inlinable
    func drain() {
        // Queued work was dispatched while the store was busy: from within it.
        queue.enterInner()
        defer { queue.leaveInner() }
        while let work = queue.takeNext() {
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
        context.setOnStack(true)
        withBorrowed(&action) { runLevel(0, action: $0, context: context, route: route) }
        context.setOnStack(false)
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
        let outer = reducingCell.enter()
        reducer.withObject { $0.reduce(self, action.erased) }
        reducingCell.restore(outer)
        return true
    }

    /// Commits the state a dispatch of `action` made: see ``commit(_:cause:keeping:tapping:)``.
    @inlinable
    @inline(__always)
    func commit<Action: StoreAction>(_ newState: State, action: Borrowed<Action>) {
        commit(
            newState, cause: { .action(action.value) },
            // Kept, and told, in its own type, where the type is known.
            keeping: { $0.keep(action.value, draws: reduceScope.drawsOfChange, state: newState) },
            tapping: { $0.tell(action.value, state: newState, oldState: $1) })
    }

    /// Commits a state set without a dispatch (time travel, a replay), with its `cause`: see
    /// ``commit(_:cause:keeping:tapping:)``.
    @inlinable
    @inline(__always)
    func commit(_ newState: State, cause: () -> StateChangeCause) {
        commit(
            newState, cause: cause,
            keeping: { journal in
                switch cause() {
                case .action(let action): journal.keep(opened: action, state: newState)
                case .actions(let actions):
                    journal.keep(replayed: actions, draws: reduceScope.stepDraws, state: newState)
                case .travel: break
                }
            },
            tapping: { tap, oldState in
                if case .action(let action) = cause() {
                    tap.tell(opened: action, state: newState, oldState: oldState)
                }
            })
    }

    /// The one place where the state changes: makes `newState` the state, and tells the
    /// journals of the actions (`keep`), the observers that run before the subscribers, the
    /// subscribers, then the other observers. A dispatch, a replay and time travel all pass
    /// here.
    ///
    /// - Parameters:
    ///   - cause: Made only when an observer is there to read it.
    ///   - keep: Hands a journal the change's action or actions.
    ///   - tap: Tells a tap of the change's action, given the state before.
    @inlinable
    @inline(__always)
    func commit(
        _ newState: State, cause: () -> StateChangeCause, keeping keep: (ActionJournal<State>) -> Void,
        tapping tap: (ActionTap<State>, State) -> Void
    ) {
        letGoOfKept()
        // The reducer is done: subscribers and observers are not reducers, and what they read or
        // draw is not the action's (a store they dispatch into sets the cell itself). The reduce
        // that called this puts back what the cell held before it. (With this line `commit` was
        // no longer inlined, 31 instructions more on `d0`; `@inline(__always)` keeps it at 2.)
        reducingCell.clear()
        let oldState = state
        if observers.isEmpty {
            subscribers.notify(newState, oldState) { state = newState }
            return
        }
        if let first = observers.journal {
            first.withObject { journal in
                // Read first: the engine touches a journal no more once it kept the action.
                let others = journal.next
                keep(journal)
                if let others { keepInTheOthers(from: others, keep) }
            }
        }
        if !observers.hasEntries {
            // No observer: none is told of this change, not even one added meanwhile (it waits
            // for the next, as `ChangeObservers.tellsObservers` expects).
            if let first = observers.tap {
                subscribers.notify(newState, oldState) {
                    state = newState
                    tellTaps(first) { tap($0, oldState) }
                }
            } else {
                subscribers.notify(newState, oldState) { state = newState }
            }
            reduceScope.endChangeIfDrawn()
        } else if observers.readCause {
            commit(newState, oldState, telling: cause(), tapping: tap)
        } else {
            // No observer reads the cause: a placeholder, borrowed from a constant (made here,
            // it was destroyed after the call through an outlined switch, callgrind `persist`:
            // 26 instructions per dispatch).
            commit(newState, oldState, telling: StateChangeCause.unread, tapping: tap)
        }
    }

    /// Tells the store's taps, `first` and those after it, of the change (`tap`); the engine
    /// reads a tap's `next` before telling it, and touches it no more after (assumption 11).
    @inlinable
    @inline(__always)
    func tellTaps(_ first: UncheckedReference<ActionTap<State>>, _ tell: (ActionTap<State>) -> Void) {
        var next = first.withObject { tap in
            let next = tap.next
            tell(tap)
            return next
        }
        while let current = next {
            next = current.next
            tell(current)
        }
    }

    /// Hands the change to `second` and the journals after it, for a store with more than one.
    @inlinable
    func keepInTheOthers(from second: ActionJournal<State>, _ keep: (ActionJournal<State>) -> Void) {
        var journal: ActionJournal<State>? = second
        while let current = journal {
            journal = current.next
            keep(current)
        }
    }

    /// Lets go of what the last reduce kept for the next one: every change of the state does,
    /// through one of the commits. Checked first: clearing it unconditionally cost `d0` 16
    /// instructions, the check 4 (callgrind, 882 before the donor).
    @inlinable
    @inline(__always)
    func letGoOfKept() {
        if keptUntilNextChange != nil { keptUntilNextChange = nil }
    }

    /// The change `body` makes, made in the store's own state: for a reduce nobody watches (no
    /// subscriber, no observer), so that a part the state then holds alone is not copied (a
    /// list's row written in place). Nothing is told, as nobody listens.
    @inlinable
    @inline(__always)
    func commitInPlace<Result>(_ body: (inout State) -> Result) -> Result {
        assert(
            subscribers.isEmpty && observers.isEmpty, "internal inconsistency: a watched change made in place"
        )
        letGoOfKept()
        return body(&state)
    }

    /// A change the features' observers do not see, for tests that play a feature which missed
    /// one: the subscribers are told, as by ``commit(_:cause:)``.
    @usableFromInline
    func commitUnobserved(_ newState: State) {
        letGoOfKept()
        let oldState = state
        subscribers.notify(newState, oldState) { state = newState }
        if observers.hasRetired { observers.releaseRetired() }
    }

    @inlinable
    @inline(__always)
    func commit(
        _ newState: State, _ oldState: State, telling cause: StateChangeCause,
        tapping tap: (ActionTap<State>, State) -> Void
    ) {
        if observers.before == nil && observers.tap == nil {
            // The closure a store without observers passes (callgrind, `persist`: 25
            // instructions less per dispatch than one that looks for observers to run).
            // An observer added meanwhile waits for the next change.
            subscribers.notify(newState, oldState) { state = newState }
        } else {
            // Read again when the state is set: a subscriber's `willChange` may have ended one.
            subscribers.notify(newState, oldState) {
                state = newState
                if let first = observers.tap { tellTaps(first) { tap($0, oldState) } }
                observers.before?.withObject { $0.body(newState, oldState, cause) }
            }
        }
        if let after = observers.after {
            observers.isTellingAfter = true
            after.withObject { $0.body(newState, oldState, cause) }
            observers.isTellingAfter = false
        }
        if observers.hasRetired { observers.releaseRetired() }
        // The draws of this change were the observers' to take (`Store.drawsOfCurrentChange`).
        reduceScope.endChangeIfDrawn()
    }
}
