import Foundation
import ReMVVMMiddleware
import ReMVVMStore
import ReMVVMTestSupport
import Testing

// A model check of features shared by stores (issue 39): seeded programs make two or three
// stores with the same feature instances (an undo history, an action history, a persistence,
// a navigation hand-off), dispatch, travel, undo, and add observers from inside changes. After
// every step: no state of one store reaches another (each store's count stays in its own range,
// each name carries its store's tag), the hand-off shows the store it belongs to, and every
// observer was told of exactly the changes after it was added, with the right cause.

/// One change as an observer or the model sees it: the state after it and its cause.
private struct SeenChange: Equatable {
    let count: Int
    let name: String?
    let cause: String
}

/// What the model expects of a step's change, if it makes one.
private func causeName(_ cause: StateChangeCause) -> String {
    switch cause {
    case .action(let action): "action \(type(of: action))"
    case .actions(let actions): "actions \(actions.count)"
    case .travel: "travel"
    }
}

/// Counts a store's changes as its first subscriber, told before any other.
@MainActor
private final class ChangeCounter: StoreSubscriber {
    var states: [CheckedState] = []
    func didChange(state: CheckedState, oldState: CheckedState) { states.append(state) }
}

/// Adds an observer to its store from inside the next change, once armed.
@MainActor
private final class LateAdder: StoreSubscriber {
    var armed = false
    var onChange: (() -> Void)?
    func didChange(state: CheckedState, oldState: CheckedState) {
        guard armed else { return }
        armed = false
        onChange?()
    }
}

@MainActor
private final class SharedProgram {
    let undo = UndoHistory<CheckedState>(limit: 4)
    let history = ActionHistory<CheckedState>(limit: 1_000)
    let persistence: StatePersistence<CheckedState, String?>
    let handOff = NavigationStateMiddleware(at: \CheckedState.navigation) { _, _ in }
    var stores: [Store<CheckedState>] = []
    var counters: [ChangeCounter] = []
    var adders: [LateAdder] = []
    /// The causes the model expects, per store, one per change.
    var expectedCauses: [[String]] = []
    /// Each late observer: its store, the changes its store had made when it was added, and
    /// what it heard.
    var observers: [(store: Int, after: Int, heard: [SeenChange], subscription: StoreSubscription)] = []

    init(file: URL) {
        persistence = StatePersistence(fileURL: file, at: \.name)
    }

    var owner: Int { stores.count - 1 }

    func makeStore() {
        let index = stores.count
        let store = Store(
            with: CheckedState(count: 1_000 * (index + 1)),
            middleware: [persistence, undo, handOff, history])
        store.register(navigation: \.navigation)
        store.register(reducer: CheckedIncrementReducer.self)
        store.register(reducer: CheckedRenameReducer.self)
        store.diagnosticsHandler = { _ in }
        let counter = ChangeCounter()
        store.add(subscriber: counter)
        let adder = LateAdder()
        store.add(subscriber: adder)
        adder.onChange = { [unowned self, unowned store] in
            let position = observers.count
            let subscription = store.subscribe(to: \.self, timing: .afterSubscribers) {
                [unowned self] state, _, cause in
                observers[position].heard.append(
                    SeenChange(count: state.count, name: state.name, cause: causeName(cause)))
            }
            observers.append((index, counters[index].states.count, [], subscription))
        }
        stores.append(store)
        counters.append(counter)
        adders.append(adder)
        expectedCauses.append([])
    }

    /// Runs `body` on store `index`, noting the cause of the change it makes, if any.
    func step(on index: Int, cause: String, _ body: () -> Void) {
        let before = counters[index].states.count
        body()
        let made = counters[index].states.count - before
        expectedCauses[index].append(contentsOf: Array(repeating: cause, count: made))
    }

    func randomStep(_ random: inout SeededGenerator) {
        let index = Int.random(in: 0..<stores.count, using: &random)
        let store = stores[index]
        switch Int.random(in: 0..<11, using: &random) {
        case 0...1:
            step(on: index, cause: "action Increment") {
                store.dispatch(action: Increment(by: Int.random(in: 1...3, using: &random)))
            }
        case 2:
            let name = "s\(index)-\(["Ada", "Grace"].randomElement(using: &random)!)"
            step(on: index, cause: "action Rename") { store.dispatch(action: Rename(name: name)) }
        case 3:
            step(on: index, cause: "action NavigationAction<TestScreen>") {
                store.dispatch(action: NavigationAction.push(TestScreen.detail(index)))
            }
        case 4: step(on: index, cause: "action UndoAction") { store.dispatch(action: UndoAction()) }
        case 5: step(on: index, cause: "action RedoAction") { store.dispatch(action: RedoAction()) }
        case 6...7:
            let lowest = (history.entries.first?.index ?? history.position + 1) - 1
            let target = Int.random(in: lowest...max(lowest, history.position), using: &random)
            step(on: owner, cause: "travel") { history.jump(to: target) }
        case 8...9: adders[index].armed = true
        default:
            if stores.count < 3 { makeStore() }
        }
    }

    /// What is wrong now, or `nil`.
    func violation() -> String? {
        for (index, store) in stores.enumerated() {
            let range = (1_000 * (index + 1))..<(1_000 * (index + 2))
            for state in counters[index].states {
                if !range.contains(state.count) { return "store \(index) took the count \(state.count)" }
                if let name = state.name, !name.hasPrefix("s\(index)-") {
                    return "store \(index) took the name \(name)"
                }
            }
            let causes = counters[index].states.count
            if expectedCauses[index].count != causes {
                return
                    "store \(index) made \(causes) changes, the model expects \(expectedCauses[index].count)"
            }
            _ = store
        }
        if handOff.shownNavigation != stores[owner].state.navigation {
            return "the hand-off shows another store's navigation than its own store's (\(owner))"
        }
        for observer in observers {
            let states = counters[observer.store].states[observer.after...]
            let causes = expectedCauses[observer.store][observer.after...]
            let expected = zip(states, causes).map { SeenChange(count: $0.count, name: $0.name, cause: $1) }
            if observer.heard != expected {
                return "an observer of store \(observer.store) added after change \(observer.after) heard "
                    + "\(observer.heard), expected \(expected)"
            }
        }
        return nil
    }
}

@MainActor
@Suite("Features shared by stores: a model check")
struct SharedFeaturesModelCheckTests {
    @Test("1,000 seeded programs with two or three stores sharing features")
    func programs() async throws {
        let folder = try FeaturesModelCheckTests.makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for seed in UInt64(1)...UInt64(modelCheckRuns(1_000)) {
            var random = SeededGenerator(seed: seed)
            let file = folder.appendingPathComponent("name-\(seed).json")
            let program = SharedProgram(file: file)
            program.makeStore()
            program.makeStore()
            for step in 1...30 {
                program.randomStep(&random)
                if let violation = program.violation() {
                    Issue.record("seed \(seed), step \(step): \(violation)")
                    return
                }
            }
            // The file holds a name of the store the persistence belongs to, or one saved
            // before it moved there and not changed since.
            await program.persistence.flush()
            if let data = try? Data(contentsOf: file) {
                struct Saved: Decodable { let value: String? }
                let saved = try JSONDecoder().decode(Saved.self, from: data).value
                let owner = program.stores[program.owner].state.name
                if let owner, saved != owner {
                    Issue.record(
                        "seed \(seed): the file holds \(saved ?? "nil"), its store's name is \(owner)")
                    return
                }
            }
            try? FileManager.default.removeItem(at: file)
        }
    }
}
