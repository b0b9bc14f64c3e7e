/// The machinery behind ``Store``: routes, the middleware chain, the FIFO queue and the
/// subscriber list.
///
/// One action is processed at a time. A dispatch made while an action is being processed (from
/// a middleware, a completion or a subscriber) is queued and processed by the same loop right
/// after the current action, so a chain of dispatches never deepens the call stack.
///
/// The dispatch path is `@inlinable` so that it is specialized for the client's state and action
/// types: unspecialized, every generic value it touches costs a runtime metadata lookup, which
/// the benchmarks measured at ten times the cost of the reducer call itself.
@MainActor
@usableFromInline
final class DispatchEngine<State: StoreState> {
    @exclusivity(unchecked) @usableFromInline var state: State
    @usableFromInline let stack: [any AnyMiddleware]
    @exclusivity(unchecked) @usableFromInline var routes = TypeTable<ActionRoute<State>>()
    @usableFromInline var diagnosticsHandler: @MainActor (StoreDiagnostic) -> Void = StoreDiagnostic
        .standardError

    // MARK: Queue

    @exclusivity(unchecked) @usableFromInline var isBusy = false
    @exclusivity(unchecked) @usableFromInline var pending = PendingQueue<State>()
    /// A context kept from the last dispatch that no middleware held on to.
    @exclusivity(unchecked) @usableFromInline var spareContext: DispatchContext<State>?
    /// Whether the middleware stack was checked; done at the first dispatch, so that a
    /// diagnostics handler installed after `init` receives the report.
    @exclusivity(unchecked) @usableFromInline var checkedMiddleware = false

    // MARK: Subscribers

    @exclusivity(unchecked) @usableFromInline var entries: [SubscriptionEntry<State>] = []
    @exclusivity(unchecked) @usableFromInline var objectEntries:
        [ObjectIdentifier: SubscriptionEntry<State>] = [:]
    @usableFromInline
    var selections: [AnyKeyPath: SubscriptionEntry<State>] = [:]
    /// Counts notifications; see ``SubscriptionEntry/addedAt``.
    @exclusivity(unchecked) @usableFromInline var serial: UInt64 = 0
    @exclusivity(unchecked) @usableFromInline var isNotifying = false
    @exclusivity(unchecked) @usableFromInline var needsCompaction = false

    @usableFromInline let viewModels = ViewModelStore()
    /// How dispatch handles that outlive a dispatch reach this engine.
    @usableFromInline let link = EngineLink<State>()
    /// Tasks, held dispatchers and who waits for them; `nil` until someone needs it.
    @exclusivity(unchecked) @usableFromInline var effects: EffectTracker<State>?

    init(state: State, middleware: [any AnyMiddleware]) {
        self.state = state
        self.stack = middleware
        link.target = self
    }

    deinit {
        link.isAlive = false
    }

    /// Reports typed middleware whose state type differs from the store's: they never run.
    @usableFromInline
    func checkMiddlewareStates() {
        checkedMiddleware = true
        for middleware in stack {
            guard let typed = middleware as? any Middleware else { continue }
            let expected = Self.stateType(of: typed)
            if expected != State.self {
                report(
                    .middlewareStateMismatch,
                    "\(DispatchContext<State>.name(of: middleware)) expects state \(expected), "
                        + "but the store's state is \(State.self); it will never run."
                )
            }
        }
    }

    // MARK: - Reducers

    @inlinable
    func register<R: Reducer>(reducer: R.Type) where R.State == State {
        install(reducer, reduce: ActionRoute<State>.reduceFunction(for: reducer), for: R.Action.self)
    }

    @usableFromInline
    func install(
        _ reducer: any Reducer.Type,
        reduce: @escaping ReduceFunction<State>,
        for actionType: any StoreAction.Type
    ) {
        let route = routes.value(for: actionType) ?? makeRoute(for: actionType)
        if let existing = route.reducerType {
            let message =
                "\(reducer) cannot be registered for \(actionType): \(existing) already "
                + "reduces it. Each action type has exactly one reducer."
            report(.duplicateReducer, message)
            preconditionFailure(message)
        }
        route.setReducer(reducer, reduce: reduce)
    }

