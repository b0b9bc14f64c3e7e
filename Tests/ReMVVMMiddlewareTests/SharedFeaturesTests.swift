import Foundation
import ReMVVMMiddleware
import ReMVVMStore
import Testing

// A feature belongs to one store at a time: made with the same middleware instances, a second
// store takes the feature over, and nothing of the first store reaches it (issue 39, defect 1).

@MainActor
@Suite("Features shared by two stores: the feature moves, nothing of one store reaches another")
struct SharedFeaturesTests {
    @Test("an undo in the second store restores its own state, never the first store's")
    func undoStaysInItsStore() {
        let undo = UndoHistory<TestState>(limit: 10)
        let (first, firstLog) = makeStore(middleware: [undo])
        first.dispatch(action: Increment(by: 100))
        let (second, _) = makeStore(middleware: [undo])
        second.dispatch(action: Increment())
        first.dispatch(action: Increment())
        second.dispatch(action: UndoAction())
        #expect(second.state.count == 0)
        // The first store lost the history when the second one took it.
        #expect(firstLog.kinds == [.featureMoved])
        first.dispatch(action: UndoAction())
        #expect(first.state.count == 101)
        #expect(firstLog.kinds == [.featureMoved, .featureMoved])
        #expect(firstLog.messages.last?.contains("UndoAction() was ignored") == true)
        #expect(undo.undoableActions.isEmpty)
    }

    @Test("a recorder records the store it belongs to, and passes the first store's actions on unrecorded")
    func recorderStaysWithItsStore() throws {
        try withTemporaryFile { file in
            let recorder = ActionRecorder(fileURL: file)
            let (first, firstLog) = makeStore(middleware: [recorder])
            first.dispatch(action: Increment(by: 100))
            let (second, _) = makeStore(middleware: [recorder])
            second.dispatch(action: Increment(by: 1))
            first.dispatch(action: Increment(by: 10))
            second.dispatch(action: Increment(by: 2))
            // The first store's later action still reached its reducer, unrecorded.
            #expect(first.state.count == 110)
            #expect(firstLog.kinds == [.featureMoved, .featureMoved])
            #expect(firstLog.messages.last?.contains("Increment (not recorded) was ignored") == true)
            let log = try ActionLog(contentsOf: file)
            let replayer = try ActionReplayer(types: [Increment.self])
            let replayed = makeStore(middleware: []).0
            try replayer.replay(log, into: replayed)
            #expect(replayed.state.count == 103)
        }
    }

    @Test("a jump in the second store replays its own actions from its own start")
    func actionHistoryStaysInItsStore() {
        let history = ActionHistory<TestState>()
        let (first, _) = makeStore(middleware: [history])
        first.dispatch(action: Increment(by: 100))
        let (second, _) = makeStore(middleware: [history])
        second.dispatch(action: Increment(by: 1))
        first.dispatch(action: Increment(by: 10))
        second.dispatch(action: Increment(by: 2))
        #expect(history.entries.map { ($0.action as? Increment)?.by } == [1, 2])
        #expect(history.jump(to: 1))
        #expect(second.state.count == 1)
        #expect(first.state.count == 110)
    }

    @Test("a persistence saves the part of the store it moved to, not the first store's")
    func persistenceSavesOneStore() async throws {
        let folder = try makeTemporaryFolder()
        defer { removeFolder(folder) }
        let url = folder.appendingPathComponent("count.json")
        let saved = StatePersistence<TestState, Int>(fileURL: url, at: \.count)
        let (first, _) = makeStore(middleware: [saved])
        first.dispatch(action: Increment(by: 100))
        await saved.flush()
        let (second, _) = makeStore(middleware: [saved])
        second.dispatch(action: Increment(by: 1))
        first.dispatch(action: Increment(by: 10))
        await saved.flush()
        #expect(try savedValue(Int.self, at: url) == 1)
    }

    @Test("a navigation hand-off shared by two stores hands over the changes of the store it moved to")
    func navigationHandOffFollowsOneStore() {
        struct Screens: StoreState {
            var navigation = NavigationState(root: TestScreen.home)
        }
        var handedOver: [[Int]] = []
        let handOff = NavigationStateMiddleware(at: \Screens.navigation) { _, navigation in
            handedOver.append(navigation.entries.map(\.id))
        }
        let first = Store(with: Screens(), middleware: [handOff])
        first.register(navigation: \.navigation)
        first.diagnosticsHandler = { _ in }
        first.dispatch(action: NavigationAction.push(TestScreen.detail(1)))
        let second = Store(with: Screens(), middleware: [handOff])
        second.register(navigation: \.navigation)
        handedOver = []
        first.dispatch(action: NavigationAction.push(TestScreen.detail(2)))
        second.dispatch(action: NavigationAction.push(TestScreen.sheet))
        #expect(handedOver == [second.state.navigation.entries.map(\.id)])
        #expect(handOff.shownNavigation == second.state.navigation)
    }

    @Test("a history registered again on its own store keeps its steps")
    func registeringAgainOnTheSameStoreKeepsSteps() {
        let undo = UndoHistory<TestState>(limit: 10)
        let (store, log) = makeStore(middleware: [undo])
        store.dispatch(action: Increment())
        undo.register(on: store)
        #expect(undo.canUndo)
        #expect(log.kinds.isEmpty)
    }
}
