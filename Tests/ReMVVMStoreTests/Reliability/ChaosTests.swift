import ReMVVMStore
import ReMVVMTestSupport
import Testing

private typealias State = StoreFixture.State
private typealias Add = StoreFixture.Add
private typealias Append = StoreFixture.Append
private typealias Rename = StoreFixture.Rename
private typealias Unhandled = StoreFixture.Unhandled

/// What a chaos run shares: the generator, the dispatchers middleware kept, the store and what
/// the subscribers hold. Everything the middleware and subscribers do is drawn from one seed.
@MainActor
private final class Chaos {
    var random: SeededGenerator
    /// Each calls `next` on a kept dispatcher: deferred, or one that already passed its action on.
    var kept: [() -> Void] = []
    var store: Store<State>?
    var subscribers: [ChaosSubscriber] = []
    var subscriptions: [StoreSubscription] = []
    /// How deep middleware calls are nested: bounds the dispatches they make.
    var depth = 0
    /// What went wrong, with the seed: the subscribers' checks.
    var problems: [String] = []
    let seed: UInt64

    init(seed: UInt64) {
        self.seed = seed
        random = SeededGenerator(seed: seed)
    }

    func below(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &random) }

    func dispatchRandom(on store: Store<State>) {
        switch below(5) {
        case 0: store.dispatch(action: Add(amount: 1))
        case 1: store.dispatch(action: Append(text: "a"))
        case 2: store.dispatch(action: Rename(title: "t\(below(3))"))
        case 3: store.dispatch(action: Unhandled())
        default: store.dispatch(action: Add(amount: 2))
        }
    }

    func resumeOneKept() {
        guard !kept.isEmpty else { return }
        kept.remove(at: below(kept.count))()
    }

    /// What a middleware does with its action: every way the contract allows, and a misuse.
    func handle<A: StoreAction, S: StoreState>(_ action: A, _ dispatcher: Dispatcher<A, S>) {
        depth += 1
        defer { depth -= 1 }
        switch below(12) {
        case 0, 1, 2:
            dispatcher.next()
        case 3:
            dispatcher.next { [unowned self] _ in if below(4) == 0 { resumeOneKept() } }
        case 4:
            kept.append { dispatcher.next() }  // deferred
        case 5:
            break  // blocked
        case 6:
            dispatcher.next()
            dispatcher.next()  // a second call: reported, ignored
        case 7:
            dispatcher.next()
            kept.append { dispatcher.next() }  // a second call, later
        case 8:
            if depth < 4, let store { dispatchRandom(on: store) }  // queued
            dispatcher.next()
        case 9:
            resumeOneKept()
            dispatcher.next()
        case 10:
            kept.append { dispatcher.next(completion: { _ in }) }
        default:
            dispatcher.next(action: action)
        }
    }
}

private struct ChaosMiddleware: AnyMiddleware {
    let chaos: Chaos

    func applyMiddleware<A: StoreAction, S: StoreState>(
        for state: S, action: A, dispatcher: Dispatcher<A, S>
    ) {
        chaos.handle(action, dispatcher)
    }
}

private struct TypedChaosMiddleware: Middleware {
    let chaos: Chaos

    func applyMiddleware(for state: State, action: Add, dispatcher: Dispatcher<Add, State>) {
        chaos.handle(action, dispatcher)
    }
}

@MainActor
private final class ChaosMiddlewareObject: AnyMiddleware {
    let chaos: Chaos

    init(chaos: Chaos) { self.chaos = chaos }

    func applyMiddleware<A: StoreAction, S: StoreState>(
        for state: S, action: A, dispatcher: Dispatcher<A, S>
    ) {
        chaos.handle(action, dispatcher)
    }
}

/// A subscriber that adds, removes and lets go of others, subscribes and cancels closures,
/// dispatches, resumes kept dispatchers and lets go of the store, from its own calls; and checks
/// what it is told: each change it sees starts where the one before ended, and `didChange`
/// brings the state `willChange` announced.
@MainActor
private final class ChaosSubscriber: StoreSubscriber {
    unowned let chaos: Chaos
    var lastSeen: State?
    var announced: State?
    var payload: [Int] = [1, 2, 3]  // a buffer of its own, for the sanitizers to watch

    init(chaos: Chaos) { self.chaos = chaos }

