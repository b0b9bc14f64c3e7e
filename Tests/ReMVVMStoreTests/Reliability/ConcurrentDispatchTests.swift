import ReMVVMStore
import ReMVVMTestSupport
import Testing

// Many tasks dispatch through `await` while others add and remove subscribers. The store lives
// on the main actor, so every dispatch hops there and runs alone; these tests prove that the
// hops lose nothing, keep each sender's order, and tell every subscriber about every change.

private struct LoadState: StoreState {
    let factory: any ViewModelFactory
    var count = 0
    /// The last number reduced per sending task; -1 before its first action.
    var lastNumber: [Int]
    /// How many actions arrived out of their task's order.
    var outOfOrder = 0

    init(tasks: Int) {
        factory = InitializableViewModelFactory()
        lastNumber = Array(repeating: -1, count: tasks)
    }
}

private struct Numbered: StoreAction {
    let task: Int
    let number: Int
}

private enum NumberedReducer: Reducer {
    static func reduce(state: LoadState, with action: Numbered) -> LoadState {
        var state = state
        state.count += 1
        if action.number != state.lastNumber[action.task] + 1 { state.outOfOrder += 1 }
        state.lastNumber[action.task] = action.number
        return state
    }
}

/// What one subscriber saw; outlives the subscriber so released ones can be checked too.
@MainActor
private final class Track {
    let name: String
    /// The count the subscriber last saw, starting with the count when it was added.
    private(set) var last: Int
    private(set) var calls = 0
    private(set) var firstViolation: String?
    /// The count when the subscriber was removed, released or cancelled; `nil` while live.
    var endCount: Int?

    init(name: String, startCount: Int) {
        self.name = name
        last = startCount
    }

    func record(new: Int, old: Int) {
        if firstViolation == nil, new != last + 1 || old != last {
            firstViolation = "\(name) saw \(old) -> \(new) after \(last)"
        }
        last = new
        calls += 1
    }
}

@MainActor
private final class CountingSubscriber: StoreSubscriber {
    let track: Track

    init(track: Track) {
        self.track = track
    }

    func didChange(state: LoadState, oldState: LoadState) {
        track.record(new: state.count, old: oldState.count)
    }
}

/// Adds, removes, releases and cancels subscribers at random, from several tasks.
@MainActor
private final class Churn {
    private enum Holder {
        case object(CountingSubscriber)
        case closure(StoreSubscription)
    }

    private let store: Store<LoadState>
    private var random: [SeededGenerator]
    private var live: [(holder: Holder, track: Track)] = []
    /// Removed subscribers kept alive, to prove that removal alone stops the calls.
    private var removedButHeld: [CountingSubscriber] = []
    private(set) var tracks: [Track] = []
    private var runningSenders: Int
    private(set) var operations = 0

    init(store: Store<LoadState>, senders: Int, churners: Int, seed: UInt64) {
        self.store = store
        runningSenders = senders
        random = (0..<churners).map { SeededGenerator(seed: seed &+ UInt64($0)) }
    }

    var isRunning: Bool { runningSenders > 0 }

    func senderFinished() {
        runningSenders -= 1
    }

    func step(churner: Int) {
        operations += 1
        if live.count < 12 && (live.isEmpty || random[churner].chance(55)) {
            add(churner: churner)
        } else {
            end(at: Int.random(in: live.indices, using: &random[churner]), churner: churner)
        }
    }

    private func add(churner: Int) {
        let track = Track(name: "subscriber \(tracks.count)", startCount: store.state.count)
        tracks.append(track)
        if random[churner].chance(50) {
            let subscriber = CountingSubscriber(track: track)
            store.add(subscriber: subscriber)
            live.append((.object(subscriber), track))
        } else {
            let subscription = store.subscribe(to: \.self) { state, oldState in
                track.record(new: state.count, old: oldState.count)
            }
            live.append((.closure(subscription), track))
        }
    }

    private func end(at index: Int, churner: Int) {
        let (holder, track) = live.remove(at: index)
        track.endCount = store.state.count
        switch holder {
        case .object(let subscriber):
            if random[churner].chance(50) {
                store.remove(subscriber: subscriber)
                removedButHeld.append(subscriber)
                if removedButHeld.count > 16 { removedButHeld.removeFirst() }
            }
        // Otherwise dropping the last reference here is the release under test.
        case .closure(let subscription):
            if random[churner].chance(50) { subscription.cancel() }
        }
    }
}

@MainActor
@Suite("Concurrent dispatch")
struct ConcurrentDispatchTests {
    static let senders = 8
    /// 100,000 each with `REMVVM_SOAK=1` (as CI runs it); 20,000 in the default run, which keeps
    /// the debug run quick while still interleaving hundreds of thousands of hops.
    static let actionsPerSender = Reliability.integer(
        "REMVVM_CONCURRENT_ACTIONS",
        default: Reliability.isSoakEnabled ? 100_000 : 20_000
    )

    @Test("8 tasks dispatching through await lose nothing, keep their order, and every subscriber sees all")
    func concurrentSendersAndChurn() async {
        let senders = Self.senders
        let perSender = Self.actionsPerSender
        let seed = Reliability.baseSeed
        let store = Store(with: LoadState(tasks: senders))
        store.register(reducer: NumberedReducer.self)
        let churn = Churn(store: store, senders: senders, churners: 2, seed: seed)

        await withTaskGroup(of: Void.self) { group in
            for sender in 0..<senders {
                group.addTask {
                    for number in 0..<perSender {
                        await store.dispatch(action: Numbered(task: sender, number: number))
                    }
                    await churn.senderFinished()
                }
            }
            for churner in 0..<2 {
                group.addTask {
                    while await churn.isRunning {
                        await churn.step(churner: churner)
                    }
                }
            }
        }

        let final = store.state
        #expect(final.count == senders * perSender, "seed \(seed)")
        #expect(final.outOfOrder == 0, "seed \(seed)")
        #expect(final.lastNumber == Array(repeating: perSender - 1, count: senders), "seed \(seed)")
        #expect(churn.operations > 100, "the churn must overlap the dispatches to mean anything")
        for track in churn.tracks {
            #expect(track.firstViolation == nil, "seed \(seed)")
            // Gap-free up to the end: a live subscriber saw the final count, an ended one saw
            // exactly the count at which it ended and nothing after.
            #expect(track.last == (track.endCount ?? final.count), "\(track.name), seed \(seed)")
        }
    }
}
