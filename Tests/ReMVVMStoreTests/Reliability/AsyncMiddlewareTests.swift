import ReMVVMStore
import ReMVVMTestSupport
import Testing

// Middleware whose `next` comes late, never, twice, or from an effect that gets cancelled: the
// store must keep going, reduce each action at most once, and see the state of the moment.

private struct EffectState: StoreState {
    let factory: any ViewModelFactory = InitializableViewModelFactory()
    var count = 0
    /// For each reduced `Load`: its id and the count the reducer saw.
    var loads: [Load] = []
}

private struct Increment: StoreAction {}

private struct Load: StoreAction, Equatable {
    let id: Int
    var countWhenReduced = -1
}

private enum IncrementReducer: Reducer {
    static func reduce(state: EffectState, with action: Increment) -> EffectState {
        var state = state
        state.count += 1
        return state
    }
}

private enum LoadReducer: Reducer {
    static func reduce(state: EffectState, with action: Load) -> EffectState {
        var state = state
        state.loads.append(Load(id: action.id, countWhenReduced: state.count))
        return state
    }
}

/// Lets the test decide when each effect's wait ends.
@MainActor
private final class Gate {
    private var opened: Set<Int> = []
    private var waiting: [Int: CheckedContinuation<Void, Never>] = [:]

    func wait(for id: Int) async {
        if opened.contains(id) { return }
        await withCheckedContinuation { waiting[id] = $0 }
    }

    func open(_ id: Int) {
        opened.insert(id)
        waiting.removeValue(forKey: id)?.resume()
    }
}

/// The effects the middleware started, and what their completions saw.
@MainActor
private final class Effects {
    var tasks: [Int: Task<Void, Never>] = [:]
    var completions: [(id: Int, count: Int)] = []
    var outerCompletions = 0
}

/// What a `Load` effect does with `next`.
private enum NextPlan: Sendable, CaseIterable, CustomTestStringConvertible {
    /// Calls `next` once, after the gate opens.
    case later
    /// Returns without calling `next`.
    case never
    /// Keeps the dispatcher in its task and finishes without calling `next`.
    case neverFromTask
    /// Calls `next` right away and again after the gate opens.
    case nowAndLater
    /// Calls `next` after the gate opens, twice in a row.
    case twiceLater
    /// Calls `next` twice right away.
    case twiceNow
    /// Sleeps for an hour unless cancelled; calls `next` only if not cancelled.
    case cancellable

    var testDescription: String { "\(self)" }
}

private struct LoadEffects: Middleware {
    let plan: NextPlan
    let gate: Gate
    let effects: Effects

    func applyMiddleware(for state: EffectState, action: Load, dispatcher: Dispatcher<Load, EffectState>) {
        let effects = self.effects
        let gate = self.gate
        let complete: @MainActor (EffectState) -> Void = { state in
            effects.completions.append((action.id, state.count))
        }
        switch plan {
        case .never:
            return
        case .twiceNow:
            dispatcher.next(completion: complete)
            dispatcher.next(completion: complete)
            return
        case .nowAndLater:
            dispatcher.next(completion: complete)
        default:
            break
        }
        effects.tasks[action.id] = Task { @MainActor in
            switch plan {
            case .cancellable:
                do {
                    try await Task.sleep(for: .seconds(3600))
                } catch {
                    return
                }
                dispatcher.next(completion: complete)
            case .neverFromTask:
                await gate.wait(for: action.id)
            case .later, .nowAndLater:
                await gate.wait(for: action.id)
                dispatcher.next(completion: complete)
            case .twiceLater:
                await gate.wait(for: action.id)
                dispatcher.next(completion: complete)
                dispatcher.next(completion: complete)
            case .never, .twiceNow:
                break
            }
        }
    }
}

/// Sits before the effects and counts its completions: they run only for reduced actions.
private struct OuterCompletion: AnyMiddleware {
    let effects: Effects

    func applyMiddleware<Action: StoreAction, State: StoreState>(
        for state: State,
        action: Action,
        dispatcher: Dispatcher<Action, State>
    ) {
        let effects = self.effects
        dispatcher.next { _ in effects.outerCompletions += 1 }
    }
}

@MainActor
private final class ChangeCounter: StoreSubscriber {
    var changes = 0
    func didChange(state: EffectState, oldState: EffectState) { changes += 1 }
}

@MainActor
private struct Harness {
    let store: Store<EffectState>
    let gate = Gate()
    let effects = Effects()
    let diagnostics = Reliability.DiagnosticsLog()
    let counter = ChangeCounter()

    init(plan: NextPlan) {
        store = Store(
            with: EffectState(),
            middleware: [
                OuterCompletion(effects: effects), LoadEffects(plan: plan, gate: gate, effects: effects),
            ]
        )
        store.register(reducer: IncrementReducer.self)
        store.register(reducer: LoadReducer.self)
        diagnostics.install(on: store)
        store.add(subscriber: counter)
    }

    /// Waits until the effect of `id`, if one was started, has finished.
    func finish(_ id: Int) async {
        gate.open(id)
        await effects.tasks[id]?.value
    }
}