    @inlinable
    func route<Action: StoreAction>(for type: Action.Type) -> ActionRoute<State> {
        if let route = routes.value(for: type) { return route }
        return makeRoute(for: type)
    }

    @usableFromInline
    func makeRoute(for type: any StoreAction.Type) -> ActionRoute<State> {
        let route = ActionRoute<State>(middleware: stack.filter { Self.sees($0, actionType: type) })
        routes.set(route, for: type)
        return route
    }

    /// Whether `middleware` is to see actions of `actionType` in a store of `State`.
    private static func sees(_ middleware: any AnyMiddleware, actionType: any StoreAction.Type) -> Bool {
        guard let typed = middleware as? any Middleware else { return true }
        return actionTypeOf(typed) == actionType && stateType(of: typed) == State.self
    }

    private static func actionTypeOf<M: Middleware>(_: M) -> any StoreAction.Type { M.Action.self }
    private static func stateType<M: Middleware>(of _: M) -> any StoreState.Type { M.State.self }

    // MARK: - Dispatch

    @inlinable
    func dispatch<Action: StoreAction>(_ action: Action) {
        if isBusy {
            pending.append(.action(action))
            return
        }
        isBusy = true
        if !checkedMiddleware { checkMiddlewareStates() }
        if !viewModels.isEmpty { viewModels.releaseViewModelsOfDeallocatedContexts() }
        process(action)
        if !pending.isEmpty { drain() }
        isBusy = false
    }

    /// Continues a chain whose middleware called `next` after the dispatch had returned.
    @usableFromInline
    func resume<Action: StoreAction>(level: Int, action: Action, context: DispatchContext<State>) {
        if isBusy {
            pending.append(.resume { $0.runResumed(level: level, action: action, context: context) })
            return
        }
        isBusy = true
        runResumed(level: level, action: action, context: context)
        drain()
        isBusy = false
    }

    private func runResumed<Action: StoreAction>(
        level: Int,
        action: Action,
        context: DispatchContext<State>
    ) {
        context.isOnStack = true
        run(level: level, action: action, context: context)
        context.isOnStack = false
        dropReleasedSubscribersIfNotReduced(context)
        if effects != nil { effectsPassEnded(action, context: context) }
    }

    /// A blocked or deferred action notifies nobody; subscribers released since the last
    /// notification are let go now all the same (DESIGN rule 7).
    @inlinable
    func dropReleasedSubscribersIfNotReduced(_ context: DispatchContext<State>) {
        if context.depth <= context.route.middleware.count { dropReleasedSubscribers() }
    }

    @usableFromInline
    func drain() {
        while let work = pending.popFirst() {
            switch work {
            case .action(let action):
                process(action)
            case .resume(let body):
                body(self)
            }
        }
    }

    @inlinable
    func process<Action: StoreAction>(_ action: Action) {
        let route = self.route(for: Action.self)
        if route.middleware.isEmpty {
            let reduced = reduce(action, route: route)
            if effects != nil { effectsPassEnded(action, reduced: reduced) }
        } else {
            processThroughMiddleware(action, route: route)
        }
    }

    @inlinable
    func processThroughMiddleware<Action: StoreAction>(_ action: Action, route: ActionRoute<State>) {
        var context: DispatchContext<State>
        if let spare = spareContext {
            spareContext = nil
            spare.reset(route: route)
            context = spare
        } else {
            context = DispatchContext(engine: self, route: route, capacity: stack.count)
        }
        context.isOnStack = true
        run(level: 0, action: action, context: context)
        context.isOnStack = false
        dropReleasedSubscribersIfNotReduced(context)
        if isKnownUniquelyReferenced(&context) {
            if effects != nil { effectsPassEnded(action, context: context) }
            // Nothing can resume the action any more: what it kept is let go now.
            context.dropCompletions()
            spareContext = context
        } else {
            // A middleware kept its dispatcher: it may call `next` later, through `link`.
            // The tracker is made here if need be, so that `idle()` waits for it.
            _ = effectTracker()
            effectsPassEnded(action, context: context)
        }
    }

