import ReMVVMStore

/// Dispatches `Increment` to a store watched by `viewModels` store-backed view models, of
/// which only the first one's view state (the counter) changes; every other derives a view
/// state from the user, which `Increment` leaves unchanged. Measures deriving and comparing
/// each view state per change, and publishing the one that differs.
final class ViewModelWorkload: Workload {
    private let store = Store(with: AppState(factory: CompositeViewModelFactory()))
    private let viewModels: [StoreViewModel<AppState, Int, Never>]

    init(viewModels count: Int) {
        store.register(reducer: IncrementReducer.self)
        let store = self.store
        let noAction: @MainActor (Never) -> (any StoreAction)? = { event in switch event {} }
        let counter = StoreViewModel(store: store, state: { $0.counter }, send: noAction)
        let others = (1..<count).map { _ in
            StoreViewModel(store: store, state: { $0.user?.firstName.utf8.count ?? 0 }, send: noAction)
        }
        viewModels = [counter] + others
        run(2)
    }

    func run(_ count: Int) {
        for _ in 0..<count {
            store.dispatch(action: Increment())
        }
        precondition(viewModels[0].state == store.state.counter, "the changing view model kept up")
    }
}
