import ReMVVMMiddleware
import ReMVVMStore
import ReMVVMTestSupport
import ReMVVMTesting
import Testing

// A model check of screens that own their state and their work: random sequences of push,
// present, pop, close, popTo, synchronize, replace, actions addressed to an entry and task
// starts. After every step: the store's state equals a reference fold (NavigationState.apply
// for the navigation, the entry's own counter for an addressed action), and every task started
// for an entry is cancelled exactly when its entry is gone.

private struct Ticks: Hashable, Sendable {
    var ticks = 0
}

private enum Screen: Hashable, Sendable {
    case list
    case record(Ticks)
}

private struct Model: StoreState, Equatable {
    var navigation = NavigationState(root: Screen.list)
}

private struct ClockTick: StoreAction { let entry: Int }
private struct ClockAppeared: StoreAction { let entry: Int }

private enum ClockTickReducer: Reducer {
    static func reduce(state: Ticks, with action: ClockTick) -> Ticks { Ticks(ticks: state.ticks + 1) }
}

/// The tasks started so far, with the entry each was started for, and whether that entry was
/// gone at some point since (or was not shown when the task started): then the task must be
/// cancelled, even once a later entry takes that identifier.
@MainActor
private final class StartedTasks {
    var tasks: [(entry: Int, task: Task<Void, Never>, placeWent: Bool)] = []
}

private struct Starter: Middleware {
    let started: StartedTasks

    func applyMiddleware(
        for state: Model, action: ClockAppeared, dispatcher: Dispatcher<ClockAppeared, Model>
    ) {
        dispatcher.next()
        let task = dispatcher.task {
            try? await dispatcher.dependencies.clock.sleep(for: .seconds(1_000))
        }
        started.tasks.append((action.entry, task, !state.navigation.contains(id: action.entry)))
    }
}

/// The reference: what each step makes of the state, without a store.
private func fold(_ state: inout Model, _ action: any StoreAction) {
    switch action {
    case let navigation as NavigationAction<Screen>:
        state.navigation.apply(navigation)
    case let tick as ClockTick:
        if case .record(let clock)? = state.navigation[id: tick.entry]?.screen {
            state.navigation[id: tick.entry]?.screen = .record(Ticks(ticks: clock.ticks + 1))
        }
    default:
        break
    }
}

@MainActor
private func randomAction(_ model: Model, _ random: inout SeededGenerator) -> any StoreAction {
    let ids = model.navigation.entries.map(\.id)
    // Mostly a shown entry, sometimes one that never was or is gone.
    let id =
        Int.random(in: 0..<10, using: &random) < 8
        ? ids.randomElement(using: &random)! : Int.random(in: 1...60, using: &random)
    let record = Screen.record(Ticks(ticks: Int.random(in: 0...3, using: &random)))
    switch Int.random(in: 0..<11, using: &random) {
    case 0: return NavigationAction.push(Bool.random(using: &random) ? record : .list)
    case 1: return NavigationAction.present(record)
    case 2: return NavigationAction<Screen>.pop(count: Int.random(in: 1...2, using: &random))
    case 3: return NavigationAction<Screen>.close(id: id)
    case 4: return NavigationAction<Screen>.popTo(id: id)
    case 5:
        return NavigationAction<Screen>.synchronize(
            visibleCount: Int.random(in: 1...ids.count + 1, using: &random))
    case 6: return NavigationAction<Screen>.replace([.list, record])
    case 7, 8: return ClockTick(entry: id)
    default: return ClockAppeared(entry: id)
    }
}

@MainActor
@Suite("Screens that own their state: model check")
struct ScreenModelCheckTests {
    @Test(
        "2,000 seeded sequences: the state follows the reference fold, and no task of a gone entry survives")
    func seededSequences() async {
        for seed in UInt64(1)...UInt64(modelCheckRuns(2_000)) {
            if let violation = await Self.run(seed: seed, steps: 30) {
                Issue.record("\(violation)")
                return
            }
        }
    }

    /// Runs sequence `seed` and returns the first violation, naming the seed and the step.
    static func run(seed: UInt64, steps: Int) async -> String? {
        var random = SeededGenerator(seed: seed)
        let started = StartedTasks()
        let store = Store(with: Model(), middleware: [Starter(started: started)]) { $0.clock = TestClock() }
        store.register(navigation: \.navigation)
        store.register(
            reducer: ClockTickReducer.self, forEach: \.navigation, case: Screen.record, id: \.entry)
        store.register(ClockAppeared.self, forEach: \.navigation, case: Screen.record, id: \.entry)
        store.diagnosticsHandler = { _ in }
        var model = Model()
        defer { for started in started.tasks { started.task.cancel() } }
        for step in 1...steps {
            let action = randomAction(model, &random)
            store.dispatch(action: action)
            fold(&model, action)
            if store.state != model {
                return "seed \(seed), step \(step) (\(action)): the state is \(store.state.navigation), "
                    + "the reference \(model.navigation)"
            }
            for index in started.tasks.indices
            where !store.state.navigation.contains(id: started.tasks[index].entry) {
                started.tasks[index].placeWent = true
            }
            for (entry, task, placeWent) in started.tasks where task.isCancelled != placeWent {
                return "seed \(seed), step \(step) (\(action)): the task of entry \(entry) is "
                    + (task.isCancelled
                        ? "cancelled, though its entry is shown" : "running, though its entry went")
            }
        }
        return nil
    }
}
