import Foundation
import ReMVVMMiddleware
import ReMVVMStore

// MARK: - persist

/// `d0` with a `StatePersistence` of `\.user`, which `Increment` leaves as it is: the cost of
/// persistence for a dispatch that does not change the persisted part. No file is written.
final class PersistenceWorkload: Workload {
    private let store: Store<AppState>
    private let subscriber = CountingSubscriber()

    init() {
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("remvvm-bench-persist-\(ProcessInfo.processInfo.processIdentifier).json")
        let persistence = StatePersistence<AppState, User?>(fileURL: file, at: \.user)
        store = Store(with: AppState(factory: CompositeViewModelFactory()), middleware: [persistence])
        store.register(reducer: IncrementReducer.self)
        store.add(subscriber: subscriber)
        run(2)
    }

    func run(_ count: Int) {
        for _ in 0..<count {
            store.dispatch(action: Increment())
        }
    }
}
