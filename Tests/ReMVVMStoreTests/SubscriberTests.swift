import ReMVVMStore
import Testing

private typealias State = StoreFixture.State
private typealias Add = StoreFixture.Add
private typealias Rename = StoreFixture.Rename

@MainActor
@Suite struct SubscriberTests {
    @Test("subscribers see every change once, in order, with the new and the old state")
    func everyChangeInOrder() {
        let store = StoreFixture.makeStore()
        let subscriber = RecordingSubscriber()
        store.add(subscriber: subscriber)
        for amount in 1...5 { store.dispatch(action: Add(amount: amount)) }
        #expect(subscriber.counts == [1, 3, 6, 10, 15])
        #expect(subscriber.changes.map(\.oldState.count) == [0, 1, 3, 6, 10])
    }

    @Test("willChange gets the new state while the store still holds the old one")
    func willChange() {
        let store = StoreFixture.makeStore()
        let subscriber = RecordingSubscriber()
        var storeCountDuringWillChange: [Int] = []
        let observer = WillChangeObserver { [unowned store] _ in
            storeCountDuringWillChange.append(store.state.count)
        }
        store.add(subscriber: subscriber)
        store.add(subscriber: observer)
        store.dispatch(action: Add(amount: 2))
        store.dispatch(action: Add(amount: 3))
        #expect(subscriber.willChanges.map(\.count) == [2, 5])
        #expect(storeCountDuringWillChange == [0, 2])
    }

    @Test("adding a subscriber twice tells it once per change")
    func addTwice() {
        let store = StoreFixture.makeStore()
        let subscriber = RecordingSubscriber()
        store.add(subscriber: subscriber)
        store.add(subscriber: subscriber)
        store.dispatch(action: Add())
        #expect(subscriber.changes.count == 1)
        #expect(store.subscriberCount == 1)
    }

    @Test("a subscriber added during a notification is not told about that change")
    func addedDuringNotification() {
        let store = StoreFixture.makeStore()
        let late = RecordingSubscriber()
        let early = RecordingSubscriber()
        early.onChange = { [unowned store] _ in store.add(subscriber: late) }
        store.add(subscriber: early)
        store.dispatch(action: Add())
        #expect(late.changes.isEmpty)
        store.dispatch(action: Add())
        #expect(late.counts == [2])
    }

    @Test("subscribers added during a notification count at once and are told from the next change")
    func manyAddedDuringNotification() {
        let store = StoreFixture.makeStore()
        let late = (0..<40).map { _ in RecordingSubscriber() }
        let early = RecordingSubscriber()
        var counted: [Int] = []
        early.onChange = { [unowned store] _ in
            guard counted.isEmpty else { return }
            for subscriber in late { store.add(subscriber: subscriber) }
            counted.append(store.subscriberCount)
        }
        store.add(subscriber: early)
        store.dispatch(action: Add())
        #expect(counted == [41])
        #expect(late.allSatisfy { $0.changes.isEmpty })
        store.remove(subscriber: late[0])
        store.dispatch(action: Add())
        #expect(late[0].changes.isEmpty)
        #expect(late.dropFirst().allSatisfy { $0.counts == [2] })
        #expect(early.counts == [1, 2])
        #expect(store.subscriberCount == 40)
    }

    @Test("a subscriber removed during a notification is not called after removal")
    func removedDuringNotification() {
        let store = StoreFixture.makeStore()
        let second = RecordingSubscriber()
        let first = RecordingSubscriber()
        first.onChange = { [unowned store] _ in store.remove(subscriber: second) }
        store.add(subscriber: first)
        store.add(subscriber: second)
        store.dispatch(action: Add())
        store.dispatch(action: Add())
        #expect(second.changes.isEmpty)
        #expect(first.counts == [1, 2])
        #expect(store.subscriberCount == 1)
    }

    @Test("a subscriber released during a notification is not called and is deallocated")
    func releasedDuringNotification() {
        let store = StoreFixture.makeStore()
        var second: RecordingSubscriber? = RecordingSubscriber()
        weak let weakSecond = second
        let first = RecordingSubscriber()
        first.onChange = { _ in second = nil }
        store.add(subscriber: first)
        store.add(subscriber: second!)
        store.dispatch(action: Add())
        #expect(weakSecond == nil, "released by the end of the dispatch that found it unused")
        #expect(store.subscriberCount == 1)
    }

    @Test("the store never keeps a subscriber alive")
    func notKeptAlive() {
        let store = StoreFixture.makeStore()
        var subscriber: RecordingSubscriber? = RecordingSubscriber()
        weak let weakSubscriber = subscriber
        store.add(subscriber: subscriber!)
        store.dispatch(action: Add())
        #expect(weakSubscriber?.changes.count == 1)
        subscriber = nil
        store.dispatch(action: Add())
        #expect(weakSubscriber == nil)
        #expect(store.subscriberCount == 0)
    }

    @Test("a released subscriber is let go even when the next dispatch notifies nobody")
    func releasedOnUnhandledDispatch() {
        let store = StoreFixture.makeStore(diagnostics: DiagnosticsRecorder())
        var subscriber: RecordingSubscriber? = RecordingSubscriber()
        weak let weakSubscriber = subscriber
        store.add(subscriber: subscriber!)
        subscriber = nil
        store.dispatch(action: StoreFixture.Unhandled())
        #expect(weakSubscriber == nil)
    }

    // MARK: - Closure subscriptions

    @Test("a closure subscription is called until it is cancelled")
    func closureCancelled() {
        let store = StoreFixture.makeStore()
        var seen: [Int] = []
        let subscription = store.subscribe(to: \.self) { state, _ in seen.append(state.count) }
        store.dispatch(action: Add())
        subscription.cancel()
        store.dispatch(action: Add())
        #expect(seen == [1])
        #expect(subscription.isCancelled)
    }

