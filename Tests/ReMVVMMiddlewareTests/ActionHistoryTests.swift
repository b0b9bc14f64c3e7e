import Foundation
import ReMVVMMiddleware
import ReMVVMStore
import ReMVVMTestSupport
import Testing

/// The reference: the state the reducers make of the initial one over `actions`, folded by
/// hand, with no store.
private func referenceFold(_ actions: [any StoreAction]) -> (count: Int, name: String?) {
    var count = 0
    var name: String?
    for action in actions {
        if let increment = action as? Increment { count += increment.by }
        if let rename = action as? Rename { name = rename.name }
    }
    return (count, name)
}

@MainActor
private func makeHistoryStore(limit: Int = 10_000, before: [any AnyMiddleware] = []) -> (
    Store<TestState>, ActionHistory<TestState>, DiagnosticsLog
) {
    let history = ActionHistory<TestState>(limit: limit)
    let (store, log) = makeStore(middleware: before + [history])
    history.register(on: store)
    return (store, history, log)
}

@MainActor
@Suite struct ActionHistoryTests {
    @Test(
        "10,000 seeded random sessions: jump(to: k) is the fold of the first k actions, skip(i) the fold without i"
    )
    func randomSessions() throws {
        let seed = UInt64(ProcessInfo.processInfo.environment["REMVVM_SEED"] ?? "") ?? 0x5EED_2026
        var random = SeededGenerator(seed: seed)
        for session in 0..<modelCheckRuns(10_000) {
            let (store, history, _) = makeHistoryStore()
            var actions: [any StoreAction] = []
            for _ in 0..<Int.random(in: 1...12, using: &random) {
                let action: any StoreAction =
                    Bool.random(using: &random)
                    ? Increment(by: Int.random(in: -5...5, using: &random))
                    : Rename(name: ["Ada", "Alan", nil].randomElement(using: &random)!)
                actions.append(action)
                store.dispatch(action: action)
            }
            let context = "seed \(seed), session \(session)"
            let k = Int.random(in: 0...actions.count, using: &random)
            #expect(history.jump(to: k), "\(context)")
            var expected = referenceFold(Array(actions.prefix(k)))
            #expect(
                store.state.count == expected.count && store.state.name == expected.name,
                "\(context): jump(to: \(k))")

            history.jump(to: actions.count)
            let i = Int.random(in: 1...actions.count, using: &random)
            history.skip(i)
            var without = actions
            without.remove(at: i - 1)
            expected = referenceFold(without)
            #expect(
                store.state.count == expected.count && store.state.name == expected.name,
                "\(context): skip(\(i))")

