import Observation
import ReMVVMStore

// The workloads of the app-facing half: a reducer of a part of the state (`keypath`), the
// store's `ObservedState` with 100 key paths read (`observe100`), and one `states` consumer
// (`stream`).

// MARK: - keypath

/// Reduces the counter as a part of the state: the key-path twin of ``IncrementReducer``.
enum CounterPartReducer: Reducer {
    static func reduce(state: Int, with action: Increment) -> Int {
        state &+ 1
    }
}

/// `d0` with the reducer registered at `\.counter` instead of over the whole state.
final class KeyPathWorkload: Workload {
    private let store = Store(with: AppState(factory: CompositeViewModelFactory()))
    private let subscriber = CountingSubscriber()

    init() {
        store.register(reducer: CounterPartReducer.self, at: \.counter)
        store.add(subscriber: subscriber)
        run(2)
    }

    func run(_ count: Int) {
        for _ in 0..<count {
            store.dispatch(action: Increment())
        }
    }
}

// MARK: - observe100

/// A state with 99 stored values that never change beside the counter that does.
struct WideState: StoreState {
    typealias Fixed = (
        Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int,
        Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int,
        Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int,
        Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int,
        Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int,
        Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int,
        Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int,
        Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int,
        Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int
    )
    var counter = 0
    let fixed: Fixed = (
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27,
        28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52,
        53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77,
        78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98
    )
    let factory: any ViewModelFactory

    /// The key paths of the 99 fixed values, as a view would read them.
    @MainActor static let fixedKeyPaths: [KeyPath<WideState, Int>] = [
        \WideState.fixed.0, \WideState.fixed.1, \WideState.fixed.2, \WideState.fixed.3, \WideState.fixed.4,
        \WideState.fixed.5, \WideState.fixed.6, \WideState.fixed.7, \WideState.fixed.8, \WideState.fixed.9,
        \WideState.fixed.10, \WideState.fixed.11, \WideState.fixed.12, \WideState.fixed.13,
        \WideState.fixed.14, \WideState.fixed.15, \WideState.fixed.16, \WideState.fixed.17,
        \WideState.fixed.18, \WideState.fixed.19, \WideState.fixed.20, \WideState.fixed.21,
        \WideState.fixed.22, \WideState.fixed.23, \WideState.fixed.24, \WideState.fixed.25,
        \WideState.fixed.26, \WideState.fixed.27, \WideState.fixed.28, \WideState.fixed.29,
        \WideState.fixed.30, \WideState.fixed.31, \WideState.fixed.32, \WideState.fixed.33,
        \WideState.fixed.34, \WideState.fixed.35, \WideState.fixed.36, \WideState.fixed.37,
        \WideState.fixed.38, \WideState.fixed.39, \WideState.fixed.40, \WideState.fixed.41,
        \WideState.fixed.42, \WideState.fixed.43, \WideState.fixed.44, \WideState.fixed.45,
        \WideState.fixed.46, \WideState.fixed.47, \WideState.fixed.48, \WideState.fixed.49,
        \WideState.fixed.50, \WideState.fixed.51, \WideState.fixed.52, \WideState.fixed.53,
        \WideState.fixed.54, \WideState.fixed.55, \WideState.fixed.56, \WideState.fixed.57,
        \WideState.fixed.58, \WideState.fixed.59, \WideState.fixed.60, \WideState.fixed.61,
        \WideState.fixed.62, \WideState.fixed.63, \WideState.fixed.64, \WideState.fixed.65,
        \WideState.fixed.66, \WideState.fixed.67, \WideState.fixed.68, \WideState.fixed.69,
        \WideState.fixed.70, \WideState.fixed.71, \WideState.fixed.72, \WideState.fixed.73,
        \WideState.fixed.74, \WideState.fixed.75, \WideState.fixed.76, \WideState.fixed.77,
        \WideState.fixed.78, \WideState.fixed.79, \WideState.fixed.80, \WideState.fixed.81,
        \WideState.fixed.82, \WideState.fixed.83, \WideState.fixed.84, \WideState.fixed.85,
        \WideState.fixed.86, \WideState.fixed.87, \WideState.fixed.88, \WideState.fixed.89,
        \WideState.fixed.90, \WideState.fixed.91, \WideState.fixed.92, \WideState.fixed.93,
        \WideState.fixed.94, \WideState.fixed.95, \WideState.fixed.96, \WideState.fixed.97,
        \WideState.fixed.98,
    ]
}

enum WideIncrementReducer: Reducer {
    static func reduce(state: WideState, with action: Increment) -> WideState {
        var state = state
        state.counter &+= 1
        return state
    }
}

/// `d0` on a store whose `ObservedState` had 100 stored key paths read (the counter and the 99
/// fixed values), with one Observation observer of the counter registered again after each change,
/// as SwiftUI does after it re-renders a view.
final class Observe100Workload: Workload {
    private let store = Store(with: WideState(factory: CompositeViewModelFactory()))
    private let observed: ObservedState<WideState>
    private var reads = 0

    init() {
        store.register(reducer: WideIncrementReducer.self)
        observed = store.observed
        var total = observed.counter
        for keyPath in WideState.fixedKeyPaths { total &+= observed[dynamicMember: keyPath] }
        reads = total
        run(2)
    }

    func run(_ count: Int) {
        let observed = self.observed
        for _ in 0..<count {
            withObservationTracking {
                _ = observed.counter
            } onChange: {
            }
            store.dispatch(action: Increment())
        }
    }
}

// MARK: - stream

/// `d0` with one `for await state in store.values(of: \.self)` loop consuming in a task of its
/// own.
final class StreamWorkload: Workload {
    private let store = Store(with: AppState(factory: CompositeViewModelFactory()))
    private var consumer: Task<Void, Never>?

    init() {
        store.register(reducer: IncrementReducer.self)
    }

    /// Starts the consumer and waits until its subscription is made (on the main actor, at
    /// its first `next()`), so that `run` measures dispatches that feed it.
    func prepare() async {
        let states = store.values(of: \.self)
        // The first state comes once the subscription is made.
        let (subscribed, didSubscribe) = AsyncStream.makeStream(of: Void.self)
        consumer = Task.detached {
            var last = 0
            for await state in states {
                if last == 0 { didSubscribe.yield() }
                last = state.counter + 1
            }
            precondition(last >= 0, "not reached")
        }
        for await _ in subscribed { break }
        run(2)
    }

    func run(_ count: Int) {
        for _ in 0..<count {
            store.dispatch(action: Increment())
        }
    }

    deinit {
        consumer?.cancel()
    }
}
