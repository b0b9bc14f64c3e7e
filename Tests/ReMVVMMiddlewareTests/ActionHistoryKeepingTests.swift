import Foundation
import ReMVVMMiddleware
import ReMVVMStore
import ReMVVMTestSupport
import Testing

/// One action of the model session: its index, the action, and whether it was skipped.
private struct ModelAction {
    let index: Int
    let action: any StoreAction
    var isSkipped = false
}

/// The count and the name the reducers make of the model's actions in effect up to
/// `position`.
private func modelState(_ session: [ModelAction], through position: Int) -> (count: Int, name: String?) {
    var state: (count: Int, name: String?) = (0, nil)
    for kept in session where kept.index <= position && !kept.isSkipped {
        if let increment = kept.action as? Increment { state.count += increment.by }
        if let rename = kept.action as? Rename { state.name = rename.name }
    }
    return state
}

/// How the store hands an `ActionHistory` each action (the store's keepers, before the
/// subscribers) and how the history holds them (a ring whose oldest actions are folded into
/// its start where they are).
@MainActor
@Suite struct ActionHistoryKeepingTests {
    @Test(
        "500 seeded sessions over small limits: after every dispatch, jump and skip, the state and the entries follow a model"
    )
    func ringFollowsTheModel() {
        let seed = UInt64(ProcessInfo.processInfo.environment["REMVVM_SEED"] ?? "") ?? 0x41_2026
        var random = SeededGenerator(seed: seed)
        for session in 0..<modelCheckRuns(500) {
            let limit = Int.random(in: 1...6, using: &random)
            let history = ActionHistory<TestState>(limit: limit)
            let (store, log) = makeStore(middleware: [history])
            // Every action the session holds, folded or not; the model never folds.
            var model: [ModelAction] = []
            var position = 0
            for step in 0..<Int.random(in: 1...60, using: &random) {
                let context = "seed \(seed), session \(session), limit \(limit), step \(step)"
                let kept = history.entries
                switch Int.random(in: 0..<10, using: &random) {
                case 0..<6:
                    // Two action types, so that the journal keeps two columns.
                    let action: any StoreAction =
                        Int.random(in: 0..<3, using: &random) > 0
                        ? Increment(by: Int.random(in: -9...9, using: &random))
                        : Rename(name: ["Ada", "Alan", nil].randomElement(using: &random)!)
                    store.dispatch(action: action)
                    model.removeAll { $0.index > position }
                    position += 1
                    model.append(ModelAction(index: position, action: action))
                case 6..<8 where !kept.isEmpty:
                    let target = Int.random(
                        in: (kept[0].index - 1)...kept[kept.count - 1].index, using: &random)
                    #expect(history.jump(to: target), "\(context)")
                    position = target
                default:
                    guard let skipped = kept.randomElement(using: &random) else { continue }
                    #expect(history.skip(skipped.index), "\(context)")
                    if let offset = model.firstIndex(where: { $0.index == skipped.index }) {
                        model[offset].isSkipped.toggle()
                    }
                }
                let expected = modelState(model, through: position)
                #expect(
                    store.state.count == expected.count && store.state.name == expected.name,
                    "\(context): the state")
                #expect(history.position == position, "\(context): the position")
                let entries = history.entries
                let held = model.suffix(entries.count)
                #expect(entries.map(\.index) == held.map(\.index), "\(context): the indices kept")
                #expect(entries.map(\.isSkipped) == held.map(\.isSkipped), "\(context): the skips kept")
                #expect(
                    entries.count <= limit + max(1, limit / 2),
                    "\(context): no more than the limit and a batch")
                if store.state.count != expected.count || store.state.name != expected.name { return }
            }
            #expect(log.kinds.isEmpty, "seed \(seed), session \(session)")
        }
    }

    @Test("a history registered by a subscriber during a change starts after that change's action")
    func registeredDuringAChange() {
        let history = ActionHistory<TestState>(limit: 10)
        // A history from the start, so that the store hands its keepers each change.
        let (store, _) = makeStore(middleware: [ActionHistory<TestState>(limit: 10)])
        let subscription = store.subscribe(to: \.count) { _, _ in history.register(on: store) }
        store.dispatch(action: Increment(by: 1))
        store.dispatch(action: Increment(by: 10))
        #expect(history.entries.map(\.index) == [1])
        #expect(history.jump(to: 0))
        // The start is the state the first action made: it is not kept as an action too.
        #expect(store.state.count == 1)
        #expect(history.jump(to: 1))
        #expect(store.state.count == 11)
        subscription.cancel()
    }

    @Test("two histories of one store each keep every action, and travel apart")
    func twoHistories() {
        let first = ActionHistory<TestState>(limit: 2)
        let second = ActionHistory<TestState>(limit: 100)
        let (store, _) = makeStore(middleware: [first, second])
        for by in [1, 10, 100, 1_000] { store.dispatch(action: Increment(by: by)) }
        #expect(first.entries.map(\.index) == [3, 4])
        #expect(second.entries.map(\.index) == [1, 2, 3, 4])
        #expect(second.jump(to: 1))
        #expect(store.state.count == 1)
        #expect(first.jump(to: 3))
        #expect(store.state.count == 111)
    }

    @Test("a history moved to another store from a subscriber keeps nothing more of the first")
    func movedDuringAChange() {
        let history = ActionHistory<TestState>(limit: 10)
        let (first, _) = makeStore(middleware: [history])
        let (second, _) = makeStore(middleware: [])
        var moved = false
        let subscription = first.subscribe(to: \.count) { _, _ in
            if !moved {
                moved = true
                history.register(on: second)
            }
        }
        first.dispatch(action: Increment(by: 1))
        first.dispatch(action: Increment(by: 10))
        second.dispatch(action: Increment(by: 100))
        #expect(history.entries.map(\.action).compactMap { ($0 as? Increment)?.by } == [100])
        #expect(history.jump(to: 0))
        #expect(second.state.count == 0)
        #expect(first.state.count == 11)
        subscription.cancel()
    }
}
