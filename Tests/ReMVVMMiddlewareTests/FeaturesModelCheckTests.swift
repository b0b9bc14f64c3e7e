import Foundation
import ReMVVMMiddleware
import ReMVVMStore
import ReMVVMTestSupport
import Testing

// A model check of the features inside the engine: random sessions of dispatches, jumps,
// skips, undo, redo and replays, in a store with a persistence, an action history, an undo
// history and the navigation hand-off. After every step, every feature must follow the state,
// whatever changed it.

struct CheckedState: StoreState {
    var count = 0
    var name: String?
    var navigation = NavigationState(root: TestScreen.home)
}

enum CheckedIncrementReducer: Reducer {
    static func reduce(state: CheckedState, with action: Increment) -> CheckedState {
        var state = state
        state.count += action.by
        return state
    }
}

enum CheckedRenameReducer: Reducer {
    static func reduce(state: CheckedState, with action: Rename) -> CheckedState {
        var state = state
        state.name = action.name
        return state
    }
}

/// A UI that shows what the navigation hand-off gives it: entry identifiers, root first.
@MainActor
final class SimulatedUI {
    var shown: [Int] = []

    func apply(_ changes: [NavigationChange<TestScreen>]) {
        for change in changes {
            switch change {
            case .pushed(let entry), .presented(let entry): shown.append(entry.id)
            case .popped(let entry): shown.removeAll { $0 == entry.id }
            case .dismissed(let entry):
                if let index = shown.firstIndex(of: entry.id) { shown.removeSubrange(index...) }
            }
        }
    }
}

/// Counts the changes it is told about, and checks that each starts where the last ended.
@MainActor
final class ChainCheckingSubscriber: StoreSubscriber {
    var changes = 0
    var last: CheckedState?
    var brokenChain = false

    func didChange(state: CheckedState, oldState: CheckedState) {
        changes += 1
        if let last,
            last.count != oldState.count || last.name != oldState.name
                || last.navigation != oldState.navigation
        {
            brokenChain = true
        }
        last = state
    }
}

@MainActor
struct FeatureSession {
    let store: Store<CheckedState>
    let history: ActionHistory<CheckedState>
    let undo: UndoHistory<CheckedState>
    let persistence: StatePersistence<CheckedState, String?>
    let ui = SimulatedUI()
    let subscribers = [ChainCheckingSubscriber(), ChainCheckingSubscriber()]
    let file: URL
    /// The changes the store made so far, as the model counts them.
    var expectedChanges = 0

    init(folder: URL, seed: UInt64) {
        file = folder.appendingPathComponent("state-\(seed).json")
        // Small limits too, so that sessions fold old actions into the history's start.
        history = ActionHistory(limit: [3, 4, 1_000][Int(seed % 3)])
        undo = UndoHistory(limit: 5)
        persistence = StatePersistence(fileURL: file, at: \.name)
        let ui = ui
        let navigation = NavigationStateMiddleware(at: \CheckedState.navigation) { changes, _ in
            ui.apply(changes)
        }
        store = Store(with: CheckedState(), middleware: [persistence, undo, navigation, history])
        store.register(navigation: \.navigation)
        store.register(reducer: CheckedIncrementReducer.self)
        store.register(reducer: CheckedRenameReducer.self)
        store.diagnosticsHandler = { _ in }
        ui.shown = store.state.navigation.entries.map(\.id)
        for subscriber in subscribers {
            subscriber.last = store.state
            store.add(subscriber: subscriber)
        }
    }

    /// What is wrong after a step, or `nil`.
    mutating func violation() async -> String? {
        await persistence.flush()
        let saved: String??
        if FileManager.default.fileExists(atPath: file.path) {
            guard let data = try? Data(contentsOf: file) else { return "the file cannot be read" }
            struct Saved: Decodable { let value: String? }
            guard let decoded = try? JSONDecoder().decode(Saved.self, from: data) else {
                return "the file does not decode"
            }
            saved = .some(decoded.value)
        } else {
            saved = .none
        }
        // No file yet: nothing was ever saved, so the name must still be the first one.
        if saved ?? nil != store.state.name {
            return
                "the file holds \(String(describing: saved)), the state \(String(describing: store.state.name))"
        }
        let entries = store.state.navigation.entries.map(\.id)
        if ui.shown != entries { return "the UI shows \(ui.shown), the state holds \(entries)" }
        for subscriber in subscribers {
            if subscriber.changes != expectedChanges {
                return "a subscriber was told \(subscriber.changes) times of \(expectedChanges) changes"
            }
            if subscriber.brokenChain { return "a subscriber's oldState was not the state it saw last" }
        }
        // Time travel is exact: recomputing the position the session is at changes nothing.
        let before = store.state
        guard history.jump(to: history.position) else {
            return "the history refused to jump to its position \(history.position), "
                + "entries \(history.entries.map(\.index))"
        }
        expectedChanges += 1
        if store.state.count != before.count || store.state.name != before.name
            || store.state.navigation != before.navigation
        {
            return "a jump to the current position \(history.position) changed the state"
        }
        return nil
    }

