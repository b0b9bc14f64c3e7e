import ReMVVMStore
import Testing

// Tests Sources/Store/Subscriptions/Store+Subscribing.swift with its timings and causes, and
// Sources/Store/Features/: the one place every change passes, and features that attach when a
// store is made.

private struct Tally: StoreState, Equatable {
    var count = 0
    var label = ""
}

/// A state that is not `Equatable`, as the seed's `AppState`.
private struct Loose: StoreState {
    /// A part that is not `Equatable` either.
    struct Tag { var name = "" }
    var count = 0
    var tag = Tag()
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

private enum LooseAddReducer: Reducer {
    static func reduce(state: Loose, with action: Add) -> Loose {
        var state = state
        state.count += action.amount
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

/// A feature that counts changes, holding its subscription, and sees `Relabel` as a
/// middleware, to upper-case it.
@MainActor
private final class Shouting: StoreFeature {
    var changes = 0
    var attachedTo: ObjectIdentifier?
    private var subscription: StoreSubscription?

    func handlesActions(of type: any StoreAction.Type) -> Bool { type == Relabel.self }

    func attach<State: StoreState>(to store: Store<State>) {
        attachedTo = ObjectIdentifier(store)
        subscription = store.subscribe(to: \.self, timing: .afterSubscribers) { [unowned self] _, _ in
            changes += 1
        }
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

/// A feature that subscribes and lets go of its subscription: it stops at once.
@MainActor
private final class Forgetful: StoreFeature {
    let timing: SubscriptionTiming
    var changes = 0

    init(timing: SubscriptionTiming) { self.timing = timing }

    func attach<State: StoreState>(to store: Store<State>) {
        _ = store.subscribe(to: \.self, timing: timing) { [unowned self] _, _, _ in changes += 1 }
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
private func makeLooseStore() -> Store<Loose> {
    let store = Store(with: Loose())
    store.register(reducer: LooseAddReducer.self)
    return store
}

private let allTimings: [SubscriptionTiming] = [.beforeSubscribers, .withSubscribers, .afterSubscribers]

/// The four forms of `subscribe(to:timing:_:)`, selecting `count`.
enum SubscriptionForm: CaseIterable, Sendable {
    case keyPath, keyPathWithCause, closure, closureWithCause
}

@MainActor
private func subscribe(
    _ store: Store<Tally>, _ form: SubscriptionForm, _ timing: SubscriptionTiming,
    _ onChange: @escaping @MainActor (Int) -> Void
) -> StoreSubscription {
    let count: @MainActor (Tally) -> Int = { $0.count }
    return switch form {
    case .keyPath: store.subscribe(to: \.count, timing: timing) { count, _ in onChange(count) }
    case .keyPathWithCause: store.subscribe(to: \.count, timing: timing) { count, _, _ in onChange(count) }
    case .closure: store.subscribe(to: count, timing: timing) { count, _ in onChange(count) }
    case .closureWithCause: store.subscribe(to: count, timing: timing) { count, _, _ in onChange(count) }
    }
}

@MainActor
@Suite("Subscriptions with a timing and a cause, and store features")
struct SubscriptionTimingTests {
    @Test(
        "each timing runs in its place relative to a plain subscriber, in every form",
        arguments: allTimings, SubscriptionForm.allCases)
    func timingOrder(timing: SubscriptionTiming, form: SubscriptionForm) {
        for subscribedFirst in [false, true] {
            let store = makeStore()
            let events = Events()
            let recorder = Recorder(events)
            var subscription: StoreSubscription?
            if subscribedFirst {
                subscription = subscribe(store, form, timing) { events.lines.append("closure \($0)") }
            }
            store.add(subscriber: recorder)
            if !subscribedFirst {
                subscription = subscribe(store, form, timing) { events.lines.append("closure \($0)") }
            }
            store.dispatch(action: Add(amount: 2))
            let closureFirst =
                switch timing {
                case .beforeSubscribers: true
                case .withSubscribers: subscribedFirst
                case .afterSubscribers: false
                }
            let expected =
                closureFirst ? ["closure 2", "subscriber 0 -> 2"] : ["subscriber 0 -> 2", "closure 2"]
            #expect(events.lines == expected, "subscribed first: \(subscribedFirst)")
            withExtendedLifetime(subscription) {}
        }
    }

    @Test("before, with and after the subscribers, together, in that order")
    func allTimingsTogether() {
        let store = makeStore()
        let events = Events()
        let after = store.subscribe(to: \.count, timing: .afterSubscribers) { count, _, cause in
            guard case .action(let action) = cause else { return events.lines.append("after: no action") }
            events.lines.append("after \(count) by \(type(of: action))")
        }
        let recorder = Recorder(events)
        store.add(subscriber: recorder)
        let with = store.subscribe(to: \.count) { count, old in events.lines.append("with \(old) -> \(count)")
        }
        let before = store.subscribe(to: \.self, timing: .beforeSubscribers) { state, _ in
            events.lines.append("before \(state.count)")
        }
        store.dispatch(action: Add(amount: 2))
        #expect(events.lines == ["before 2", "subscriber 0 -> 2", "with 0 -> 2", "after 2 by Add"])
        withExtendedLifetime((after, with, before)) {}
    }

    @Test("the cause form hears each change's cause, in every timing", arguments: allTimings)
    func causes(timing: SubscriptionTiming) {
        let store = makeStore()
        var causes: [String] = []
        let subscription = store.subscribe(to: \.count, timing: timing) { count, _, cause in
            switch cause {
            case .action: causes.append("action \(count)")
            case .actions(let actions): causes.append("\(actions.count) actions \(count)")
            case .travel: causes.append("travel \(count)")
            }
        }
        store.dispatch(action: Add(amount: 1))
        store.replaceState(with: Tally(count: 7), cause: .travel)
        let replayed: [any StoreAction] = [Add(amount: 1), Add(amount: 2)]
        store.replaceState(with: store.reduced(replayed, from: store.state), cause: .actions(replayed))
        store.dispatch(action: Relabel(label: "same count"))
        #expect(causes == ["action 1", "travel 7", "2 actions 10"])
        withExtendedLifetime(subscription) {}
    }

    @Test("an Equatable part is followed only when it changes, with the value before", arguments: allTimings)
    func partOnlyWhenChanged(timing: SubscriptionTiming) {
        let store = makeStore()
        var labels: [String] = []
        let subscription = store.subscribe(to: \.label, timing: timing) { label, old in
            labels.append("\(old)->\(label)")
        }
        store.dispatch(action: Add(amount: 1))
        store.dispatch(action: Relabel(label: "a"))
        store.dispatch(action: Relabel(label: "a"))
        store.dispatch(action: Relabel(label: "b"))
        #expect(labels == ["->a", "a->b"])
        withExtendedLifetime(subscription) {}
    }

    @Test(
        "subscribe(to: \\.self) follows a state that is not Equatable at every change", arguments: allTimings)
    func wholeLooseState(timing: SubscriptionTiming) {
        let store = makeLooseStore()
        var seen: [String] = []
        var whole: StoreSubscription? = store.subscribe(to: \.self, timing: timing) { state, old in
            seen.append("\(old.count)->\(state.count)")
        }
        var tags: [String] = []
        let tag: @MainActor (Loose) -> Loose.Tag = { $0.tag }
        let part = store.subscribe(to: tag, timing: timing) { tag, _, _ in tags.append(tag.name) }
        store.dispatch(action: Add(amount: 1))
        store.dispatch(action: Add(amount: 0))  // no difference: still told
        #expect(seen == ["0->1", "1->1"])
        #expect(tags == ["", ""])
        whole = nil
        store.dispatch(action: Add(amount: 1))
        #expect(seen == ["0->1", "1->1"])
        #expect(whole == nil)
        withExtendedLifetime(part) {}
    }

    @Test("values(of: \\.self) yields a state that is not Equatable at every change")
    func looseStateValues() async {
        let store = makeLooseStore()
        var iterator = store.values(of: \.self).makeAsyncIterator()
        #expect(await iterator.next(isolation: #isolation)?.count == 0)
        store.dispatch(action: Add(amount: 1))
        store.dispatch(action: Add(amount: 0))
        #expect(await iterator.next(isolation: #isolation)?.count == 1)
        #expect(await iterator.next(isolation: #isolation)?.count == 1)
        var newest = store.values(of: \.self, bufferingPolicy: .bufferingNewest(1)).makeAsyncIterator()
        #expect(await newest.next(isolation: #isolation)?.count == 1)
        store.dispatch(action: Add(amount: 1))
        store.dispatch(action: Add(amount: 1))
        #expect(await newest.next(isolation: #isolation)?.count == 3)
    }

    @Test(
        "a released subscription stops, in every timing and form", arguments: allTimings,
        SubscriptionForm.allCases)
    func releasedStops(timing: SubscriptionTiming, form: SubscriptionForm) {
        let store = makeStore()
        var heard: [Int] = []
        var subscription: StoreSubscription? = subscribe(store, form, timing) { heard.append($0) }
        store.dispatch(action: Add(amount: 1))
        subscription = nil
        store.dispatch(action: Add(amount: 1))
        store.dispatch(action: Add(amount: 1))
        #expect(heard == [1])
        // Never held: never told.
        _ = subscribe(store, form, timing) { heard.append(-$0) }
        store.dispatch(action: Add(amount: 1))
        #expect(heard == [1])
        #expect(subscription == nil)
    }

    @Test("a feature that lets go of its subscription stops, in every timing", arguments: allTimings)
    func releasedByFeature(timing: SubscriptionTiming) {
        let feature = Forgetful(timing: timing)
        let store = Store(with: Tally(), middleware: [feature])
        store.register(reducer: AddReducer.self)
        store.dispatch(action: Add(amount: 1))
        #expect(feature.changes == 0)
    }

    @Test("a released subscription lets go of what its closure captured", arguments: allTimings)
    func releasedLetsGo(timing: SubscriptionTiming) {
        final class Token {}
        let store = makeStore()
        weak var weakToken: Token?
        do {
            let token = Token()
            weakToken = token
            let subscription = store.subscribe(to: \.self, timing: timing) { _, _, _ in _ = token }
            store.dispatch(action: Add(amount: 1))
            withExtendedLifetime(subscription) {}
        }
        store.dispatch(action: Add(amount: 1))
        store.dispatch(action: Add(amount: 1))
        #expect(weakToken == nil)
    }

    @Test("a cancelled subscription is not called again, even later in the change that cancels it")
    func cancel() {
        let store = makeStore()
        var calls: [String] = []
        var second: StoreSubscription?
        let first = store.subscribe(to: \.self, timing: .afterSubscribers) { state, _ in
            calls.append("first \(state.count)")
            if state.count == 2 { second?.cancel() }
        }
        second = store.subscribe(to: \.self, timing: .afterSubscribers) { state, _ in
            calls.append("second \(state.count)")
        }
        store.dispatch(action: Add(amount: 1))
        store.dispatch(action: Add(amount: 1))
        first.cancel()
        store.dispatch(action: Add(amount: 1))
        #expect(calls == ["first 1", "second 1", "first 2"])
    }

    @Test("a subscription added during a change is told from the next change on", arguments: allTimings)
    func addedDuringAChange(timing: SubscriptionTiming) {
        let store = makeStore()
        var calls: [Int] = []
        var added: StoreSubscription?
        let adding = store.subscribe(to: \.self, timing: .afterSubscribers) { [weak store] _, _ in
            guard added == nil else { return }
            added = store?.subscribe(to: \.self, timing: timing) { state, _, _ in calls.append(state.count) }
        }
        store.dispatch(action: Add(amount: 1))
        store.dispatch(action: Add(amount: 1))
        #expect(calls == [2])
        withExtendedLifetime(adding) {}
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