    @Test("a closure subscription stops when its token is released")
    func closureReleased() {
        let store = StoreFixture.makeStore()
        var seen: [Int] = []
        var subscription: StoreSubscription? = store.subscribe(to: \.self) { state, old in
            seen.append(state.count - old.count)
        }
        store.dispatch(action: Add(amount: 4))
        subscription = nil
        store.dispatch(action: Add())
        #expect(seen == [4])
        #expect(subscription == nil)
        #expect(store.subscriberCount == 0)
    }

    @Test("a closure cancelled by an earlier subscriber during a notification is not called")
    func closureCancelledDuringNotification() {
        let store = StoreFixture.makeStore()
        var seen: [Int] = []
        var subscription: StoreSubscription?
        let first = RecordingSubscriber()
        first.onChange = { state in if state.count == 2 { subscription?.cancel() } }
        store.add(subscriber: first)
        subscription = store.subscribe(to: \.self) { state, _ in seen.append(state.count) }
        store.dispatch(action: Add())
        store.dispatch(action: Add())
        store.dispatch(action: Add())
        #expect(seen == [1])
    }

    // MARK: - Selecting a part of the state

    @Test("a selection is told only when the selected value changes")
    func selection() {
        let store = StoreFixture.makeStore()
        var titles: [String] = []
        let subscription = store.subscribe(to: \.title) { title, old in titles.append("\(old)->\(title)") }
        store.dispatch(action: Add())
        store.dispatch(action: Rename(title: "a"))
        store.dispatch(action: Rename(title: "a"))
        store.dispatch(action: Add())
        store.dispatch(action: Rename(title: "b"))
        #expect(titles == ["->a", "a->b"])
        _ = subscription
    }

    @Test("selections of one key path share a group but keep their own lifetimes")
    func selectionGroup() {
        let store = StoreFixture.makeStore()
        var first: [String] = []
        var second: [String] = []
        let a = store.subscribe(to: \.title) { title, _ in first.append(title) }
        var b: StoreSubscription? = store.subscribe(to: \.title) { title, _ in second.append(title) }
        #expect(store.subscriberCount == 1, "one group for one key path")
        store.dispatch(action: Rename(title: "x"))
        b = nil
        store.dispatch(action: Rename(title: "y"))
        a.cancel()
        store.dispatch(action: Rename(title: "z"))
        #expect(first == ["x", "y"])
        #expect(second == ["x"])
        #expect(b == nil)
        #expect(store.subscriberCount == 0)
    }

    @Test("a selection added during a notification is not told about that change")
    func selectionAddedDuringNotification() {
        let store = StoreFixture.makeStore()
        var lateTitles: [String] = []
        var late: StoreSubscription?
        let existing = store.subscribe(to: \.title) { _, _ in }
        let first = RecordingSubscriber()
        first.onChange = { [unowned store] _ in
            if late == nil { late = store.subscribe(to: \.title) { title, _ in lateTitles.append(title) } }
        }
        store.add(subscriber: first)
        store.dispatch(action: Rename(title: "one"))
        store.dispatch(action: Rename(title: "two"))
        #expect(lateTitles == ["two"])
        _ = existing
    }

    // `remove(subscriber:)` requires `Subscriber.State == State`, so removing a subscriber of
    // another state whose type is known does not compile (a test cannot show that); what it
    // cannot check, a subscriber known only as `any StoreSubscriber`, is checked at run time:

    @Test("remove(anySubscriber:) removes a subscriber of the store's state known only at run time")
    func removeAnySubscriber() {
        let diagnostics = DiagnosticsRecorder()
        let store = StoreFixture.makeStore(diagnostics: diagnostics)
        let subscriber = RecordingSubscriber()
        store.add(subscriber: subscriber)
        store.dispatch(action: Add())
        let erased: any StoreSubscriber = subscriber
        store.remove(anySubscriber: erased)
        store.dispatch(action: Add())
        #expect(subscriber.counts == [1])
        #expect(store.subscriberCount == 0)
        #expect(diagnostics.kinds.isEmpty)
    }

    @Test("remove(anySubscriber:) of a subscriber of another state reports both state types")
    func removeSubscriberOfAnotherState() {
        let diagnostics = DiagnosticsRecorder()
        let store = StoreFixture.makeStore(diagnostics: diagnostics)
        let subscriber = RecordingSubscriber()
        store.add(subscriber: subscriber)
        let stranger: any StoreSubscriber = OtherStateSubscriber()
        store.remove(anySubscriber: stranger)
        store.dispatch(action: Add())
        #expect(subscriber.counts == [1])
        #expect(diagnostics.kinds == [.subscriberStateMismatch])
        #expect(
            diagnostics.received.first?.message
                == "remove(anySubscriber:) got OtherStateSubscriber, which subscribes to OtherState, "
                + "but the store's state is StoreFixture.State; "
                + "it was never subscribed to this store, so nothing was removed."
        )
    }
}

private struct OtherState: StoreState {}

/// A subscriber of a state that no store in these tests holds.
@MainActor
private final class OtherStateSubscriber: StoreSubscriber {
    func didChange(state: OtherState, oldState: OtherState) {}
}

/// A subscriber that implements only `willChange` besides the required `didChange`.
@MainActor
private final class WillChangeObserver: StoreSubscriber {
    let onWillChange: (State) -> Void
    init(_ onWillChange: @escaping (State) -> Void) { self.onWillChange = onWillChange }
    func willChange(state: State) { onWillChange(state) }
    func didChange(state: State, oldState: State) {}
}
