// Package-only doors into a store: general operations that the store features of the other
// modules of this package build on. They name no feature.

extension Store {
    /// The state `actions` make of `initial` through this store's reducers alone: no
    /// middleware runs and no subscriber is told. For a feature that recomputes a session.
    package func reduced(_ actions: [any StoreAction], from initial: State) -> State {
        engine.reduced(actions, from: initial)
    }

    /// The state `steps` make of `initial` through this store's reducers alone, each action's
    /// reducer given the draws it made when it was first reduced: the replay of a session kept
    /// with ``drawsOfCurrentChange``.
    package func reduced(
        _ steps: [(action: any StoreAction, draws: [DependencyDraw])], from initial: State
    ) -> State {
        engine.reduced(steps, from: initial)
    }

    /// Whether the store keeps what its reducers draw, for ``drawsOfCurrentChange``.
    package var recordsDraws: Bool { engine.reduceScope.recordsDraws }

    /// Keeps what the store's reducers draw, for ``drawsOfCurrentChange``, until the returned
    /// subscription is cancelled: a feature that replays actions (a history, a recorder) asks
    /// when it attaches, and cancels when it leaves. While nothing asks, draws are not kept.
    package func recordDraws() -> StoreSubscription {
        let scope = engine.reduceScope
        scope.recorders += 1
        let subscription = StoreSubscription()
        subscription.onCancel = { [weak scope] in scope?.recorders -= 1 }
        return subscription
    }

    /// What the reducer of the change being told to the observers drew, in order, while
    /// ``recordsDraws``: read it in a subscription before the subscribers, whose change it is.
    package var drawsOfCurrentChange: [DependencyDraw] { engine.reduceScope.draws }

    /// What each action of the change of many actions being told to the observers drew
    /// (`StateChangeCause.actions`): set by the feature that makes the change, in the closure
    /// that makes it, and emptied once the observers were told.
    package var drawsOfCurrentSteps: [[DependencyDraw]] {
        get { engine.reduceScope.stepDraws }
        set { engine.reduceScope.stepDraws = newValue }
    }

    /// Removes `subscriber` if it is subscribed, whatever its state type, and reports nothing:
    /// for package features that let go of view models the store made, some of which it could
    /// not subscribe (their state was reported when they were made).
    package func remove(ifSubscribed subscriber: any StoreSubscriber) {
        engine.subscribers.remove(subscriber)
    }

    /// Makes `newState` the store's state as one change: its observers and subscribers are told
    /// once, with `cause`. After the current work when the store is busy, and still
    /// `newState`, fixed at the call: a feature whose new state depends on the current one
    /// uses ``changeState(cause:_:)`` instead.
    package func replaceState(with newState: State, cause: StateChangeCause) {
        engine.changeState(cause: cause) { newState }
    }

    /// Makes the state what `change` returns, as one change with `cause` (`nil`: no change).
    /// `change` runs now when the store is idle; when it is busy (a subscriber, a middleware or
    /// a completion asks), after the current work, in turn with the actions dispatched
    /// meanwhile, so that what it reads, a feature's own record of the session say, is up to
    /// date when it runs.
    package func changeState(cause: StateChangeCause, _ change: @escaping @MainActor () -> State?) {
        engine.changeState(cause: cause, change)
    }

    /// Whether the store is applying an action or a change right now: a change asked for then
    /// comes after the current work.
    package var isBusy: Bool { engine.queue.isBusy }

    /// Sets the state and tells the subscribers, but not the observers: how time travel worked
    /// before every change passed the features' channel. Only for the model check that shows
    /// it catches a change that bypasses the channel (`FeaturesModelCheckTests`). After the
    /// current work when the store is busy, as ``replaceState(with:cause:)``.
    package func replaceStateBypassingObservers(with newState: State) {
        engine.replaceStateBypassingObservers(with: newState)
    }
}

extension Store {
    /// Registers `reducer` at `keyPath`, with a check that runs before it on the same part and
    /// action: a diagnostic it returns reaches ``diagnosticsHandler``, and the state stays as
    /// it was (subscribers are told, as after any reduce).
    ///
    /// The reducer and the check stay pure functions without a dispatcher; the store, which
    /// owns the diagnostics hook, reports what the check returns. For a part whose impossible
    /// requests must be reported but not crash.
    @inlinable
    package func register<R: Reducer>(
        reducer: R.Type,
        at keyPath: WritableKeyPath<State, R.State>,
        diagnose: @escaping @Sendable (R.State, R.Action) -> StoreDiagnostic?
    ) {
        engine.register(reducer: reducer, at: keyPath, diagnose: diagnose)
    }

    /// The object of type `T` this store keeps, made by `make` at the first call; it lives as
    /// long as the store. For package features that hang their machinery on a store.
    package func attachment<T: AnyObject>(_ type: T.Type, orMake make: () -> T) -> T {
        let id = ObjectIdentifier(type)
        if let kept = attachments[id] {
            // Stored under its own type's identifier just below.
            return uncheckedDowncast(kept, to: T.self)
        }
        let made = make()
        attachments[id] = made
        return made
    }

    /// The object of type `T` this store keeps, or `nil` when none was made.
    package func attachment<T: AnyObject>(_ type: T.Type) -> T? {
        attachments[ObjectIdentifier(type)].map { uncheckedDowncast($0, to: T.self) }
    }
}

extension Store {
    /// Registers `Action` for the place of the part at `keyPath` that the action's `id` names
    /// (an entry of a navigation, say), as the `forEach` and `ifLet` registrations do for rows
    /// and optional parts: `reduce` changes the part (`false` when the action's place is not
    /// there: nothing changed, and `missing` is reported); without it, the action only starts
    /// work, and `isAddressed` checks its place. Tasks that middleware start while handling the
    /// action end with the place that `place` names.
    @inlinable
    package func register<Action: StoreAction, Part, ID>(
        addressed reducer: (any Reducer.Type)?,
        for actionType: Action.Type,
        at keyPath: WritableKeyPath<State, Part>,
        id: KeyPath<Action, ID>,
        reduce: (@MainActor (inout Part, Action, ID) -> Bool)?,
        isAddressed: @escaping @MainActor (Part, ID) -> Bool,
        missing: @escaping @MainActor (Action) -> StoreDiagnostic,
        place: @escaping @MainActor (ID) -> StatePlace<State>
    ) {
        engine.registerAddressed(
            reducer, for: actionType, at: keyPath, id: id, reduce: reduce, isAddressed: isAddressed,
            missing: missing, place: place)
    }
}

extension Store {
    /// Hands `journal` every action the store reduces from now on, before the subscribers are
    /// told of the change, until the returned subscription is cancelled. For a feature of the
    /// package (an `ActionHistory`), which holds the subscription in its ``StoreAttachment`` and
    /// cancels it when it leaves.
    package func keepActions(in journal: ActionJournal<State>) -> StoreSubscription {
        engine.observers.add(journal: journal)
    }
}