    func willChange(state: State) {
        announced = state
        payload.append(state.count)
        if chaos.below(6) == 0 { act() }
    }

    func didChange(state: State, oldState: State) {
        if let lastSeen, lastSeen != oldState {
            chaos.problems.append(
                "seed \(chaos.seed): a change from \(oldState.count) after one to \(lastSeen.count)")
        }
        if let announced, announced != state {
            chaos.problems.append(
                "seed \(chaos.seed): willChange \(announced.count), didChange \(state.count)")
        }
        lastSeen = state
        announced = nil
        payload.append(state.count)
        act()
    }

    func act() {
        guard let store = chaos.store else { return }
        switch chaos.below(10) {
        case 0:
            let added = ChaosSubscriber(chaos: chaos)
            chaos.subscribers.append(added)
            store.add(subscriber: added)
        case 1:
            // Removes another subscriber and lets go of it.
            if !chaos.subscribers.isEmpty {
                let index = chaos.below(chaos.subscribers.count)
                if chaos.subscribers[index] !== self {
                    store.remove(subscriber: chaos.subscribers[index])
                    chaos.subscribers.remove(at: index)
                }
            }
        case 2:
            // Lets go of a subscriber without removing it, itself included.
            if !chaos.subscribers.isEmpty {
                chaos.subscribers.remove(at: chaos.below(chaos.subscribers.count))
            }
        case 3:
            let payload = [chaos.below(100)]
            chaos.subscriptions.append(store.subscribe(to: \.self) { _, _ in _ = payload.count })
        case 4:
            let payload = [1]
            chaos.subscriptions.append(store.subscribe(to: \.count) { _, _ in _ = payload.count })
        case 5:
            if !chaos.subscriptions.isEmpty {
                let index = chaos.below(chaos.subscriptions.count)
                if chaos.below(2) == 0 {
                    chaos.subscriptions[index].cancel()
                } else {
                    chaos.subscriptions.remove(at: index)
                }
            }
        case 6:
            chaos.dispatchRandom(on: store)  // queued
        case 7:
            chaos.resumeOneKept()  // queued, or run
        case 8:
            // Removes itself and lets go of itself: the store keeps it until this call returned.
            store.remove(subscriber: self)
            chaos.subscribers.removeAll { $0 === self }
            payload.append(0)
        default:
            // Lets go of the store: the dispatch in progress holds it, or, for a chain resumed
            // by a kept dispatcher, nothing but the engine's own reference.
            if chaos.below(8) == 0 { chaos.store = nil }
        }
    }
}

@MainActor
@Suite("Chaos")
struct ChaosTests {
    /// 40 seeds, 4 under the sanitizers (`Reliability.modelCheckRuns`), which are what this
    /// suite is for: it asserts the order of changes, they catch a subscriber or a handle used
    /// after it was freed.
    static let seeds = Reliability.modelCheckRuns(40)

    @Test(
        "random middleware and subscribers that change the store from within, stores let go mid-way: every subscriber sees an unbroken sequence of changes"
    )
    func chaos() {
        for seed in 0..<UInt64(Self.seeds) {
            let chaos = Chaos(seed: seed &* 7919 &+ 1)
            for round in 0..<30 {
                chaos.store = StoreFixture.makeStore(middleware: [
                    ChaosMiddleware(chaos: chaos), TypedChaosMiddleware(chaos: chaos),
                    ChaosMiddlewareObject(chaos: chaos), ChaosMiddleware(chaos: chaos),
                ])
                for _ in 0..<4 {
                    let subscriber = ChaosSubscriber(chaos: chaos)
                    chaos.subscribers.append(subscriber)
                    chaos.store?.add(subscriber: subscriber)
                }
                for _ in 0..<40 {
                    if chaos.below(6) == 0 {
                        chaos.resumeOneKept()
                    } else if let store = chaos.store {
                        chaos.dispatchRandom(on: store)
                    }
                }
                // Lets go of the store with dispatchers still kept; some are called afterwards.
                chaos.store = nil
                if round % 3 == 0 {
                    while !chaos.kept.isEmpty { chaos.resumeOneKept() }
                }
                chaos.subscribers.removeAll()
                chaos.subscriptions.removeAll()
            }
            chaos.kept.removeAll()
            #expect(chaos.problems.isEmpty, "\(chaos.problems.prefix(3))")
        }
    }
}
