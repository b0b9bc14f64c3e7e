import ReMVVMMiddleware
import ReMVVMStore

// MARK: - history

/// `d0` with an ``ActionHistory`` keeping the last 1,000 actions: once full, each dispatch
/// keeps one more and folds the oldest into the start, half the limit at a time.
final class HistoryWorkload: Workload {
    private let store: Store<AppState>
    private let history = ActionHistory<AppState>(limit: 1_000)
    private let subscriber = CountingSubscriber()

    init() {
        store = Store(with: AppState(factory: CompositeViewModelFactory()), middleware: [history])
        history.register(on: store)
        store.register(reducer: IncrementReducer.self)
        store.add(subscriber: subscriber)
        // Past the limit, so that every run measures the steady state, folding included.
        run(2_000)
    }

    func run(_ count: Int) {
        for _ in 0..<count {
            store.dispatch(action: Increment())
        }
    }
}
