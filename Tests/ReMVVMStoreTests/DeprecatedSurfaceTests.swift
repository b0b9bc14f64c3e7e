import ReMVVMStore
import Testing

// The names this release deprecates still behave as before (CHANGELOG, "One way each"). Swift
// Testing refuses a deprecated test, and a call of a deprecated name from a test is a warning
// (an error in CI): each check is a deprecated witness of a requirement of
// `DeprecatedSurfaceChecks`, which the tests call through the protocol.

private typealias State = StoreFixture.State
private typealias Add = StoreFixture.Add

/// A view model the store keeps up to date.
@MainActor
private final class CounterViewModel: StoreSubscriber, Initializable {
    private(set) var shown: [Int] = []
    func didChange(state: State, oldState: State) { shown.append(state.count) }
}

@MainActor
private protocol DeprecatedSurfaceChecks {
    func observeChangesKeepsRunningWhenReleased()
    func observerInASecondStoreStopsTheFirst()
    func stateObserverForms()
    func wholeStateSubscribeAtEveryChange()
    func statesYieldEveryChange() async
    func unboundViewModels() throws
}

@MainActor
private struct DeprecatedSurface: DeprecatedSurfaceChecks {
    @available(*, deprecated, message: "checks observeChanges(_:) and StateObserver")
    func observeChangesKeepsRunningWhenReleased() {
        let store = StoreFixture.makeStore()
        var heard: [String] = []
        let recorder = SubscriberRecorderForDeprecated { heard.append("subscriber \($0)") }
        store.add(subscriber: recorder)
        // Not held: the store keeps an observer until it is cancelled.
        store.observeChanges(
            StateObserver(.afterSubscribers) { state, _ in heard.append("after \(state.count)") })
        let before = store.observeChanges(
            StateObserver(.beforeSubscribers) { state, _, cause in
                if case .action = cause { heard.append("before \(state.count)") }
            })
        store.dispatch(action: Add())
        before.cancel()
        store.dispatch(action: Add())
        #expect(heard == ["before 1", "subscriber 1", "after 1", "subscriber 2", "after 2"])
    }

    @available(*, deprecated, message: "checks observeChanges(_:) and StateObserver")
    func observerInASecondStoreStopsTheFirst() {
        let first = StoreFixture.makeStore()
        let second = StoreFixture.makeStore()
        var heard: [Int] = []
        let observer = StateObserver<State>(part: \.count) { count, _ in heard.append(count) }
        first.observeChanges(observer)
        first.dispatch(action: Add(amount: 1))
        second.observeChanges(observer)
        first.dispatch(action: Add(amount: 1))
        second.dispatch(action: Add(amount: 10))
        #expect(heard == [1, 10])
    }

    @available(*, deprecated, message: "checks StateObserver's initializers")
    func stateObserverForms() {
        let store = StoreFixture.makeStore()
        var heard: [String] = []
        store.observeChanges(StateObserver(part: \.title) { title, _, _ in heard.append("part \(title)") })
        store.observeChanges(
            StateObserver(reading: \.title) { title, _, _ in heard.append("reading \(title)") })
        store.dispatch(action: StoreFixture.Rename(title: "a"))
        store.dispatch(action: StoreFixture.Rename(title: "a"))
        #expect(heard == ["part a", "reading a", "reading a"])
    }

    @available(*, deprecated, message: "checks subscribe(_:)")
    func wholeStateSubscribeAtEveryChange() {
        let store = StoreFixture.makeStore()
        var seen: [Int] = []
        var subscription: StoreSubscription? = store.subscribe { state, _ in seen.append(state.count) }
        store.dispatch(action: Add(amount: 1))
        store.dispatch(action: Add(amount: 0))  // an equal state: told all the same
        subscription = nil
        store.dispatch(action: Add(amount: 1))
        #expect(seen == [1, 1])
        #expect(subscription == nil)
    }

    @available(*, deprecated, message: "checks states and states(bufferingPolicy:)")
    func statesYieldEveryChange() async {
        let store = StoreFixture.makeStore()
        var states = store.states.makeAsyncIterator()
        #expect(await states.next(isolation: #isolation)?.count == 0)
        store.dispatch(action: Add(amount: 0))  // an equal state: yielded all the same
        store.dispatch(action: Add(amount: 2))
        #expect(await states.next(isolation: #isolation)?.count == 0)
        #expect(await states.next(isolation: #isolation)?.count == 2)
        var newest = store.states(bufferingPolicy: .bufferingNewest(1)).makeAsyncIterator()
        #expect(await newest.next(isolation: #isolation)?.count == 2)
        store.dispatch(action: Add(amount: 1))
        store.dispatch(action: Add(amount: 1))
        #expect(await newest.next(isolation: #isolation)?.count == 4)
    }

    @available(*, deprecated, message: "checks viewModel(key:) and viewModel(id:)")
    func unboundViewModels() throws {
        let store = StoreFixture.makeStore()
        weak var weakViewModel: CounterViewModel?
        do {
            let viewModel: CounterViewModel = try #require(store.viewModel(key: nil))
            let other: CounterViewModel = try #require(store.viewModel())
            #expect(viewModel !== other)
            weakViewModel = viewModel
            store.dispatch(action: Add())
            #expect(viewModel.shown == [1])
        }
        store.dispatch(action: Add())
        #expect(weakViewModel == nil)
        let row: CounterViewModel? = store.viewModel(id: 3)
        #expect(row?.shown == [])
    }
}

/// A subscriber that forwards each new count.
@MainActor
private final class SubscriberRecorderForDeprecated: StoreSubscriber {
    let onChange: @MainActor (Int) -> Void
    init(_ onChange: @escaping @MainActor (Int) -> Void) { self.onChange = onChange }
    func didChange(state: State, oldState: State) { onChange(state.count) }
}

@MainActor
@Suite("Deprecated names still behave as before")
struct DeprecatedSurfaceTests {
    private let checks: any DeprecatedSurfaceChecks = DeprecatedSurface()

    @Test("observeChanges(_:): the store keeps the observer until it is cancelled, in its timing")
    func observeChanges() { checks.observeChangesKeepsRunningWhenReleased() }

    @Test("observeChanges(_:): an observer observed in a second store stops observing the first")
    func secondStore() { checks.observerInASecondStoreStopsTheFirst() }

    @Test("StateObserver(part:) calls on a change of its part, StateObserver(reading:) at every change")
    func observerForms() { checks.stateObserverForms() }

    @Test("subscribe(_:) tells every change, equal states included, until released")
    func wholeStateSubscribe() { checks.wholeStateSubscribeAtEveryChange() }

    @Test("states and states(bufferingPolicy:) yield every change")
    func states() async { await checks.statesYieldEveryChange() }

    @Test("viewModel(key:) and viewModel(id:) make unbound view models the caller holds")
    func unboundViewModels() throws { try checks.unboundViewModels() }
}
