import Observation
import ReMVVMStore
import Synchronization
import Testing

private typealias State = StoreFixture.State
private typealias Add = StoreFixture.Add
private typealias Rename = StoreFixture.Rename

@MainActor
@Suite struct ObservedStateTests {
    @Test("a read key path is reported when its value changes, an unrelated change is not")
    func readKeyPathFires() {
        let store = StoreFixture.makeStore()
        let observed = store.observed
        let changes = ObservationChanges()
        withObservationTracking {
            _ = observed.count
        } onChange: {
            changes.record()
        }
        store.dispatch(action: Rename(title: "unrelated"))
        #expect(changes.count == 0)
        store.dispatch(action: Add(amount: 0))  // reduced, but the count is equal
        #expect(changes.count == 0)
        store.dispatch(action: Add(amount: 1))
        #expect(changes.count == 1)
    }

    @Test("re-registering after each change, as SwiftUI does, reports every change of the read key path")
    func reRegisterAfterEachChange() {
        let store = StoreFixture.makeStore()
        let observed = store.observed
        let changes = ObservationChanges()
        var values: [Int] = []
        for round in 1...3 {
            withObservationTracking {
                values.append(observed.count)
            } onChange: {
                changes.record()
            }
            store.dispatch(action: Rename(title: "round \(round)"))
            #expect(changes.count == round - 1)
            store.dispatch(action: Add(amount: 1))
            #expect(changes.count == round)
        }
        #expect(values == [0, 1, 2])
        #expect(observed.count == 3)
    }

    @Test("onChange runs during the dispatch, once however many read key paths changed")
    func reportedDuringTheDispatch() {
        let store = StoreFixture.makeStore()
        let observed = store.observed
        let changes = ObservationChanges()
        withObservationTracking {
            _ = observed.count
            _ = observed.title
        } onChange: {
            changes.record()
        }
        store.dispatch(action: Rename(title: "x"))
        #expect(changes.count == 1)
    }

    @Test("a key path whose value is not Equatable is reported at every change")
    func nonEquatableKeyPath() {
        let store = StoreFixture.makeStore()
        let observed = store.observed
        let changes = ObservationChanges()
        withObservationTracking {
            _ = observed.factory
        } onChange: {
            changes.record()
        }
        store.dispatch(action: Rename(title: "x"))
        #expect(changes.count == 1)
    }

    @Test("one instance per store; it subscribes only once a key path was read")
    func lazySubscription() {
        let store = StoreFixture.makeStore()
        let before = store.subscriberCount
        let observed = store.observed
        #expect(observed === store.observed)
        store.dispatch(action: Add(amount: 1))
        #expect(store.subscriberCount == before)
        #expect(observed.count == 1)
        #expect(observed.title == "")
        #expect(store.subscriberCount == before + 1)
    }

    @Test("it does not keep the store alive, and reads the last state once the store is gone")
    func doesNotKeepTheStoreAlive() {
        var store: Store<State>? = StoreFixture.makeStore()
        weak let weakStore = store
        let observed = store!.observed
        _ = observed.count
        store?.dispatch(action: Add(amount: 4))
        store = nil
        #expect(weakStore == nil)
        #expect(observed.count == 4)
    }
}

/// Counts Observation's onChange calls, which may come from any thread.
private final class ObservationChanges: Sendable {
    private let value = Mutex(0)
    var count: Int { value.withLock { $0 } }
    func record() { value.withLock { $0 += 1 } }
}
