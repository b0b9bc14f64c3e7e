import ReMVVMStore
import Testing

private typealias State = StoreFixture.State
private typealias Add = StoreFixture.Add

/// A view model the store keeps up to date.
@MainActor
private final class CounterViewModel: StoreSubscriber, Initializable {
    private(set) var shown: [Int] = []
    func didChange(state: State, oldState: State) { shown.append(state.count) }
}

/// A view model that subscribes to another state type than the store's.
@MainActor
private final class ForeignViewModel: StoreSubscriber, Initializable {
    struct ForeignState: StoreState { var factory: ViewModelFactory = InitializableViewModelFactory() }
    func didChange(state: ForeignState, oldState: ForeignState) {}
}

@MainActor
private final class Screen: ReMVVMDriven {}

@MainActor
@Suite(.serialized) struct ViewModelGlueTests {
    @Test("a view model asked for twice with one context is one instance, subscribed once")
    func subscribedOnce() throws {
        let store = StoreFixture.makeStore()
        let screen = Screen()
        let first: CounterViewModel = try #require(store.viewModel(for: screen))
        let again: CounterViewModel = try #require(store.viewModel(for: screen))
        #expect(first === again)
        store.dispatch(action: Add())
        #expect(first.shown == [1])
        #expect(store.subscriberCount == 1)
    }

    @Test("a subscribed view model is released with its context and no longer told")
    func releasedWithContext() throws {
        let store = StoreFixture.makeStore()
        var screen: Screen? = Screen()
        weak var weakViewModel: CounterViewModel?
        do {
            let viewModel: CounterViewModel = try #require(store.viewModel(for: screen!))
            weakViewModel = viewModel
        }
        store.dispatch(action: Add())
        #expect(weakViewModel?.shown == [1])
        screen = nil
        store.dispatch(action: Add())
        #expect(weakViewModel == nil)
        #expect(store.subscriberCount == 0)
    }

    @Test("a view model subscribing to another state type is reported, not subscribed")
    func foreignSubscriber() throws {
        let diagnostics = DiagnosticsRecorder()
        let store = StoreFixture.makeStore(diagnostics: diagnostics)
        let screen = Screen()
        let viewModel: ForeignViewModel? = store.viewModel(for: screen)
        #expect(viewModel != nil)
        #expect(diagnostics.kinds == [.subscriberStateMismatch])
        #expect(store.subscriberCount == 0)
    }

    @Test("ReMVVMDriven objects use the configured store; initializing again is reported")
    func configuration() throws {
        let first = StoreFixture.makeStore()
        let diagnostics = DiagnosticsRecorder()
        let second = StoreFixture.makeStore(diagnostics: diagnostics)
        ReMVVM.Config.initialize(with: first)
        ReMVVM.Config.initialize(with: second)
        ReMVVM.Config.initialize(with: second)  // the same store again: nothing to report
        #expect(ReMVVM.Config.isInitialized)
        #expect(diagnostics.kinds == [.configReinitialized])

        let screen = Screen()
        screen.remvvm.dispatch(action: Add(amount: 3))
        #expect(second.state.count == 3)
        #expect(first.state.count == 0)
        let viewModel: CounterViewModel = try #require(screen.remvvm.viewModel(for: screen))
        screen.remvvm.dispatch(action: Add())
        #expect(viewModel.shown == [4])
    }
}