            history.skip(i)
            expected = referenceFold(actions)
            #expect(
                store.state.count == expected.count && store.state.name == expected.name,
                "\(context): skip twice")
            if store.state.count != expected.count || store.state.name != expected.name { return }
        }
    }

    @Test(
        "2,000 seeded sessions under small limits: dispatches, jumps and skips against a reference history"
    )
    func randomSessionsUnderALimit() {
        let seed = UInt64(ProcessInfo.processInfo.environment["REMVVM_SEED"] ?? "") ?? 0x5EED_2027
        var random = SeededGenerator(seed: seed)
        for session in 0..<modelCheckRuns(2_000) {
            let limit = Int.random(in: 1...4, using: &random)
            let (store, history, _) = makeHistoryStore(limit: limit)
            // The reference keeps the whole session; the history shows the entries after `gone`:
            // an action that went past the limit is folded into the start for good.
            var kept: [(index: Int, action: any StoreAction, isSkipped: Bool)] = []
            var position = 0
            var gone = 0
            func inEffect() -> [any StoreAction] {
                kept.filter { !$0.isSkipped && $0.index <= position }.map(\.action)
            }
            for step in 0..<Int.random(in: 1...20, using: &random) {
                let visible = kept.filter { $0.index > gone }
                let context = "seed \(seed), session \(session), limit \(limit), step \(step)"
                switch Int.random(in: 0..<4, using: &random) {
                case 0, 1:
                    let action: any StoreAction =
                        Bool.random(using: &random)
                        ? Increment(by: Int.random(in: -5...5, using: &random))
                        : Rename(name: ["Ada", "Alan", nil].randomElement(using: &random)!)
                    kept.removeAll { $0.index > position }
                    position += 1
                    kept.append((position, action, false))
                    let shown = kept.filter { $0.index > gone }
                    if shown.count > limit { gone = shown[shown.count - limit - 1].index }
                    store.dispatch(action: action)
                case 2:
                    let lowest = (visible.first?.index ?? position + 1) - 1
                    let highest = visible.last?.index ?? position
                    let k = Int.random(in: (lowest - 1)...(highest + 1), using: &random)
                    let isInside = (lowest...highest).contains(k)
                    #expect(history.jump(to: k) == isInside, "\(context): jump(to: \(k))")
                    if isInside { position = k }
                default:
                    let i = Int.random(in: (position - limit)...(position + 1), using: &random)
                    let offset = kept.firstIndex { $0.index == i }
                    let isVisible = visible.contains { $0.index == i }
                    #expect(history.skip(i) == isVisible, "\(context): skip(\(i))")
                    if isVisible, let offset { kept[offset].isSkipped.toggle() }
                }
                let expected = referenceFold(inEffect())
                #expect(
                    store.state.count == expected.count && store.state.name == expected.name,
                    "\(context): the state")
                let shown = kept.filter { $0.index > gone }
                #expect(
                    history.entries.map(\.index) == shown.map(\.index)
                        && history.entries.map(\.isSkipped) == shown.map(\.isSkipped),
                    "\(context): the entries")
                if store.state.count != expected.count || store.state.name != expected.name
                    || history.entries.map(\.index) != shown.map(\.index)
                {
                    return
                }
            }
        }
    }

    @Test("a jump tells each subscriber once, with the result, and runs no middleware")
    func subscribersToldOnce() {
        let counter = CountingMiddleware()
        let (store, history, _) = makeHistoryStore(before: [counter])
        for _ in 0..<5 { store.dispatch(action: Increment(by: 1)) }
        var seen: [(Int, Int)] = []
        let subscription = store.subscribe(to: \.self) { state, old in seen.append((state.count, old.count)) }
        let dispatchedBefore = counter.count
        history.jump(to: 2)
        #expect(seen.map(\.0) == [2])
        #expect(seen.map(\.1) == [5])
        #expect(counter.count == dispatchedBefore)
        subscription.cancel()
    }

    @Test("a jump asked for during a notification is one change right after it")
    func jumpDuringNotification() {
        let (store, history, _) = makeHistoryStore()
        store.dispatch(action: Increment(by: 1))
        var seen: [(Int, Int)] = []
        var jumped = false
        let subscription = store.subscribe(to: \.self) { [unowned store] state, old in
            seen.append((state.count, old.count))
            // Asked for by a subscriber (a debugging screen, say) while the store is busy.
            if state.count == 11, !jumped {
                jumped = true
                #expect(history.jump(to: 1))
                #expect(store.state.count == 11, "not inside the notification")
            }
        }
        store.dispatch(action: Increment(by: 10))
        #expect(seen.map(\.0) == [11, 1])
        #expect(seen.map(\.1) == [1, 11])
        #expect(store.state.count == 1)
        #expect(history.entries.map(\.index) == [1, 2], "the jump kept what it jumped over")
        #expect(history.position == 1)
        subscription.cancel()
    }

    @Test("a jump asked for during a notification comes after the actions dispatched before it")
    func actionQueuedBeforeJumpDuringNotification() {
        let (store, history, _) = makeHistoryStore()
        store.dispatch(action: Increment(by: 1))
        var seen: [Int] = []
        var asked = false
        let subscription = store.subscribe(to: \.self) { [unowned store] state, _ in
            seen.append(state.count)
            if state.count == 11, !asked {
                asked = true
                store.dispatch(action: Increment(by: 100))  // queued first
                #expect(history.jump(to: 1))
                #expect(!history.jump(to: 9), "outside the session when asked")
                #expect(history.skip(1))
            }
        }
        store.dispatch(action: Increment(by: 10))
        // In the order asked: +100 (recorded as 3), the jump to 1, then 1 skipped.
        #expect(seen == [11, 111, 1, 0])
        #expect(history.entries.map(\.index) == [1, 2, 3])
        #expect(history.position == 1)
        #expect(store.state.count == 0)
        subscription.cancel()
    }

    @Test("a dispatch after a jump into the past drops the future")
    func dispatchAfterJumpDropsTheFuture() {
        let (store, history, _) = makeHistoryStore()
        store.dispatch(action: Increment(by: 1))
        store.dispatch(action: Increment(by: 10))
        store.dispatch(action: Increment(by: 100))
        history.jump(to: 1)
        store.dispatch(action: Rename(name: "Ada"))
        #expect(history.entries.map(\.index) == [1, 2])
        #expect(history.entries.last?.action is Rename)
        #expect(store.state.count == 1 && store.state.name == "Ada")
        history.jump(to: 0)
        #expect(store.state.count == 0 && store.state.name == nil)
    }

    @Test(
        "the limit folds the oldest actions into the start; out-of-range requests change nothing and are reported"
    )
    func limitAndBadRequests() {
        let (store, history, log) = makeHistoryStore(limit: 3)
        for by in 1...5 { store.dispatch(action: Increment(by: by)) }
        #expect(history.entries.map(\.index) == [3, 4, 5])
        #expect(history.jump(to: 2))  // the start: actions 1 and 2 folded in
        #expect(store.state.count == 3)
        #expect(!history.jump(to: 1))
        #expect(!history.skip(9))
        #expect(store.state.count == 3)
        #expect(log.kinds == [.historyRequestIgnored, .historyRequestIgnored])
    }

    @Test("a history in the middleware attaches itself: no register(on:), and it folds and travels")
    func attachesItself() {
        let history = ActionHistory<TestState>(limit: 2)
        let (store, log) = makeStore(middleware: [history])
        for by in 1...4 { store.dispatch(action: Increment(by: by)) }
        #expect(log.kinds.isEmpty)
        // Folded: at most one and a half times the limit is kept.
        #expect(history.entries.map(\.index) == [3, 4])
        #expect(history.jump(to: 3))
        #expect(store.state.count == 6)
        // Registering again on the same store changes nothing.
        history.register(on: store)
        #expect(history.entries.map(\.index) == [3, 4])
        #expect(history.position == 3)
    }

    @Test("a history outside the middleware keeps nothing and cannot travel until registered")
    func registeredOutsideTheMiddleware() {
        let history = ActionHistory<TestState>(limit: 10)
        let (store, log) = makeStore(middleware: [])
        store.dispatch(action: Increment(by: 1))
        #expect(history.entries.isEmpty)
        #expect(!history.jump(to: 0))
        history.register(on: store)
        store.dispatch(action: Increment(by: 2))
        #expect(history.entries.map(\.index) == [1])
        #expect(history.jump(to: 0))
        #expect(store.state.count == 1)
        #expect(log.kinds.isEmpty)
    }

    @Test("an undo kept after the undo history is replayed exactly by a jump")
    func undoIsExact() {
        let undo = UndoHistory<TestState>(limit: 10)
        let (store, history, _) = makeHistoryStore(before: [undo])
        undo.register(on: store)
        store.dispatch(action: Increment(by: 1))
        store.dispatch(action: Increment(by: 10))
        store.dispatch(action: UndoAction())
        store.dispatch(action: Rename(name: "Ada"))
        history.jump(to: 3)
        #expect(store.state.count == 1 && store.state.name == nil)
        history.jump(to: 4)
        #expect(store.state.count == 1 && store.state.name == "Ada")
    }
}

/// Counts the actions that reach it.
@MainActor
private final class CountingMiddleware: AnyMiddleware {
    var count = 0

    func applyMiddleware<Action: StoreAction, State: StoreState>(
        for state: State, action: Action, dispatcher: Dispatcher<Action, State>
    ) {
        count += 1
        dispatcher.next()
    }
}