    /// One random step: a dispatch, a jump, a skip, an undo, a redo or a replay. With
    /// `bypassingJump`, a jump sets the state past the features (the planted bug).
    mutating func step(_ random: inout SeededGenerator, replayer: ActionReplayer, bypassingJump: Bool) throws
    {
        let positions = history.entries.map(\.index)
        switch Int.random(in: 0..<12, using: &random) {
        case 0...1: dispatch(Increment(by: Int.random(in: 1...3, using: &random)))
        case 2...3: dispatch(Rename(name: ["Ada", "Grace", nil].randomElement(using: &random)!))
        case 4: dispatch(NavigationAction.push(TestScreen.detail(Int.random(in: 0..<5, using: &random))))
        case 5: dispatch(NavigationAction<TestScreen>.pop(count: 1))
        case 6: dispatch(NavigationAction.present(TestScreen.sheet))
        case 7: dispatch(NavigationAction<TestScreen>.dismiss)
        case 8:
            if undo.canUndo { expectedChanges += 1 }
            store.dispatch(action: UndoAction())
        case 9:
            if undo.canRedo { expectedChanges += 1 }
            store.dispatch(action: RedoAction())
        case 10:
            // Anywhere in the session kept: from the state before its first action to its last.
            let lowest = (positions.first ?? history.position + 1) - 1
            let index = Int.random(in: lowest...(positions.last ?? history.position), using: &random)
            if bypassingJump {
                // The travelled-to state, from the initial one (a session that folds nothing),
                // set past the features.
                let actions = history.entries.filter { !$0.isSkipped && $0.index <= index }.map(\.action)
                store.replaceStateBypassingObservers(with: store.reduced(actions, from: CheckedState()))
            } else {
                history.jump(to: index)
            }
            expectedChanges += 1
        default:
            if Bool.random(using: &random), let index = positions.randomElement(using: &random) {
                history.skip(index)
            } else {
                let name = ["Ada", "Grace"].randomElement(using: &random)!
                let log = try ActionLog(
                    text: #"{"seq":1,"type":"Increment","action":{"by":5}}"# + "\n"
                        + #"{"seq":2,"type":"Rename","action":{"name":"\#(name)"}}"# + "\n")
                try replayer.replay(log, into: store)
            }
            expectedChanges += 1
        }
    }

    private mutating func dispatch(_ action: some StoreAction) {
        store.dispatch(action: action)
        expectedChanges += 1
    }
}

@MainActor
@Suite("Features inside the engine: a model check")
struct FeaturesModelCheckTests {
    /// A folder in memory where there is one: the check is about which values reach the file,
    /// not about the disk, and 2,000 sessions make thousands of synchronized writes.
    static func makeFolder() throws -> URL {
        let base =
            FileManager.default.fileExists(atPath: "/dev/shm")
            ? URL(fileURLWithPath: "/dev/shm") : FileManager.default.temporaryDirectory
        let folder = base.appendingPathComponent("remvvm-features-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Runs session `seed` and returns the first violation, naming the seed and the step.
    static func run(seed: UInt64, steps: Int, folder: URL, bypassingJump: Bool = false) async throws
        -> String?
    {
        var random = SeededGenerator(seed: seed)
        var session = FeatureSession(folder: folder, seed: seed)
        let replayer = try ActionReplayer(types: [Increment.self, Rename.self])
        for step in 1...steps {
            try session.step(&random, replayer: replayer, bypassingJump: bypassingJump)
            if let violation = await session.violation() { return "seed \(seed), step \(step): \(violation)" }
        }
        try? FileManager.default.removeItem(at: session.file)
        return nil
    }

    @Test("2,000 seeded sessions: after every step the file, the UI and every subscriber follow the state")
    func sessions() async throws {
        let folder = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for seed in UInt64(1)...UInt64(modelCheckRuns(2_000)) {
            let violation = try await Self.run(seed: seed, steps: 16, folder: folder)
            #expect(violation == nil)
            if violation != nil { return }
        }
    }

    @Test("the check catches a jump that bypasses the features (a planted bug)")
    func catchesABypass() async throws {
        let folder = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var caught: [String] = []
        // Sessions with a history of 1,000 actions, which fold nothing (seed % 3 == 2).
        for seed in stride(from: UInt64(2), through: 600, by: 3) {
            if let violation = try await Self.run(seed: seed, steps: 16, folder: folder, bypassingJump: true)
            {
                caught.append(violation)
            }
        }
        #expect(caught.contains { $0.contains("the file holds") })
        #expect(caught.contains { $0.contains("the UI shows") })
    }
}
