/// The machinery behind ``Store``: routes, the middleware chain, the FIFO queue and the
/// subscriber list.
///
/// One action is processed at a time. A dispatch made while an action is being processed (from
/// a middleware, a completion or a subscriber) is queued and processed by the same loop right
/// after the current action, so a chain of dispatches never deepens the call stack.
@MainActor
final class DispatchEngine<State: StoreState> {
    private(set) var state: State
    private let stack: [any AnyMiddleware]
    private var routes = TypeTable<ActionRoute<State>>()
    var diagnosticsHandler: @MainActor (StoreDiagnostic) -> Void = StoreDiagnostic.standardError

    // MARK: Queue

    private var isBusy = false
    private var pending = PendingQueue<State>()
    /// A context kept from the last dispatch that no middleware held on to.
    private var spareContext: DispatchContext<State>?

    // MARK: Subscribers

    private var boxes: [SubscriptionBox<State>] = []
    private var objectBoxes: [ObjectIdentifier: SubscriptionBox<State>] = [:]
    private var selections: [AnyKeyPath: SubscriptionBox<State>] = [:]
    /// Counts notifications; see ``SubscriptionBox/addedAt``.
    private var serial: UInt64 = 0
    private var isNotifying = false
    private var needsCompaction = false

    let viewModels = ViewModelStore()

    init(state: State, middleware: [any AnyMiddleware]) {
        self.state = state
        self.stack = middleware
    }

    /// Whether the middleware stack was checked; done at the first dispatch, so that a
    /// diagnostics handler installed after `init` receives the report.
    private var checkedMiddleware = false

