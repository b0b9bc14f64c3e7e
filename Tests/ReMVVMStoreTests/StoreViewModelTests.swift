import Observation
import ReMVVMStore
import Testing

private struct CounterViewState: Equatable {
    var text: String
}

private enum CounterEvent {
    case add(Int)
    case rename(String)
    case ignored
}

/// Records every action that reaches the middleware stack.
private struct ActionRecorder: AnyMiddleware {
    let trace: Trace

    func applyMiddleware<Action: StoreAction, State: StoreState>(
        for state: State,
        action: Action,
        dispatcher: Dispatcher<Action, State>
    ) {
        trace.events.append(String(describing: action))
        dispatcher.next()
    }
}

/// Counts how often a view model derived its view state.
@MainActor
private final class Counter {
    var value = 0
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@MainActor
private func makeViewModel(
    store: Store<StoreFixture.State>,
    derivations: Counter = Counter()
) -> StoreViewModel<StoreFixture.State, CounterViewState, CounterEvent> {
    StoreViewModel(
        store: store,
        state: { state in
            derivations.value += 1
            return CounterViewState(text: "count \(state.count)")
        },
        send: { event in
            switch event {
            case .add(let amount): StoreFixture.Add(amount: amount)
            case .rename(let title): StoreFixture.Rename(title: title)
            case .ignored: nil
            }
        }
    )
}

// StoreViewModel needs Observation (macOS 14, iOS 17): each test says so, and Swift Testing skips it on
// older systems (a suite type cannot carry the attribute).
@MainActor
@Suite struct StoreViewModelTests {
    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    @Test("derives its view state when created and again before each dispatch returns")
    func derivesState() {
        let store = StoreFixture.makeStore()
        store.dispatch(action: StoreFixture.Add(amount: 2))
        let viewModel = makeViewModel(store: store)
        #expect(viewModel.state == CounterViewState(text: "count 2"))
        store.dispatch(action: StoreFixture.Add(amount: 3))
        #expect(viewModel.state == CounterViewState(text: "count 5"))
    }

    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    @Test("Observation reports a changed view state, and nothing for unrelated store changes")
    func publishesOnlyChanges() {
        let store = StoreFixture.makeStore()
        let derivations = Counter()
        let viewModel = makeViewModel(store: store, derivations: derivations)
        let reports = Counter()
        func track() {
            withObservationTracking {
                _ = viewModel.state
            } onChange: {
                MainActor.assumeIsolated { reports.value += 1 }
            }
        }
        track()

        store.dispatch(action: StoreFixture.Rename(title: "elsewhere"))
        store.dispatch(action: StoreFixture.Append(text: "elsewhere too"))
        #expect(reports.value == 0)
        #expect(derivations.value == 3)  // at creation, then once per change

        store.dispatch(action: StoreFixture.Add())
        #expect(reports.value == 1)
        #expect(viewModel.state.text == "count 1")

        track()
        store.dispatch(action: StoreFixture.Add(amount: 0))  // reduced, but the view state is equal
        #expect(reports.value == 1)
    }

    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    @Test("send(event:) dispatches exactly the mapped action; nil dispatches and reports nothing")
    func sendsMappedAction() {
        let trace = Trace()
        let diagnostics = DiagnosticsRecorder()
        let store = StoreFixture.makeStore(
            middleware: [ActionRecorder(trace: trace)], diagnostics: diagnostics)
        let viewModel = makeViewModel(store: store)

        viewModel.send(event: .add(4))
        viewModel.send(event: .ignored)
        viewModel.send(event: .rename("Ada"))

        #expect(trace.events == ["Add(amount: 4)", "Rename(title: \"Ada\")"])
        #expect(store.state.count == 4)
        #expect(store.state.title == "Ada")
        #expect(viewModel.state.text == "count 4")
        #expect(diagnostics.received.isEmpty)
    }

    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    @Test("a view model released while its store lives on is not called again and is not retained")
    func releasedWhileStoreLives() {
        let store = StoreFixture.makeStore()
        let before = store.subscriberCount
        let derivations = Counter()
        var viewModel: StoreViewModel<StoreFixture.State, CounterViewState, CounterEvent>? =
            makeViewModel(store: store, derivations: derivations)
        weak let released = viewModel
        #expect(store.subscriberCount == before + 1)
        store.dispatch(action: StoreFixture.Add())
        #expect(derivations.value == 2)

        viewModel = nil
        #expect(released == nil)
        store.dispatch(action: StoreFixture.Add())
        #expect(derivations.value == 2)
        #expect(store.subscriberCount == before)
        store.dispatch(action: StoreFixture.Add())
        #expect(derivations.value == 2)
    }

    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    @Test("the view model does not keep its store alive; kept by the store, it makes no cycle")
    func doesNotKeepStoreAlive() throws {
        typealias CounterViewModel = StoreViewModel<StoreFixture.State, CounterViewState, CounterEvent>
        let factory = CompositeViewModelFactory()
        var store: Store<StoreFixture.State>? = Store(with: StoreFixture.State(factory: factory))
        store?.register(reducer: StoreFixture.AddReducer.self)
        weak let weakStore = store
        factory.add { [weak store] _ -> CounterViewModel? in store.map { makeViewModel(store: $0) } }
        let screen = Counter()
        // The store keeps this view model for as long as `screen` lives.
        let viewModel: CounterViewModel = try #require(store?.viewModel(for: screen))
        viewModel.send(event: .add(7))
        #expect(viewModel.state.text == "count 7")

        store = nil
        #expect(weakStore == nil)
        viewModel.send(event: .add(1))  // nowhere to go: the last view state stays
        #expect(viewModel.state.text == "count 7")
    }
}