@MainActor
@Suite("Async middleware")
struct AsyncMiddlewareTests {
    @Test("next from a task after an await continues with the state of that moment, out of order")
    func lateNextSeesCurrentState() async {
        let harness = Harness(plan: .later)
        let store = harness.store
        store.dispatch(action: Load(id: 1))
        store.dispatch(action: Load(id: 2))
        for _ in 0..<3 { store.dispatch(action: Increment()) }
        // The store was not held up by the two pending loads.
        #expect(store.state.count == 3)
        #expect(store.state.loads.isEmpty)

        await harness.finish(2)
        store.dispatch(action: Increment())
        await harness.finish(1)

        #expect(store.state.loads == [Load(id: 2, countWhenReduced: 3), Load(id: 1, countWhenReduced: 4)])
        #expect(harness.effects.completions.map(\.id) == [2, 1])
        #expect(harness.effects.completions.map(\.count) == [3, 4])
        #expect(harness.effects.outerCompletions == 4 + 2)
        #expect(harness.counter.changes == 4 + 2)
        #expect(harness.diagnostics.entries.isEmpty)
    }

    @Test(
        "an action whose next never comes is dropped, and later actions still go through",
        arguments: [NextPlan.never, .neverFromTask])
    fileprivate func neverCalledNext(_ plan: NextPlan) async {
        let harness = Harness(plan: plan)
        let store = harness.store
        store.dispatch(action: Load(id: 1))
        store.dispatch(action: Increment())
        await harness.finish(1)
        store.dispatch(action: Increment())
        store.dispatch(action: Load(id: 2))
        await harness.finish(2)
        store.dispatch(action: Increment())

        #expect(store.state.count == 3)
        #expect(store.state.loads.isEmpty)
        #expect(harness.counter.changes == 3)
        #expect(harness.effects.completions.isEmpty)
        // The outer middleware's completions ran for the increments only.
        #expect(harness.effects.outerCompletions == 3)
        // Blocking is allowed: nothing to report.
        #expect(harness.diagnostics.entries.isEmpty)
    }

    @Test(
        "a second next is ignored and reported once",
        arguments: [NextPlan.twiceNow, .nowAndLater, .twiceLater])
    fileprivate func secondNextIgnored(_ plan: NextPlan) async {
        let harness = Harness(plan: plan)
        let store = harness.store
        store.dispatch(action: Load(id: 1))
        store.dispatch(action: Increment())
        await harness.finish(1)
        store.dispatch(action: Increment())

        #expect(store.state.loads.count == 1)
        #expect(store.state.count == 2)
        #expect(harness.effects.completions.count == 1)
        #expect(harness.effects.outerCompletions == 1 + 2)
        #expect(harness.counter.changes == 1 + 2)
        #expect(harness.diagnostics.kinds == [.nextCalledTwice])
        let message = harness.diagnostics.entries.first?.message ?? ""
        #expect(message.contains("LoadEffects") && message.contains("Load"))
    }

    @Test("cancelled effects never reduce; the ones left running still do")
    func cancelledEffects() async {
        let harness = Harness(plan: .cancellable)
        let store = harness.store
        for id in 1...5 { store.dispatch(action: Load(id: id)) }
        store.dispatch(action: Increment())
        let effects = harness.effects
        for id in [1, 3, 5] { effects.tasks[id]?.cancel() }
        for id in [1, 3, 5] { await effects.tasks[id]?.value }
        store.dispatch(action: Increment())

        #expect(store.state.loads.isEmpty)
        #expect(store.state.count == 2)
        #expect(effects.completions.isEmpty)
        #expect(harness.diagnostics.entries.isEmpty)
        // Effects 2 and 4 are still in flight; cancel them too so the test leaves nothing behind.
        for id in [2, 4] { effects.tasks[id]?.cancel() }
        for id in [2, 4] { await effects.tasks[id]?.value }
        #expect(store.state.loads.isEmpty)
    }

    @Test("next after the store is gone does nothing")
    func nextAfterStoreReleased() async {
        var harness: Harness? = Harness(plan: .later)
        weak let store = harness?.store
        harness?.store.dispatch(action: Load(id: 1))
        let effects = harness!.effects
        let gate = harness!.gate
        harness = nil
        #expect(store == nil)
        gate.open(1)
        await effects.tasks[1]?.value
        #expect(effects.completions.isEmpty)
        #expect(effects.outerCompletions == 0)
    }

    @Test("a second next after the store is gone does nothing")
    func secondNextAfterStoreReleased() async {
        var harness: Harness? = Harness(plan: .nowAndLater)
        weak let store = harness?.store
        harness?.store.dispatch(action: Load(id: 1))
        let effects = harness!.effects
        let gate = harness!.gate
        #expect(effects.completions.count == 1)
        harness = nil
        #expect(store == nil)
        // The kept dispatcher's level passed its action on; its route went with the store, so
        // the second `next` must not reach it (under the address sanitizer, reading it failed).
        gate.open(1)
        await effects.tasks[1]?.value
        #expect(effects.completions.count == 1)
    }

    @Test("a thousand effects finishing in random order each reduce once with the state of their moment")
    func manyEffectsRandomOrder() async {
        let seed = Reliability.baseSeed
        var random = SeededGenerator(seed: seed)
        let harness = Harness(plan: .later)
        let store = harness.store
        let ids = Array(0..<1000)
        for id in ids { store.dispatch(action: Load(id: id)) }
        var expected: [Load] = []
        for id in ids.shuffled(using: &random) {
            if random.chance(50) { store.dispatch(action: Increment()) }
            let before = store.state.count
            await harness.finish(id)
            expected.append(Load(id: id, countWhenReduced: before))
        }
        #expect(store.state.loads == expected, "seed \(seed)")
        #expect(harness.effects.completions.map(\.id) == expected.map(\.id), "seed \(seed)")
        #expect(harness.diagnostics.entries.isEmpty)
    }
}
