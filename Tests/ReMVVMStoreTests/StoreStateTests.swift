import ReMVVMStore
import Testing

/// A state of plain values: no factory of its own, a synthesized `==`.
private struct CounterState: StoreState, Equatable {
    var count = 0
}

@MainActor
private final class CounterViewModel: Initializable {
    init() {}
}

@MainActor
@Suite("StoreState")
struct StoreStateTests {
    @Test("a state without a factory gets a synthesized == and the shared default factory")
    func defaultFactory() {
        #expect(CounterState() == CounterState())
        #expect(CounterState(count: 1) != CounterState())
        #expect(CounterState().factory is InitializableViewModelFactory)
    }

    @Test("the default factory makes Initializable view models for the store")
    func defaultFactoryMakesViewModels() {
        final class Screen {}
        let store = Store(with: CounterState())
        let screen = Screen()
        let viewModel: CounterViewModel? = store.viewModel(for: screen)
        #expect(viewModel != nil)
    }
}
