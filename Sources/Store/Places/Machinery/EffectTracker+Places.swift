// The tasks that end with their place: a middleware that starts a task while handling an action
// addressed to a place (a row, an optional part, a navigation entry) starts it for that place,
// and a change that leaves the place out of the state cancels it.
//
// The store pays per change only while such a task runs, through an observer that is there only
// then. Places are grouped by their container: a navigation names the entries a change removed
// (the end of the old entries after what both versions share), so a pop looks up only those
// and cancels their tasks, whatever the other entries run; a list or an optional part checks
// each of its places that has a task, O(1) each.

/// The places of one container (a list, an optional part, a navigation) that have tasks.
struct PlacesOfContainer<State> {
    /// Read from the container's first place: every place of a container says the same.
    let removedIDs: (@MainActor (State, State, Bool) -> [AnyHashable])?
    var places: [AnyHashable?: (place: StatePlace<State>, tasks: [RunningTask])] = [:]
}

extension EffectTracker {
    /// Counts `task`, started for `place`: cancelled at once when the place is already gone.
    func taskStarted(_ task: RunningTask, for place: StatePlace<State>, in state: State) {
        task.tracker = ObjectIdentifier(self)
        taskStarted(task)
        guard place.isPresent(state) else {
            task.cancelAsPlaceWent()
            return
        }
        let key = place.key
        places[key.path, default: PlacesOfContainer(removedIDs: place.removedIDs)]
            .places[key.id, default: (place, [])].tasks.append(task)
        if placeWatch == nil, let engine = link.engine {
            placeWatch = engine.observers.add(
                { [weak self] state, oldState, cause in
                    let recomputed: Bool
                    switch cause {
                    case .action: recomputed = false
                    case .actions, .travel: recomputed = true
                    }
                    self?.placesChanged(to: state, from: oldState, recomputed: recomputed)
                }, readsCause: true, timing: .beforeSubscribers,
                gate: SubscriptionGate(endsWhenReleased: false),
                checksGate: false)
        }
    }

    /// Cancels the tasks of the places that `state` leaves out.
    private func placesChanged(to state: State, from oldState: State, recomputed: Bool) {
        // What went, found first: removing it while a container is read would copy the
        // container's places (an allocation and a walk over all of them).
        var gone: [(path: AnyKeyPath, id: AnyHashable?)] = []
        for (path, container) in places {
            if let removedIDs = container.removedIDs {
                for id in removedIDs(state, oldState, recomputed) where container.places[id] != nil {
                    gone.append((path, id))
                }
            } else {
                for (id, entry) in container.places where !entry.place.isPresent(state) {
                    gone.append((path, id))
                }
            }
        }
        for (path, id) in gone {
            guard let entry = places[path]?.places.removeValue(forKey: id) else { continue }
            for task in entry.tasks { task.cancelAsPlaceWent() }
            if places[path]?.places.isEmpty == true { places[path] = nil }
        }
        if places.isEmpty { stopWatchingPlaces() }
    }

    /// Stops counting `task` for its place.
    func placedTaskEnded(_ task: RunningTask, in key: PlaceKey) {
        guard var entry = places[key.path]?.places[key.id] else { return }
        entry.tasks.removeAll { $0 === task }
        places[key.path]?.places[key.id] = entry.tasks.isEmpty ? nil : entry
        if places[key.path]?.places.isEmpty == true { places[key.path] = nil }
        if places.isEmpty { stopWatchingPlaces() }
    }

    private func stopWatchingPlaces() {
        placeWatch?.cancel()
        placeWatch = nil
    }
}

/// Where a task that a dispatcher starts belongs.
enum TaskPlacement<State> {
    /// To no place.
    case none
    /// To a place of the state.
    case place(StatePlace<State>)
    /// To a place that is gone: the work of a task of that place started it after the place
    /// went. It is cancelled at once.
    case gone(PlaceKey, name: (@MainActor () -> String)?)
}

extension DispatchEngine {
    /// Where a task that `level`'s dispatcher starts now belongs: the place of the action its
    /// middleware handles while the middleware runs or holds it; once the middleware returned,
    /// from the work of a task of a place of this store, that place.
    func placement<Action: StoreAction>(of level: DispatchLevel, _: Action.Type) -> TaskPlacement<State> {
        if let place = place(of: level, Action.self) { return .place(place) }
        // `actionAddress` is set for the whole call of the level's middleware, `next` or not.
        guard level.actionAddress == nil, RunningTask.runningCount > 0, let current = RunningTask.current,
            let key = current.place, let effects, current.tracker == ObjectIdentifier(effects)
        else { return .none }
        if !current.placeWent, let place = effects.places[key.path]?.places[key.id]?.place {
            return .place(place)
        }
        return .gone(key, name: current.placeName)
    }

    /// The place the action of `level`'s middleware is addressed to, while the middleware runs
    /// or holds the action; `nil` for an action of no place.
    func place<Action: StoreAction>(of level: DispatchLevel, _: Action.Type) -> StatePlace<State>? {
        // The level's route, read while the engine lives (assumption 3 in Unchecked.swift).
        let route = uncheckedDowncast(level.route.object, to: ActionRoute<State>.self)
        guard let place = route.place else { return nil }
        if let address = level.actionAddress {
            // The level runs: its action is at the address (assumption 1).
            return place(address.assuming(Action.self).value)
        }
        if let saved = level.savedAction {
            // Stored with its own type (assumption 5).
            return place(uncheckedDowncast(saved, to: ActionBox<Action>.self).action)
        }
        return nil
    }

    /// Reports `action`, dropped because the task that dispatched it was cancelled when its place
    /// left the state. Out of line: a dispatch reaches it only when it drops an action.
    @inline(never)
    @usableFromInline
    func reportDroppedFromGonePlace(_ action: any StoreAction) {
        guard let place = RunningTask.goneCurrentPlace else { return }
        report(
            .actionFromGonePlace,
            "\(ValueText.action(action)) was dropped: the task that dispatched it was started for "
                + "\(place), which left the state, and the store cancelled it then."
        )
    }
}
