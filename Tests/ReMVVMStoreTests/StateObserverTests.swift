import ReMVVMStore
import Testing

// Tests Sources/Store/Features/: the one place every change passes (observers), and features
// that attach when a store is made.

private struct Tally: StoreState, Equatable {
    var count = 0
    var label = ""
}

private struct Add: StoreAction {
    let amount: Int
}

private struct Relabel: StoreAction {
    let label: String
}

private enum AddReducer: Reducer {
    static func reduce(state: Tally, with action: Add) -> Tally {
        var state = state
        state.count += action.amount
        return state
    }
}

private enum RelabelReducer: Reducer {
    static func reduce(state: Tally, with action: Relabel) -> Tally {
        var state = state
        state.label = action.label
        return state
    }
}

@MainActor
private final class Events {
    var lines: [String] = []
}

/// Records each state it is told about, as a subscriber.
@MainActor
private final class Recorder: StoreSubscriber {
    let events: Events

    init(_ events: Events) { self.events = events }

    func didChange(state: Tally, oldState: Tally) {
        events.lines.append("subscriber \(oldState.count) -> \(state.count)")
    }
}

/// A feature that counts changes and sees `Relabel` as a middleware, to upper-case it.
@MainActor
private final class Shouting: StoreFeature {
    var changes = 0
    var attachedTo: ObjectIdentifier?

    func handlesActions(of type: any StoreAction.Type) -> Bool { type == Relabel.self }

    func attach<State: StoreState>(to store: Store<State>) {
        attachedTo = ObjectIdentifier(store)
        store.observeChanges(StateObserver { [unowned self] _, _ in changes += 1 })
    }

    func applyMiddleware<Action: StoreAction, State: StoreState>(
        for state: State, action: Action, dispatcher: Dispatcher<Action, State>
    ) {
        guard let relabel = action as? Relabel,
            let loud = Relabel(label: relabel.label.uppercased()) as? Action
        else { return dispatcher.next() }
        dispatcher.next(action: loud)
    }
}

@MainActor
private func makeStore(middleware: [any AnyMiddleware] = []) -> Store<Tally> {
    let store = Store(with: Tally(), middleware: middleware)
    store.register(reducer: AddReducer.self)
    store.register(reducer: RelabelReducer.self)
    return store
}

@MainActor
@Suite("State observers and store features")
struct StateObserverTests {
    @Test("an observer is told of each reduced action with its cause, before or after the subscribers")
    func timingAndCause() {
        let store = makeStore()
        let events = Events()
        let recorder = Recorder(events)
        store.add(subscriber: recorder)
        store.observeChanges(
            StateObserver(.afterSubscribers) { state, oldState, cause in
                guard case .action(let action) = cause else { return events.lines.append("after: no action") }
                events.lines.append("after \(oldState.count) -> \(state.count) by \(type(of: action))")
            })
        store.observeChanges(
            StateObserver(.beforeSubscribers) { state, _ in events.lines.append("before \(state.count)") })
        store.dispatch(action: Add(amount: 2))
        #expect(events.lines == ["before 2", "subscriber 0 -> 2", "after 0 -> 2 by Add"])
    }

    @Test("a change without an action through the middleware reaches the observers once, with its cause")
    func travelAndReplay() {
        let store = makeStore()
        var causes: [String] = []
        store.observeChanges(
            StateObserver { state, _, cause in
                switch cause {
                case .action: causes.append("action \(state.count)")
                case .actions(let actions): causes.append("\(actions.count) actions \(state.count)")
                case .travel: causes.append("travel \(state.count)")
                }
            })
        store.dispatch(action: Add(amount: 1))
        store.replaceState(with: Tally(count: 7), cause: .travel)
        let replayed: [any StoreAction] = [Add(amount: 1), Add(amount: 2)]
        store.replaceState(with: store.reduced(replayed, from: store.state), cause: .actions(replayed))
        #expect(causes == ["action 1", "travel 7", "2 actions 10"])
    }

    @Test("a part observer is called only when its part changed, with the value before")
    func partObserver() {
        let store = makeStore()
        var labels: [String] = []
        store.observeChanges(
            StateObserver(part: \Tally.label) { label, old in labels.append("\(old)->\(label)") })
        store.dispatch(action: Add(amount: 1))
        store.dispatch(action: Relabel(label: "a"))
        store.dispatch(action: Relabel(label: "a"))
        store.dispatch(action: Relabel(label: "b"))
        #expect(labels == ["->a", "a->b"])
    }

    @Test("a cancelled observer is not called again, even later in the change that cancels it")
    func cancel() {
        let store = makeStore()
        var calls: [String] = []
        var second: StoreSubscription?
        let first = store.observeChanges(
            StateObserver { state, _ in
                calls.append("first \(state.count)")
                if state.count == 2 { second?.cancel() }
            })
        second = store.observeChanges(StateObserver { state, _ in calls.append("second \(state.count)") })
        store.dispatch(action: Add(amount: 1))
        store.dispatch(action: Add(amount: 1))
        first.cancel()
        store.dispatch(action: Add(amount: 1))
        #expect(calls == ["first 1", "second 1", "first 2"])
    }

    @Test("an observer added during a change is told from the next change on")
    func addedDuringAChange() {
        let store = makeStore()
        var calls: [Int] = []
        var added = false
        // Weakly: the store keeps its observers, so a strong capture would keep the store.
        store.observeChanges(
            StateObserver { [weak store] _, _ in
                guard !added else { return }
                added = true
                store?.observeChanges(StateObserver { state, _ in calls.append(state.count) })
            })
        store.dispatch(action: Add(amount: 1))
        store.dispatch(action: Add(amount: 1))
        #expect(calls == [2])
    }

    @Test("a feature in the middleware attaches to the store, and sees only the action types it asks for")
    func feature() {
        let feature = Shouting()
        let store = makeStore(middleware: [feature])
        #expect(feature.attachedTo == ObjectIdentifier(store))
        store.dispatch(action: Relabel(label: "quiet"))
        store.dispatch(action: Add(amount: 3))
        #expect(store.state == Tally(count: 3, label: "QUIET"))
        #expect(feature.changes == 2)
    }

    @Test("a feature attached to a store of another state is refused, and the store says so")
    func otherState() {
        struct Other: StoreState {}
        let feature = Shouting()
        var kinds: [StoreDiagnostic.Kind] = []
        let store = Store(with: Other())
        store.diagnosticsHandler = { kinds.append($0.kind) }
        #expect(feature.matchingStore(store, of: Tally.self) == nil)
        #expect(kinds == [.middlewareStateMismatch])
        #expect(feature.matchingStore(makeStore(), of: Tally.self) != nil)
    }
}