    /// Reports typed middleware whose state type differs from the store's: they never run.
    private func checkMiddlewareStates() {
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

    func register<R: Reducer>(reducer: R.Type) where R.State == State {
        let route = self.route(for: R.Action.self)
        if let existing = route.reducerType {
            let message =
                "\(reducer) cannot be registered for \(R.Action.self): \(existing) already "
                + "reduces it. Each action type has exactly one reducer."
            report(.duplicateReducer, message)
            preconditionFailure(message)
        }
        route.setReducer(reducer)
    }

    private func route<Action: StoreAction>(for type: Action.Type) -> ActionRoute<State> {
        if let route = routes.value(for: type) { return route }
        let route = ActionRoute<State>(
            actionType: type,
            middleware: stack.filter { Self.sees($0, actionType: type) }
        )
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

    func dispatch<Action: StoreAction>(_ action: Action) {
        if isBusy {
            pending.append(.action(action))
            return
        }
        isBusy = true
        if !checkedMiddleware { checkMiddlewareStates() }
        viewModels.releaseViewModelsOfDeallocatedContexts()
        process(action)
        drain()
        isBusy = false
    }

    /// Continues a chain whose middleware called `next` after the dispatch had returned.
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
    }

    private func drain() {
        while let work = pending.popFirst() {
            switch work {
            case .action(let action):
                process(action)
            case .resume(let body):
                body(self)
            }
        }
    }

    private func process<Action: StoreAction>(_ action: Action) {
        let route = self.route(for: Action.self)
        if route.middleware.isEmpty {
            _ = reduce(action, route: route)
            return
        }
        var context: DispatchContext<State>
        if let spare = spareContext {
            spareContext = nil
            spare.reset(route: route)
            context = spare
        } else {
            context = DispatchContext(engine: self, route: route)
        }
        context.isOnStack = true
        run(level: 0, action: action, context: context)
        context.isOnStack = false
        if isKnownUniquelyReferenced(&context) {
            spareContext = context
        } else {
            // A middleware kept its dispatcher: it may call `next` later, once this call returned.
            context.detachedEngine = self
        }
    }

    /// Runs middleware `level` of the context's route, or the reducer after the last one.
    func run<Action: StoreAction>(level: Int, action: Action, context: DispatchContext<State>) {
        let middleware = context.route.middleware
        context.depth = level + 1
        guard level < middleware.count else {
            guard reduce(action, route: context.route) else { return }
            let completions = context.completions
            let state = self.state
            for completion in completions.reversed() { completion(state) }
            return
        }
        middleware[level].applyMiddleware(
            for: state,
            action: action,
            dispatcher: Dispatcher(action: action, context: context, level: level)
        )
    }

    /// Reduces `action` and tells the subscribers. Returns `false` when no reducer handles it.
    private func reduce<Action: StoreAction>(_ action: Action, route: ActionRoute<State>) -> Bool {
        guard let reduce = route.reduce else {
            report(
                .unhandledAction,
                "No reducer is registered for \(Action.self); the state did not change. "
                    + "Register one with store.register(reducer:)."
            )
            dropReleasedSubscribers()
            return false
        }
        let oldState = state
        let newState = withUnsafePointer(to: action) { reduce(oldState, UnsafeRawPointer($0)) }
        notify(newState, oldState)
        return true
    }

    // MARK: - Subscribers

    func add<Subscriber: StoreSubscriber>(subscriber: Subscriber) {
        let id = ObjectIdentifier(subscriber)
        if let existing = objectBoxes[id], existing.isActive { return }
        guard Subscriber.State.self == State.self else {
            report(
                .subscriberStateMismatch,
                "\(Subscriber.self) subscribes to \(Subscriber.State.self), but the store's state "
                    + "is \(State.self); it will not be told about changes."
            )
            return
        }
        let box = ObjectSubscriptionBox<State, Subscriber>(subscriber, addedAt: serial)
        objectBoxes[id] = box
        boxes.append(box)
    }

    func remove(subscriber: AnyObject) {
        guard let box = objectBoxes.removeValue(forKey: ObjectIdentifier(subscriber)) else { return }
        box.isActive = false
        scheduleCompaction()
    }

    func subscribe(_ onChange: @escaping @MainActor (State, State) -> Void) -> StoreSubscription {
        let subscription = StoreSubscription()
        boxes.append(ClosureSubscriptionBox(subscription, addedAt: serial, onChange: onChange))
        return subscription
    }

    func subscribe<Value: Equatable>(
        to keyPath: KeyPath<State, Value>,
        _ onChange: @escaping @MainActor (Value, Value) -> Void
    ) -> StoreSubscription {
        let subscription = StoreSubscription()
        let group: SelectionBox<State, Value>
        if let existing = selections[keyPath] as? SelectionBox<State, Value>, existing.isActive {
            group = existing
        } else {
            group = SelectionBox(keyPath: keyPath, addedAt: serial)
            selections[keyPath] = group
            boxes.append(group)
        }
        group.add(subscription, addedAt: serial, onChange: onChange)
        return subscription
    }

    var subscriberCount: Int {
        boxes.count { $0.isActive }
    }

    private func notify(_ newState: State, _ oldState: State) {
        serial &+= 1
        let serial = self.serial
        isNotifying = true
        let count = boxes.count
        if !objectBoxes.isEmpty {
            for index in 0..<count {
                let box = boxes[index]
                guard box.isActive, box.observesWillChange, box.addedAt < serial else { continue }
                if !box.willChange(newState, serial: serial) { markGone(box) }
            }
        }
        state = newState
        for index in 0..<count {
            let box = boxes[index]
            guard box.isActive, box.addedAt < serial else { continue }
            if !box.didChange(newState, oldState, serial: serial) { markGone(box) }
        }
        isNotifying = false
        if needsCompaction { compact() }
    }

    private func markGone(_ box: SubscriptionBox<State>) {
        box.isActive = false
        needsCompaction = true
    }

    private func scheduleCompaction() {
        needsCompaction = true
        if !isNotifying { compact() }
    }

    /// Lets go of subscribers that nothing else holds, for dispatches that notify nobody.
    private func dropReleasedSubscribers() {
        for box in boxes where box.isActive && box.isReleased() { markGone(box) }
        if needsCompaction { compact() }
    }

    private func compact() {
        needsCompaction = false
        boxes.removeAll { box in
            guard !box.isActive else { return false }
            if let id = box.objectID, objectBoxes[id] === box { objectBoxes[id] = nil }
            if let keyPath = box.selectedKeyPath, selections[keyPath] === box {
                selections[keyPath] = nil
            }
            return true
        }
    }

    // MARK: - Diagnostics

    func report(_ kind: StoreDiagnostic.Kind, _ message: String) {
        diagnosticsHandler(StoreDiagnostic(kind: kind, message: message))
    }
}
