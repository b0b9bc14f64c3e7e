import Foundation
import ReMVVMStore

// The workloads of the reducer forms (issue 38): `d0` and `keypath` with the reducer written in
// the `inout` form (`d0.inout`, `keypath.inout`) and as a closure registered in place
// (`d0.closure`, `keypath.closure`). Each costs at most what the returning form costs.

enum IncrementInPlace: Reducer {
    static func reduce(state: inout AppState, with action: Increment) { state.counter &+= 1 }
}

enum CounterPartInPlace: Reducer {
    static func reduce(state: inout Int, with action: Increment) { state &+= 1 }
}

/// `d0` or `keypath` with the reducer in another form.
final class ReducerFormWorkload: Workload {
    enum Form {
        case inPlace, closure
    }

    private let store = Store(with: AppState(factory: CompositeViewModelFactory()))
    private let subscriber = CountingSubscriber()

    init(_ form: Form, atKeyPath: Bool) {
        switch (form, atKeyPath) {
        case (.inPlace, false): store.register(reducer: IncrementInPlace.self)
        case (.inPlace, true): store.register(reducer: CounterPartInPlace.self, at: \.counter)
        case (.closure, false): store.register(Increment.self) { state, _ in state.counter &+= 1 }
        case (.closure, true): store.register(Increment.self, at: \.counter) { counter, _ in counter &+= 1 }
        }
        store.add(subscriber: subscriber)
        run(2)
    }

    func run(_ count: Int) {
        for _ in 0..<count {
            store.dispatch(action: Increment())
        }
    }
}

/// `d0` whose reducer reads `@Dependency(\.uuid)` and draws one id, with no history and no
/// recorder: the feature costs the cell's load and two stores, and allocates nothing (a constant
/// id needs no memory of its own).
final class DrawingWorkload: Workload {
    /// `AppState` with the id drawn last.
    struct DrawingState: StoreState {
        var counter = 0
        var lastID: UUID?
        let factory: any ViewModelFactory
    }

    private let store = Store(with: DrawingState(factory: CompositeViewModelFactory())) {
        $0.uuid = .constant(UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF")!)
    }
    /// As ``CountingSubscriber``, for this state.
    final class Subscriber: StoreSubscriber {
        private(set) var changes = 0

        func didChange(state: DrawingState, oldState: DrawingState) { changes &+= 1 }
    }

    private let subscriber = Subscriber()

    init() {
        store.register(Increment.self) { state, _ in
            @Dependency(\.uuid) var uuid
            state.lastID = uuid()
            state.counter &+= 1
        }
        store.add(subscriber: subscriber)
        run(2)
    }

    func run(_ count: Int) {
        for _ in 0..<count {
            store.dispatch(action: Increment())
        }
    }
}
