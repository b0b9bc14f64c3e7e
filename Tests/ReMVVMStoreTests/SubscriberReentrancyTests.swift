import ReMVVMStore
import Testing

private typealias State = StoreFixture.State
private typealias Add = StoreFixture.Add

/// A subscriber that uses the default (empty) willChange.
@MainActor
private final class DefaultWillChangeChild: StoreSubscriber {
    var didChanges = 0
    func didChange(state: State, oldState: State) { didChanges += 1 }
}

/// A subscriber with its own willChange that also forwards to a child subscriber.
@MainActor
private final class ForwardingParent: StoreSubscriber {
    let child = DefaultWillChangeChild()
    var willChanges: [Int] = []
    func willChange(state: State) {
        willChanges.append(state.count)
        child.willChange(state: state)  // forwards to a child that uses the default
    }
    func didChange(state: State, oldState: State) { child.didChange(state: state, oldState: oldState) }
}

/// A subscriber whose willChange dispatches to another, idle store.
@MainActor
private final class CrossStoreSubscriber: StoreSubscriber {
    let other: Store<State>
    var willChanges: [Int] = []
    init(other: Store<State>) { self.other = other }
    func willChange(state: State) {
        willChanges.append(state.count)
        other.dispatch(action: Add(amount: 1))
    }
    func didChange(state: State, oldState: State) {}
}

/// A subscriber that, when deallocated, removes another subscriber from the store.
@MainActor
private final class RemovesOtherOnDeinit: StoreSubscriber {
    let store: Store<State>
    let other: DefaultWillChangeChild
    init(store: Store<State>, other: DefaultWillChangeChild) {
        self.store = store
        self.other = other
    }
    func didChange(state: State, oldState: State) {}
    isolated deinit {
        store.remove(subscriber: other)
    }
}

@MainActor
private final class SubscribesOnDeinit: StoreSubscriber {
    let store: Store<State>
    let box: Box
    final class Box { var subs: [StoreSubscription] = [] }
    init(store: Store<State>, box: Box) {
        self.store = store
        self.box = box
    }
    func didChange(state: State, oldState: State) {}
    isolated deinit {
        for _ in 0..<8 { box.subs.append(store.subscribe(to: { $0 }) { _, _ in }) }
    }
}

/// Holds a ``SelfClosingSubscriber``, as a screen's parent holds the screen.
@MainActor
private final class ClosingParent {
    var child: SelfClosingSubscriber?
}

/// In `didChange`, removes itself from the store and has its parent let go of it (a screen that
/// closes itself), then goes on using itself: the store must keep it until the call returned.
@MainActor
private final class SelfClosingSubscriber: StoreSubscriber {
    let store: Store<State>
    unowned let parent: ClosingParent
    let deinits: DeinitCounter
    var seen: [Int] = []
    var deinitsSeenAtTheEndOfTheCall: Int?

    init(store: Store<State>, parent: ClosingParent, deinits: DeinitCounter) {
        self.store = store
        self.parent = parent
        self.deinits = deinits
    }

    func didChange(state: State, oldState: State) {
        store.remove(subscriber: self)
        parent.child = nil  // the last holder but the store's entry
        seen.append(state.count)
        deinitsSeenAtTheEndOfTheCall = deinits.count
    }

    isolated deinit { deinits.count += 1 }
}

@MainActor
private final class DeinitCounter {
    var count = 0
}

@MainActor
@Suite struct SubscriberReentrancyTests {
    @Test("a custom willChange that forwards to a default willChange keeps being called")
    func forwardingWillChange() {
        let store = StoreFixture.makeStore()
        let parent = ForwardingParent()
        store.add(subscriber: parent)
        store.dispatch(action: Add(amount: 1))
        store.dispatch(action: Add(amount: 1))
        store.dispatch(action: Add(amount: 1))
        #expect(parent.willChanges == [1, 2, 3])
    }

    @Test("a willChange that dispatches on another store keeps being called")
    func crossStoreWillChange() {
        let storeB = StoreFixture.makeStore()
        let bSubscriber = DefaultWillChangeChild()
        storeB.add(subscriber: bSubscriber)
        let storeA = StoreFixture.makeStore()
        let aSubscriber = CrossStoreSubscriber(other: storeB)
        storeA.add(subscriber: aSubscriber)
        storeA.dispatch(action: Add(amount: 1))
        storeA.dispatch(action: Add(amount: 1))
        storeA.dispatch(action: Add(amount: 1))
        #expect(aSubscriber.willChanges == [1, 2, 3])
        #expect(bSubscriber.didChanges == 3)
    }

