import ReMVVMMiddleware
import ReMVVMStore

// The workloads of screens that own their state (issue 37): an action addressed to a
// navigation entry by its case (`screen.case`), the twin of `keypath`; and a pop of an entry
// whose middleware started 10 tasks, with no other task running (`pop.tasks10`) and with 1,000
// tasks of 100 other entries running (`pop.tasks10.others1000`): what a pop costs grows with
// its own tasks, not with every task of the store.

struct Timer: Hashable, Sendable {
    var seconds = 0
}

enum ScreenBenchScreen: Hashable, Sendable {
    case home
    case record(Timer)
}

struct ScreenBenchState: StoreState {
    var navigation = NavigationState(root: ScreenBenchScreen.home)
    var counter = 0
    let factory: any ViewModelFactory
}

struct TimerTick: StoreAction {
    let entry: Int
}

enum TimerTickReducer: Reducer {
    static func reduce(state: Timer, with action: TimerTick) -> Timer {
        Timer(seconds: state.seconds &+ 1)
    }
}

// MARK: - screen.case

/// `keypath` with the counter in a navigation entry's screen: a `TimerTick` names the entry,
/// reduced by `register(reducer:forEach:case:id:)`, with one subscriber. Without
/// `register(navigation:)` unless `withNavigation`: its view models' observer runs at every
/// change, which `keypath` does not have.
final class ScreenCaseWorkload: Workload {
    private let store: Store<ScreenBenchState>
    private let subscriber = ScreenSubscriber()
    private let entry: Int

    init(withNavigation: Bool = false) {
        store = Store(with: ScreenBenchState(factory: CompositeViewModelFactory()))
        if withNavigation {
            store.register(navigation: \.navigation)
        } else {
            store.register(reducer: ScreenStackReducer.self, at: \.navigation)
        }
        store.register(
            reducer: TimerTickReducer.self, forEach: \.navigation, case: ScreenBenchScreen.record, id: \.entry
        )
        store.add(subscriber: subscriber)
        store.dispatch(action: NavigationAction.push(ScreenBenchScreen.record(Timer())))
        entry = store.state.navigation.top.id
        run(2)
    }

    func run(_ count: Int) {
        let action = TimerTick(entry: entry)
        for _ in 0..<count {
            store.dispatch(action: action)
        }
        precondition(subscriber.changes > 0, "the entry did not change")
    }
}

/// `keypath` on the state of `screen.case`: what the same state costs without addressing an
/// entry.
final class ScreenKeyPathWorkload: Workload {
    private let store = Store(with: ScreenBenchState(factory: CompositeViewModelFactory()))
    private let subscriber = ScreenSubscriber()

    init() {
        store.register(reducer: CounterPartReducer.self, at: \.counter)
        store.add(subscriber: subscriber)
        store.register(reducer: ScreenStackReducer.self, at: \.navigation)
        store.dispatch(action: NavigationAction.push(ScreenBenchScreen.record(Timer())))
        run(2)
    }

    func run(_ count: Int) {
        for _ in 0..<count {
            store.dispatch(action: Increment())
        }
    }
}

@MainActor
final class ScreenSubscriber: StoreSubscriber {
    private(set) var changes = 0

    func didChange(state: ScreenBenchState, oldState: ScreenBenchState) {
        changes &+= 1
    }
}

/// Pushes a screen without the navigation's registration (its view-model observer).
enum ScreenStackReducer: Reducer {
    static func reduce(
        state: NavigationState<ScreenBenchScreen>, with action: NavigationAction<ScreenBenchScreen>
    ) -> NavigationState<ScreenBenchScreen> {
        var state = state
        state.apply(action)
        return state
    }
}

// MARK: - pop.tasks10

/// The recorder appeared: its middleware starts `tasks` tasks for the entry, each waiting on a
/// clock that never moves.
struct RecorderAppeared: StoreAction {
    let entry: Int
    let tasks: Int
}

struct RecorderMiddleware: Middleware {
    func applyMiddleware(
        for state: ScreenBenchState, action: RecorderAppeared,
        dispatcher: Dispatcher<RecorderAppeared, ScreenBenchState>
    ) {
        dispatcher.next()
        for _ in 0..<action.tasks {
            dispatcher.task { try? await dispatcher.dependencies.clock.sleep(for: .seconds(1)) }
        }
    }
}

/// A clock whose sleeps end only when their task is cancelled (or after a day): the recorders'
/// tasks run until their entry leaves. The workloads ship no test machinery, so not ReMVVMTesting's
/// `TestClock`, which this replaces.
final class StalledClock: Clock, Sendable {
    typealias Instant = ContinuousClock.Instant

    var now: Instant { ContinuousClock.now }

    var minimumResolution: Duration { .zero }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        try await Task.sleep(for: .seconds(86_400))
    }
}

/// Per operation: push a recorder, start its 10 tasks, and pop it, which cancels them; with
/// `others` more tasks running on 100 entries under it.
final class PopTasksWorkload: Workload {
    private let store: Store<ScreenBenchState>

    init(others: Int) {
        store = Store(
            with: ScreenBenchState(factory: CompositeViewModelFactory()), middleware: [RecorderMiddleware()]
        ) {
            $0.clock = StalledClock()
        }
        store.register(navigation: \.navigation)
        store.register(
            RecorderAppeared.self, forEach: \.navigation, case: ScreenBenchScreen.record, id: \.entry)
        if others > 0 {
            for _ in 0..<100 {
                store.dispatch(action: NavigationAction.push(ScreenBenchScreen.record(Timer())))
                store.dispatch(
                    action: RecorderAppeared(entry: store.state.navigation.top.id, tasks: others / 100))
            }
        }
        run(2)
    }

    func run(_ count: Int) {
        for _ in 0..<count {
            store.dispatch(action: NavigationAction.push(ScreenBenchScreen.record(Timer())))
            store.dispatch(action: RecorderAppeared(entry: store.state.navigation.top.id, tasks: 10))
            store.dispatch(action: NavigationAction<ScreenBenchScreen>.pop(count: 1))
        }
    }

    /// Lets the cancelled tasks end, so each pass starts with only the others running.
    func prepare() async {
        for _ in 0..<10 { await Task.yield() }
    }
}
