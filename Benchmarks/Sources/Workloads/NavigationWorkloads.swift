import ReMVVMMiddleware
import ReMVVMStore

// The workloads of navigation as state (issue 20): a push or a pop of a `NavigationState`
// through `register(navigation:)` with a `NavigationStateMiddleware` handing the changes over
// (`navigation`), and its yardstick, an app reducer at a key path that pushes and pops an array,
// with a middleware handing the new array over in its completion (`navigation.plain`).

enum BenchScreen: Hashable, Sendable {
    case home
    case detail
}

struct NavigationBenchState: StoreState {
    var navigation = NavigationState(root: BenchScreen.home)
    var stack: [BenchScreen] = [.home]
    let factory: any ViewModelFactory
}

/// Counts what the UI was handed, so the hand-off cannot be optimized away.
@MainActor
final class HandOffSink {
    var changes = 0
}

// MARK: - navigation

/// Pushes and pops a screen alternately: one dispatch of a `NavigationAction` per operation,
/// reduced at `\.navigation`, told to one subscriber, its change handed to the UI.
final class NavigationWorkload: Workload {
    private let store: Store<NavigationBenchState>
    private let sink = HandOffSink()
    private var subscription: StoreSubscription?
    private var pushes = true

    init() {
        let sink = self.sink
        let handOff = NavigationStateMiddleware(at: \NavigationBenchState.navigation) { changes, _ in
            sink.changes &+= changes.count
        }
        store = Store(with: NavigationBenchState(factory: CompositeViewModelFactory()), middleware: [handOff])
        store.register(navigation: \.navigation)
        subscription = store.subscribe(to: \.self) { _, _ in sink.changes &+= 1 }
        run(2)
    }

    func run(_ count: Int) {
        for _ in 0..<count {
            if pushes {
                store.dispatch(action: NavigationAction.push(BenchScreen.detail))
            } else {
                store.dispatch(action: NavigationAction<BenchScreen>.pop(count: 1))
            }
            pushes.toggle()
        }
    }
}

// MARK: - navigation.plain

/// The yardstick: what an app would write without `NavigationState`.
enum StackAction: StoreAction {
    case push(BenchScreen)
    case pop
}

enum StackReducer: Reducer {
    static func reduce(state: [BenchScreen], with action: StackAction) -> [BenchScreen] {
        var state = state
        switch action {
        case .push(let screen): state.append(screen)
        case .pop: if state.count > 1 { state.removeLast() }
        }
        return state
    }
}

/// Sees every action and hands the new stack over after the reduce.
struct StackHandOff: StateMiddleware {
    let sink: HandOffSink

    func applyMiddleware<Action: StoreAction>(
        for state: NavigationBenchState,
        action: Action,
        dispatcher: Dispatcher<Action, NavigationBenchState>
    ) {
        let sink = self.sink
        dispatcher.next { state in sink.changes &+= state.stack.count }
    }
}

/// `navigation` with a plain array reduced at `\.stack` and a middleware handing it over.
final class PlainStackWorkload: Workload {
    private let store: Store<NavigationBenchState>
    private let sink = HandOffSink()
    private var subscription: StoreSubscription?
    private var pushes = true

    init() {
        let sink = self.sink
        store = Store(
            with: NavigationBenchState(factory: CompositeViewModelFactory()),
            middleware: [StackHandOff(sink: sink)]
        )
        store.register(reducer: StackReducer.self, at: \.stack)
        subscription = store.subscribe(to: \.self) { _, _ in sink.changes &+= 1 }
        run(2)
    }

    func run(_ count: Int) {
        for _ in 0..<count {
            store.dispatch(action: pushes ? StackAction.push(.detail) : StackAction.pop)
            pushes.toggle()
        }
    }
}