    @Test("a subscriber's deinit that removes another subscriber during compaction")
    func deinitRemovesOther() {
        let store = StoreFixture.makeStore()
        var fillers: [DefaultWillChangeChild] = []
        for _ in 0..<6 {
            let f = DefaultWillChangeChild()
            fillers.append(f)
            store.add(subscriber: f)
        }
        let other = DefaultWillChangeChild()
        var remover: RemovesOtherOnDeinit? = RemovesOtherOnDeinit(store: store, other: other)
        store.add(subscriber: remover!)
        store.add(subscriber: other)
        for _ in 0..<6 {
            let f = DefaultWillChangeChild()
            fillers.append(f)
            store.add(subscriber: f)
        }
        remover = nil  // the store holds the last reference now
        store.dispatch(action: Add(amount: 1))  // marks it gone, compacts, runs its deinit
        store.dispatch(action: Add(amount: 1))
        #expect(other.didChanges == 1)
        #expect(fillers.allSatisfy { $0.didChanges == 2 })
        #expect(store.subscriberCount == 12)
    }

    @Test("a subscriber's deinit that subscribes during compaction")
    func deinitSubscribes() {
        let store = StoreFixture.makeStore()
        var fillers: [DefaultWillChangeChild] = []
        let box = SubscribesOnDeinit.Box()
        var sub: SubscribesOnDeinit? = SubscribesOnDeinit(store: store, box: box)
        store.add(subscriber: sub!)
        for _ in 0..<6 {
            let f = DefaultWillChangeChild()
            fillers.append(f)
            store.add(subscriber: f)
        }
        sub = nil
        store.dispatch(action: Add(amount: 1))
        store.dispatch(action: Add(amount: 1))
        #expect(fillers.allSatisfy { $0.didChanges == 2 })
        #expect(store.subscriberCount == 6 + 8)
    }

    @Test("a subscriber that removes itself and is let go during its own call lives until the call returned")
    func selfClosingSubscriber() {
        let store = StoreFixture.makeStore()
        let parent = ClosingParent()
        let deinits = DeinitCounter()
        weak var closed: SelfClosingSubscriber?
        do {
            let child = SelfClosingSubscriber(store: store, parent: parent, deinits: deinits)
            closed = child
            parent.child = child
            store.add(subscriber: child)
        }
        var seenInItsCall: Int?
        let after = store.subscribe(to: \.self) { _, _ in seenInItsCall = closed?.deinitsSeenAtTheEndOfTheCall
        }
        store.dispatch(action: Add(amount: 1))
        #expect(seenInItsCall == 0, "freed during its own call")
        #expect(deinits.count == 1, "let go once the notification ended")
        #expect(closed == nil)
        #expect(store.subscriberCount == 1)
        store.dispatch(action: Add(amount: 1))
        #expect(store.state.count == 2)
        withExtendedLifetime(after) {}
    }

    @Test("a subscriber removed and let go by a key-path closure called after it goes at once")
    func removedByASelectionAfterItsCall() {
        let store = StoreFixture.makeStore()
        var removed: DefaultWillChangeChild? = DefaultWillChangeChild()
        weak let gone = removed
        store.add(subscriber: removed!)
        var goneAtOnce: Bool?
        let selection = store.subscribe(to: \.count) { [unowned store] _, _ in
            guard goneAtOnce == nil, removed != nil else { return }
            store.remove(subscriber: removed!)
            removed = nil
            goneAtOnce = gone == nil
        }
        store.dispatch(action: Add(amount: 1))
        #expect(goneAtOnce == true)
        #expect(gone == nil)
        selection.cancel()
    }

    @Test("a state replaced during a notification is one change after it, told to a subscriber added in it")
    func replacedDuringNotification() {
        let store = StoreFixture.makeStore()
        let early = RecordingSubscriber()
        let late = RecordingSubscriber()
        var replaced = false
        early.onChange = { [unowned store] state in
            guard !replaced else { return }
            replaced = true
            store.add(subscriber: late)
            var changed = state
            changed.count = 100
            store.replaceStateBypassingObservers(with: changed)
            #expect(store.state.count == 1, "replaced inside the notification")
        }
        store.add(subscriber: early)
        store.dispatch(action: Add(amount: 1))
        #expect(early.counts == [1, 100])
        #expect(early.changes.map(\.oldState.count) == [0, 1])
        #expect(late.counts == [100], "added during the first change, told about the second")
        #expect(store.state.count == 100)
    }
}