    /// Runs middleware `level` of the context's route, or the reducer after the last one.
    @inlinable
    func run<Action: StoreAction>(level: Int, action: Action, context: DispatchContext<State>) {
        let route = context.route
        context.depth = level &+ 1
        guard level < route.middleware.count else {
            if reduce(action, route: route) {
                context.runCompletions(with: state)
            } else {
                context.dropCompletions()
            }
            return
        }
        context.enter(level: level)
        // A pointer from an inout argument rather than a `withUnsafePointer` closure: a closure
        // formed on the main actor would check at each call that it still runs there.
        var action = action
        apply(route.middleware[level], level: level, action: &action, context: context)
        context.leave(level: level, action: action)
    }

    /// Calls one middleware; `action` stays valid while it runs, so `next()` can read it.
    @inlinable
    func apply<Action: StoreAction>(
        _ middleware: any AnyMiddleware,
        level: Int,
        action: UnsafePointer<Action>,
        context: DispatchContext<State>
    ) {
        context.actionPointer = UnsafeRawPointer(action)
        middleware.applyMiddleware(
            for: state,
            action: action.pointee,
            dispatcher: Dispatcher<Action, State>(level: context.levels.base[level].unsafelyUnwrapped)
        )
    }

    /// Reduces `action` and tells the subscribers. Returns `false` when no reducer handles it.
    @inlinable
    func reduce<Action: StoreAction>(_ action: Action, route: ActionRoute<State>) -> Bool {
        guard let reduce = route.reduce else {
            reportUnhandled(Action.self)
            return false
        }
        var action = action
        Self.call(reduce, on: self, action: &action)
        return true
    }

    @inlinable
    static func call<Action: StoreAction>(
        _ reduce: ReduceFunction<State>,
        on engine: DispatchEngine<State>,
        action: UnsafePointer<Action>
    ) {
        reduce(engine, UnsafeRawPointer(action))
    }

    /// The body of a route's ``ActionRoute/reduce``, specialized for `R`.
    @inlinable
    func reduce<R: Reducer>(with _: R.Type, action: UnsafePointer<R.Action>) where R.State == State {
        let oldState = state
        let newState = R.reduce(state: oldState, with: action.pointee)
        notify(newState, oldState)
    }

    @usableFromInline
    func reportUnhandled(_ type: any StoreAction.Type) {
        report(
            .unhandledAction,
            "No reducer is registered for \(type); the state did not change. "
                + "Register one with store.register(reducer:)."
        )
        dropReleasedSubscribers()
    }

    // MARK: - Subscribers

    /// Adds a subscriber of the store's state; specialized for its type where it is called.
    @inlinable
    func add<Subscriber: StoreSubscriber>(subscriber: Subscriber) where Subscriber.State == State {
        let id = ObjectIdentifier(subscriber)
        if let existing = objectEntries[id], existing.isActive { return }
        append(.subscriber(subscriber, addedAt: serial), objectID: id)
    }

    /// Adds a subscriber whose state type is known only at run time, such as a view model.
    func add<Subscriber: StoreSubscriber>(anySubscriber subscriber: Subscriber) {
        guard Subscriber.State.self == State.self else {
            report(
                .subscriberStateMismatch,
                "\(Subscriber.self) subscribes to \(Subscriber.State.self), but the store's state "
                    + "is \(State.self); it will not be told about changes."
            )
            return
        }
        let id = ObjectIdentifier(subscriber)
        if let existing = objectEntries[id], existing.isActive { return }
        let entry = OwnedEntry<State, Subscriber>(
            kind: .object,
            owner: subscriber,
            addedAt: serial,
            objectID: id,
            willChange: { [unowned(unsafe) subscriber] state in
                subscriber.willChange(state: unsafeBitCast(state, to: Subscriber.State.self))
            },
            didChange: { [unowned(unsafe) subscriber] state, oldState in
                subscriber.didChange(
                    state: unsafeBitCast(state, to: Subscriber.State.self),
                    oldState: unsafeBitCast(oldState, to: Subscriber.State.self)
                )
            }
        )
        append(entry, objectID: id)
    }

