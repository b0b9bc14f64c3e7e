import ReMVVMStore
import ReMVVMTestSupport
import Testing

// Dispatches made from subscribers, middleware and completions while the store is busy are
// queued, never run recursively: these tests would overflow the stack, see stale states, or see
// a wrong order if the store recursed.

private struct ChainState: StoreState {
    let factory: any ViewModelFactory = InitializableViewModelFactory()
    /// Counts reduced actions: every change raises it by exactly one.
    var version = 0
    /// The labels of the reduced `Mark` actions, in the order they were reduced.
    var trail: [String] = []
}

private struct Step: StoreAction {}

private struct Mark: StoreAction {
    let label: String
}

private enum StepReducer: Reducer {
    static func reduce(state: ChainState, with action: Step) -> ChainState {
        var state = state
        state.version += 1
        return state
    }
}

private enum MarkReducer: Reducer {
    static func reduce(state: ChainState, with action: Mark) -> ChainState {
        var state = state
        state.version += 1
        state.trail.append(action.label)
        return state
    }
}

/// Checks every call it gets: each change exactly once, in order, with `state == store.state`
/// in `didChange` and the old state still in the store during `willChange`.
@MainActor
private final class Auditor: StoreSubscriber {
    private weak var store: Store<ChainState>?
    private(set) var last: Int
    private(set) var calls = 0
    private(set) var firstViolation: String?
    /// Runs after the checks of each change, to dispatch from inside a notification.
    var reaction: (@MainActor (Store<ChainState>, ChainState) -> Void)?

    init(store: Store<ChainState>) {
        self.store = store
        last = store.state.version
    }

    func willChange(state: ChainState) {
        guard let store else { return }
        check(store.state.version == last, "willChange: store already at \(store.state.version)")
        check(state.version == last + 1, "willChange: told \(state.version) after \(last)")
    }

    func didChange(state: ChainState, oldState: ChainState) {
        guard let store else { return }
        check(state.version == last + 1, "didChange: told \(state.version) after \(last)")
        check(oldState.version == last, "didChange: old state \(oldState.version) after \(last)")
        check(store.state.version == state.version, "didChange: store holds \(store.state.version)")
        last = state.version
        calls += 1
        reaction?(store, state)
    }

    private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition && firstViolation == nil { firstViolation = message() }
    }
}

/// Where a dispatch comes from in ``ReentrancyTests/dispatchesFromEverywhereKeepFIFO(_:)``.
private enum Source: Sendable {
    case middlewareBeforeNext
    case firstSubscriber
    case secondSubscriber
    case completion
}

/// Reactions: when an action with the key label is processed, `Source` dispatches a `Mark`.
private typealias Reactions = [String: [(Source, String)]]

/// Dispatches the reactions' `Mark`s before calling `next`, and from its completion; blocks the
/// labels starting with `x`.
private struct ReactingMiddleware: Middleware {
    let reactions: Reactions

    func applyMiddleware(for state: ChainState, action: Mark, dispatcher: Dispatcher<Mark, ChainState>) {
        let mine = reactions[action.label] ?? []
        for case (.middlewareBeforeNext, let label) in mine {
            dispatcher.dispatch(action: Mark(label: label))
        }
        guard !action.label.hasPrefix("x") else { return }
        dispatcher.next { _ in
            for case (.completion, let label) in mine { dispatcher.dispatch(action: Mark(label: label)) }
        }
    }
}

private struct FIFOCase: Sendable, CustomTestStringConvertible {
    let name: String
    let reactions: [String: [(Source, String)]]
    let expected: [String]

    var testDescription: String { name }
}

@MainActor
@Suite("Re-entrancy")
struct ReentrancyTests {
    /// A tenth under the sanitizers (`Reliability.loadSize`): still a chain no recursive store
    /// survives on a flat stack.
    static let chainLength = Reliability.loadSize(1_000_000)

    @Test("a subscriber dispatching on every change, a million times, runs on a flat stack")
    func millionChainedDispatchesFromASubscriber() {
        let store = Store(with: ChainState())
        store.register(reducer: StepReducer.self)
        let limit = Self.chainLength
        var lowest = UInt.max
        var highest = UInt.min
        let chainer = Auditor(store: store)
        chainer.reaction = { store, state in
            let address = Reliability.stackAddress()
            lowest = min(lowest, address)
            highest = max(highest, address)
            if state.version < limit { store.dispatch(action: Step()) }
        }
        // Added after the chainer: told about each change after the chainer queued the next one.
        let later = Auditor(store: store)
        var closureLast = 0
        var closureInOrder = true
        store.add(subscriber: chainer)
        store.add(subscriber: later)
        let subscription = store.subscribe(to: \.self) { state, oldState in
            closureInOrder =
                closureInOrder && state.version == closureLast + 1 && oldState.version == closureLast
            closureLast = state.version
        }

        store.dispatch(action: Step())

        #expect(store.state.version == limit)
        // A recursive store would be a million frames deep (and crash); a queued one calls the
        // subscriber from the same frame every time. 16 KiB leaves room for a frame or two.
        #expect(highest - lowest < 16 * 1024, "stack spread \(highest - lowest) bytes")
        for auditor in [chainer, later] {
            #expect(auditor.firstViolation == nil)
            #expect(auditor.calls == limit)
            #expect(auditor.last == store.state.version)
        }
        #expect(closureInOrder)
        #expect(closureLast == store.state.version)
        subscription.cancel()
    }

