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