    @usableFromInline
    func append(_ entry: SubscriptionEntry<State>, objectID: ObjectIdentifier?) {
        if let objectID { objectEntries[objectID] = entry }
        entries.append(entry)
    }

    func remove(subscriber: AnyObject) {
        guard let entry = objectEntries.removeValue(forKey: ObjectIdentifier(subscriber)) else { return }
        entry.isActive = false
        scheduleCompaction()
    }

    func subscribe(_ onChange: @escaping @MainActor (State, State) -> Void) -> StoreSubscription {
        let subscription = StoreSubscription()
        append(.closure(onChange, subscription: subscription, addedAt: serial), objectID: nil)
        return subscription
    }

    @inlinable
    func subscribe<Value: Equatable>(
        to keyPath: KeyPath<State, Value>,
        _ onChange: @escaping @MainActor (Value, Value) -> Void
    ) -> StoreSubscription {
        let subscription = StoreSubscription()
        let group: SelectionGroup<State, Value>
        if let existing = selections[keyPath], existing.isActive, let selection = existing.selectionGroup {
            group = unsafeDowncast(selection, to: SelectionGroup<State, Value>.self)
        } else {
            group = SelectionGroup(keyPath: keyPath, engine: self)
            let entry = SubscriptionEntry<State>.group(group, addedAt: serial)
            selections[keyPath] = entry
            append(entry, objectID: nil)
        }
        group.add(subscription, addedAt: serial, onChange: onChange)
        return subscription
    }

    var subscriberCount: Int {
        entries.count { $0.isActive }
    }

    @inlinable
    func notify(_ newState: State, _ oldState: State) {
        serial &+= 1
        let serial = self.serial
        isNotifying = true
        let count = entries.count
        if !objectEntries.isEmpty {
            for index in 0..<count {
                let entry = entries[index]
                guard entry.isActive, let willChange = entry.willChange, entry.addedAt < serial else {
                    continue
                }
                if entry.isReleased() {
                    markGone(entry)
                } else {
                    DefaultWillChange.subscriber = nil
                    willChange(newState)
                    if let id = DefaultWillChange.subscriber, id == entry.objectID {
                        entry.willChange = nil
                    }
                }
            }
        }
        state = newState
        for index in 0..<count {
            let entry = entries[index]
            guard entry.isActive, entry.addedAt < serial else { continue }
            if let group = entry.selectionGroup {
                // The group drops its released members while it delivers, specialized for its
                // value type; scanning them here as well would pay for each member twice.
                entry.didChange(newState, oldState)
                if group.isEmpty { markGone(entry) }
            } else if entry.isReleased() {
                markGone(entry)
            } else {
                entry.didChange(newState, oldState)
            }
        }
        isNotifying = false
        if needsCompaction { compact() }
    }

    @inlinable
    func markGone(_ entry: SubscriptionEntry<State>) {
        entry.isActive = false
        needsCompaction = true
    }

    private func scheduleCompaction() {
        needsCompaction = true
        if !isNotifying { compact() }
    }

    /// Lets go of subscribers that nothing else holds, for dispatches that notify nobody.
    @usableFromInline
    func dropReleasedSubscribers() {
        for entry in entries where entry.isActive && entry.isReleased() { markGone(entry) }
        if needsCompaction { compact() }
    }

    @usableFromInline
    func compact() {
        needsCompaction = false
        // The removed entries may hold the last reference to a subscriber whose deinit calls
        // back into the store: they are let go only after `entries` is consistent again.
        var removed: [SubscriptionEntry<State>] = []
        defer { withExtendedLifetime(removed) {} }
        entries.removeAll { entry in
            guard !entry.isActive else { return false }
            removed.append(entry)
            if let id = entry.objectID, objectEntries[id] === entry { objectEntries[id] = nil }
            if let keyPath = entry.selectedKeyPath, selections[keyPath] === entry {
                selections[keyPath] = nil
            }
            return true
        }
    }

    // MARK: - Diagnostics

    @usableFromInline
    func report(_ kind: StoreDiagnostic.Kind, _ message: String) {
        diagnosticsHandler(StoreDiagnostic(kind: kind, message: message))
    }
}