    fileprivate nonisolated static let fifoCases = [
        FIFOCase(
            name: "middleware, subscriber and completion of one action",
            reactions: [
                "A": [(.middlewareBeforeNext, "B"), (.firstSubscriber, "D"), (.completion, "C")],
                "B": [(.secondSubscriber, "E")],
            ],
            // B was queued first (before A's next), D while subscribers were told, C last.
            expected: ["A", "B", "D", "C", "E"]
        ),
        FIFOCase(
            name: "a chain through every source",
            reactions: [
                "A": [(.completion, "B")],
                "B": [(.firstSubscriber, "C")],
                "C": [(.middlewareBeforeNext, "D")],
                "D": [(.secondSubscriber, "E"), (.completion, "F")],
                "E": [(.middlewareBeforeNext, "G")],
            ],
            expected: ["A", "B", "C", "D", "E", "F", "G"]
        ),
        FIFOCase(
            name: "a blocked action still queues what its middleware dispatched",
            reactions: [
                "A": [(.middlewareBeforeNext, "xB"), (.completion, "C")],
                "xB": [(.middlewareBeforeNext, "D")],
                "C": [(.firstSubscriber, "xE"), (.secondSubscriber, "F")],
                "xE": [(.middlewareBeforeNext, "G")],
            ],
            expected: ["A", "C", "D", "F", "G"]
        ),
    ]

    @Test("dispatches from middleware, subscribers and completions run in FIFO order", arguments: fifoCases)
    fileprivate func dispatchesFromEverywhereKeepFIFO(_ fifoCase: FIFOCase) {
        let store = Store(with: ChainState(), middleware: [ReactingMiddleware(reactions: fifoCase.reactions)])
        store.register(reducer: MarkReducer.self)
        let first = Auditor(store: store)
        let second = Auditor(store: store)
        first.reaction = { store, state in
            for case (.firstSubscriber, let label) in fifoCase.reactions[state.trail.last ?? ""] ?? [] {
                store.dispatch(action: Mark(label: label))
            }
        }
        second.reaction = { store, state in
            for case (.secondSubscriber, let label) in fifoCase.reactions[state.trail.last ?? ""] ?? [] {
                store.dispatch(action: Mark(label: label))
            }
        }
        store.add(subscriber: first)
        store.add(subscriber: second)

        store.dispatch(action: Mark(label: "A"))

        // Rule 2: the whole cascade ran before the outer dispatch returned.
        #expect(store.state.trail == fifoCase.expected)
        for auditor in [first, second] {
            #expect(auditor.firstViolation == nil)
            #expect(auditor.last == store.state.version)
            #expect(auditor.calls == fifoCase.expected.count)
        }
    }

    @Test("many subscribers dispatching at random never see a state older than one they saw")
    func randomReentrantSubscribers() {
        let seed = Reliability.baseSeed
        var random = SeededGenerator(seed: seed)
        let store = Store(with: ChainState())
        store.register(reducer: StepReducer.self)
        let limit = 20_000
        var auditors: [Auditor] = []
        for _ in 0..<20 {
            let auditor = Auditor(store: store)
            let percent = Int.random(in: 0..<15, using: &random)
            let dispatchesInWillChange = random.chance(30)
            auditor.reaction = { store, state in
                if state.version < limit && random.chance(percent) { store.dispatch(action: Step()) }
            }
            if dispatchesInWillChange {
                store.add(subscriber: WillChangeDispatcher(store: store, limit: limit))
            }
            auditors.append(auditor)
            store.add(subscriber: auditor)
        }
        var dispatched = 0
        while store.state.version < limit {
            store.dispatch(action: Step())
            dispatched += 1
        }

        #expect(dispatched < limit, "subscribers must have dispatched for this test to mean anything")
        for (index, auditor) in auditors.enumerated() {
            #expect(auditor.firstViolation == nil, "subscriber \(index), seed \(seed)")
            #expect(auditor.calls == store.state.version, "subscriber \(index), seed \(seed)")
            #expect(auditor.last == store.state.version, "subscriber \(index), seed \(seed)")
        }
    }
}

/// Dispatches from `willChange`, while the store still holds the old state.
@MainActor
private final class WillChangeDispatcher: StoreSubscriber {
    private unowned let store: Store<ChainState>
    private let limit: Int
    private var toggle = false

    init(store: Store<ChainState>, limit: Int) {
        self.store = store
        self.limit = limit
    }

    func willChange(state: ChainState) {
        toggle.toggle()
        if toggle && state.version < limit { store.dispatch(action: Step()) }
    }

    func didChange(state: ChainState, oldState: ChainState) {}
}
