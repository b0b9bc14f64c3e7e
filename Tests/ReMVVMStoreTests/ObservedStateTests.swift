import Foundation
import Observation
import ReMVVMStore
import Testing

private typealias State = StoreFixture.State
private typealias Add = StoreFixture.Add
private typealias Rename = StoreFixture.Rename

// ObservedState needs Observation (macOS 14, iOS 17): each test says so, and Swift Testing skips it on
// older systems (a suite type cannot carry the attribute).
@MainActor
@Suite struct ObservedStateTests {
    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
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

    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
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

    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
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

    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
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

    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
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

    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
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

// MARK: - Nested reads and the moment of a change

private struct SearchState: Equatable {
    var query = ""
    var isLoading = false
}

private struct FeatureState: StoreState, Equatable {
    var search = SearchState()
}

private struct TypeQuery: StoreAction { var query: String }
private struct StartLoading: StoreAction {}

private enum TypeQueryReducer: Reducer {
    static func reduce(state: FeatureState, with action: TypeQuery) -> FeatureState {
        var state = state
        state.search.query = action.query
        return state
    }
}

private enum StartLoadingReducer: Reducer {
    static func reduce(state: FeatureState, with action: StartLoading) -> FeatureState {
        var state = state
        state.search.isLoading = true
        return state
    }
}

private enum NoEvent { case tap }

@MainActor
private func makeFeatureStore() -> Store<FeatureState> {
    let store = Store(with: FeatureState())
    store.register(reducer: TypeQueryReducer.self)
    store.register(reducer: StartLoadingReducer.self)
    return store
}

@MainActor
@Suite struct ObservedStateNestingTests {
    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    @Test("a whole key path tracks its leaf; dot syntax tracks the first property")
    func nestedReads() {
        let store = makeFeatureStore()
        let observed = store.observed
        let leaf = ObservationChanges()
        let feature = ObservationChanges()
        withObservationTracking {
            _ = observed[\.search.query]
        } onChange: {
            leaf.record()
        }
        withObservationTracking {
            _ = observed.search.query
        } onChange: {
            feature.record()
        }
        store.dispatch(action: StartLoading())
        #expect(leaf.count == 0)
        #expect(feature.count == 1)
        // The leaf's tracking is still armed, as it did not fire.
        store.dispatch(action: TypeQuery(query: "du"))
        #expect(leaf.count == 1)
        #expect(observed[\.search.query] == "du")
    }

    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    @Test("in onChange, observed state and a StoreViewModel both still read the value from before the change")
    func sameMomentAsStoreViewModel() {
        let store = makeFeatureStore()
        let observed = store.observed
        let viewModel = StoreViewModel(
            store: store, state: { $0.search.query }, send: { (_: NoEvent) -> (any StoreAction)? in nil })
        var seenInOnChange: [String] = []
        withObservationTracking {
            _ = observed.search
        } onChange: {
            MainActor.assumeIsolated { seenInOnChange.append("observed: \(observed.search.query)") }
        }
        withObservationTracking {
            _ = viewModel.state
        } onChange: {
            MainActor.assumeIsolated { seenInOnChange.append("view model: \(viewModel.state)") }
        }
        store.dispatch(action: TypeQuery(query: "du"))
        #expect(seenInOnChange.sorted() == ["observed: ", "view model: "])
        #expect(observed.search.query == "du")
        #expect(viewModel.state == "du")
    }
}

/// Counts Observation's onChange calls, which may come from any thread. A lock rather than
/// `Mutex`, which needs macOS 15 and iOS 18: the tests compile at the package's floor.
private final class ObservationChanges: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    var count: Int { lock.withLock { value } }
    func record() { lock.withLock { value += 1 } }
}
