import ReMVVMStore
import Testing

// Subscriptions added or cancelled around a change (issue 39, defects 2 and 5): one added while a
// change is told, whatever its timing, hears only the changes after it, with their own causes,
// and a cancelled closure lets go of what it captured at once.

typealias LateObserverState = StoreFixture.State

/// What an observer heard: the count after each change and the change's cause.
private func describe(_ state: LateObserverState, _ cause: StateChangeCause) -> String {
    switch cause {
    case .action(let action): "\(state.count) action(\((action as? StoreFixture.Add)?.amount ?? -1))"
    case .actions(let actions): "\(state.count) actions(\(actions.count))"
    case .travel: "\(state.count) travel"
    }
}

@MainActor
@Suite("Observers added while a change is told, and cancelled subscriptions")
struct LateObserverTests {
    enum Adder: String, CaseIterable {
        case subscriber, subscriberWillChange, observerBefore, observerAfter
    }

    /// Tells `onChange` of every change from each place where code runs during a change.
    final class Probe: StoreSubscriber {
        let onChange: @MainActor () -> Void
        let inWillChange: Bool
        init(inWillChange: Bool, _ onChange: @escaping @MainActor () -> Void) {
            self.onChange = onChange
            self.inWillChange = inWillChange
        }
        func willChange(state: LateObserverState) { if inWillChange { onChange() } }
        func didChange(state: LateObserverState, oldState: LateObserverState) {
            if !inWillChange { onChange() }
        }
    }

    @Test(
        "an observer added during a change hears only the later changes, with their causes",
        arguments: Adder.allCases, [false, true])
    func lateObserverHearsLaterChanges(adder: Adder, othersReadCauses: Bool) {
        let store = StoreFixture.makeStore()
        // The subscriptions there before: read the causes or not (the cause is then never made).
        let existing =
            othersReadCauses
            ? store.subscribe(to: \.count, timing: .afterSubscribers) { _, _, _ in }
            : store.subscribe(to: \.count, timing: .afterSubscribers) { _, _ in }
        var heard: [String] = []
        var added: [StoreSubscription] = []
        let addLate: @MainActor () -> Void = { [weak store] in
            guard added.isEmpty, let store else { return }
            let timings: [(SubscriptionTiming, String)] = [
                (.beforeSubscribers, "before"), (.withSubscribers, "with"), (.afterSubscribers, "after"),
            ]
            for (timing, name) in timings {
                added.append(
                    store.subscribe(to: \.self, timing: timing) { state, _, cause in
                        heard.append("\(name) \(describe(state, cause))")
                    })
            }
        }
        var kept: [AnyObject] = [existing]
        switch adder {
        case .subscriber, .subscriberWillChange:
            let probe = Probe(inWillChange: adder == .subscriberWillChange, addLate)
            store.add(subscriber: probe)
            kept.append(probe)
        case .observerBefore:
            kept.append(store.subscribe(to: \.self, timing: .beforeSubscribers) { _, _ in addLate() })
        case .observerAfter:
            kept.append(store.subscribe(to: \.self, timing: .afterSubscribers) { _, _ in addLate() })
        }
        runChanges(store)
        withExtendedLifetime(kept) {}
        // The late subscriptions were added during the first change: they hear the second only.
        #expect(added.count == 3)
        #expect(heard.sorted() == ["after 3 action(2)", "before 3 action(2)", "with 3 action(2)"])
    }

    private func runChanges(_ store: Store<LateObserverState>) {
        store.dispatch(action: StoreFixture.Add(amount: 1))
        store.dispatch(action: StoreFixture.Add(amount: 2))
    }

    @Test("the issue's reproduction: a late observer hears [\"2 action\"], not the change in progress")
    func issueReproduction() {
        let store = StoreFixture.makeStore()
        let saving = store.subscribe(to: \.count, timing: .afterSubscribers) { _, _ in }
        var late: [String] = []
        var added: StoreSubscription?
        let subscription = store.subscribe(to: \.self) { [weak store] _, _ in
            if added == nil {
                added = store?.subscribe(to: \.self, timing: .afterSubscribers) { state, _, cause in
                    late.append(describe(state, cause))
                }
            }
        }
        store.dispatch(action: StoreFixture.Add(amount: 1))
        store.dispatch(action: StoreFixture.Add(amount: 1))
        #expect(late == ["2 action(1)"])
        withExtendedLifetime((saving, subscription)) {}
    }

    @Test("an observer added and cancelled during one change is never told")
    func addedAndCancelledDuringAChange() {
        let store = StoreFixture.makeStore()
        var heard = 0
        let subscription = store.subscribe(to: \.self) { [weak store] _, _ in
            store?.subscribe(to: \.self, timing: .afterSubscribers) { _, _ in heard += 1 }.cancel()
        }
        store.dispatch(action: StoreFixture.Add())
        store.dispatch(action: StoreFixture.Add())
        #expect(heard == 0)
        withExtendedLifetime(subscription) {}
    }

    @Test("a cancelled closure subscription that captured its store lets go of it at cancel()")
    func cancelledClosureLetsGoOfTheStore() {
        weak var weakStore: Store<LateObserverState>?
        do {
            let store = StoreFixture.makeStore()
            weakStore = store
            let subscription = store.subscribe(to: \.self) { _, _ in _ = store.state }
            store.dispatch(action: StoreFixture.Add())
            subscription.cancel()
        }
        #expect(weakStore == nil)
    }

    @Test("a cancelled key-path or selector subscription that captured its store lets go of it at cancel()")
    func cancelledSelectionLetsGoOfTheStore() {
        weak var weakStore: Store<LateObserverState>?
        do {
            let store = StoreFixture.makeStore()
            weakStore = store
            let byKeyPath = store.subscribe(to: \.count) { _, _ in _ = store.state }
            let doubled: @MainActor (LateObserverState) -> Int = { $0.count * 2 }
            let bySelector = store.subscribe(to: doubled) { _, _ in _ = store.state }
            store.dispatch(action: StoreFixture.Add())
            byKeyPath.cancel()
            bySelector.cancel()
        }
        #expect(weakStore == nil)
    }

    @Test("a subscription cancelled by its own closure, during a change, is let go when the change ends")
    func cancelledDuringItsOwnCall() {
        weak var weakStore: Store<LateObserverState>?
        var calls = 0
        do {
            let store = StoreFixture.makeStore()
            weakStore = store
            var subscription: StoreSubscription?
            subscription = store.subscribe(to: \.self) { _, _ in
                calls += 1
                _ = store.state
                subscription?.cancel()
            }
            let other = store.subscribe(to: \.self) { _, _ in }
            store.dispatch(action: StoreFixture.Add())
            store.dispatch(action: StoreFixture.Add())
            #expect(store.subscriberCount == 1)
            withExtendedLifetime(other) {}
        }
        #expect(calls == 1)
        #expect(weakStore == nil)
    }

    @Test("subscriptions cancelled in any order leave the others told, in order")
    func cancelInAnyOrder() {
        let store = StoreFixture.makeStore()
        var told: [Int] = []
        // Closure selectors: each is an entry of its own (key paths would share one).
        let subscriptions = (0..<6).map { index in store.subscribe(to: { $0 }) { _, _ in told.append(index) }
        }
        subscriptions[4].cancel()
        subscriptions[0].cancel()
        subscriptions[2].cancel()
        store.dispatch(action: StoreFixture.Add())
        #expect(told == [1, 3, 5])
        #expect(store.subscriberCount == 3)
    }
}
