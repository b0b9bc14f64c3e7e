import Observation
import ReMVVMViewModelFactory
import Testing

private enum LoadState: Equatable {
    case initialized
    case loading
    case loaded(String)
    case failed
}

/// Suspends async work until the test opens it, so a test decides when the work returns.
@MainActor
private final class Gate {
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var isOpen = false

    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiting.append($0) }
    }

    func open() {
        isOpen = true
        let waiting = waiting
        self.waiting = []
        for continuation in waiting { continuation.resume() }
    }
}

/// What a piece of observed work saw: whether it finished, and whether its task was cancelled.
@MainActor
private final class Probe {
    var finished = false
    var sawCancellation: Bool?
}

/// A sequence that yields `first`, then waits (up to 30 s, or until its task is cancelled),
/// records whether its task was cancelled, and yields `late`.
private struct SlowSequence: AsyncSequence {
    typealias Element = LoadState
    let first: LoadState
    let late: LoadState
    let probe: Probe

    struct AsyncIterator: AsyncIteratorProtocol {
        let sequence: SlowSequence
        var step = 0

        mutating func next() async -> LoadState? {
            step += 1
            switch step {
            case 1:
                return sequence.first
            case 2:
                // An hour: only cancellation ends it early, however loaded the machine (under
                // ThreadSanitizer, with another suite holding the main actor, 30 s once ran out).
                try? await Task.sleep(for: .seconds(3600))
                let cancelled = Task.isCancelled
                let probe = sequence.probe
                await MainActor.run {
                    probe.sawCancellation = cancelled
                    probe.finished = true
                }
                return sequence.late
            default:
                return nil
            }
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(sequence: self) }
}

private struct LoadFailure: Error {}

/// Lets the main actor run other tasks until `condition` holds; bounded, so a broken container
/// fails the test instead of hanging it.
@MainActor
private func eventually(_ condition: () -> Bool) async -> Bool {
    for _ in 0..<10_000 {
        if condition() { return true }
        await Task.yield()
    }
    return condition()
}

// StateContainer needs Observation (macOS 14, iOS 17): each test says so, and Swift Testing skips it on
// older systems (a suite type cannot carry the attribute).
@MainActor
@Suite struct StateContainerTests {
    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    @Test("starts with the state it was made with; a plain observe sets the state now")
    func plainObserve() {
        let container = StateContainer(state: LoadState.initialized)
        #expect(container.state == .initialized)
        container.observe(.loading)
        #expect(container.state == .loading)
        container.observe(.loaded("Ada"))
        #expect(container.state == .loaded("Ada"))
    }

    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    @Test("an observe is reported to Observation; only the state is tracked")
    func observation() {
        let container = StateContainer(state: LoadState.initialized)
        let probe = Probe()
        withObservationTracking {
            _ = container.state
        } onChange: {
            MainActor.assumeIsolated { probe.finished = true }
        }
        #expect(!probe.finished)
        container.observe(.loading)
        #expect(probe.finished)
    }

    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    @Test("an async observe leaves the state as it is until its work returns")
    func asyncObserve() async {
        let container = StateContainer(state: LoadState.initialized)
        let gate = Gate()
        container.observe(.loading)
        container.observe {
            await gate.wait()
            return .loaded("Ada")
        }
        for _ in 0..<100 { await Task.yield() }
        #expect(container.state == .loading)
        gate.open()
        #expect(await eventually { container.state == .loaded("Ada") })
    }

    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    @Test(
        "an async observe superseded before it finishes: its task is cancelled, its result never appears",
        arguments: [false, true])
    func asyncObserveSuperseded(byAsyncWork: Bool) async {
        let container = StateContainer(state: LoadState.initialized)
        let gate = Gate()
        let probe = Probe()
        container.observe {
            await gate.wait()
            probe.sawCancellation = Task.isCancelled
            probe.finished = true
            return .loaded("stale")
        }
        if byAsyncWork {
            container.observe { .loaded("fresh") }
            #expect(await eventually { container.state == .loaded("fresh") })
        } else {
            container.observe(.failed)
        }
        gate.open()
        #expect(await eventually { probe.finished })
        #expect(probe.sawCancellation == true)
        for _ in 0..<100 { await Task.yield() }
        #expect(container.state == (byAsyncWork ? .loaded("fresh") : .failed))
    }

    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    @Test("each element of an observed sequence becomes the state in turn")
    func sequence() async {
        let container = StateContainer(state: LoadState.initialized)
        let (states, continuation) = AsyncStream.makeStream(of: LoadState.self)
        container.observe(states)
        continuation.yield(.loading)
        #expect(await eventually { container.state == .loading })
        continuation.yield(.loaded("Ada"))
        #expect(await eventually { container.state == .loaded("Ada") })
        continuation.finish()
        for _ in 0..<100 { await Task.yield() }
        #expect(container.state == .loaded("Ada"))
    }

    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    @Test("a sequence replaced by a later observe is cancelled and its late elements are ignored")
    func sequenceCancelled() async {
        let container = StateContainer(state: LoadState.initialized)
        let probe = Probe()
        container.observe(SlowSequence(first: .loading, late: .loaded("stale"), probe: probe))
        #expect(await eventually { container.state == .loading })
        container.observe(.failed)
        // The sequence's 30 s wait ends at once because its task was cancelled.
        #expect(await eventually { probe.finished })
        #expect(probe.sawCancellation == true)
        for _ in 0..<100 { await Task.yield() }
        #expect(container.state == .failed)
    }

    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    @Test("a sequence that throws leaves its last element as the state")
    func throwingSequence() async {
        let container = StateContainer(state: LoadState.initialized)
        let (states, continuation) = AsyncThrowingStream.makeStream(of: LoadState.self)
        container.observe(states)
        continuation.yield(.loading)
        continuation.yield(.loaded("Ada"))
        continuation.finish(throwing: LoadFailure())
        #expect(await eventually { container.state == .loaded("Ada") })
        for _ in 0..<100 { await Task.yield() }
        #expect(container.state == .loaded("Ada"))
        // The container still takes new observes after a sequence failed.
        container.observe(.loading)
        #expect(container.state == .loading)
    }

    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    @Test("a released container cancels its work and is not kept alive by it")
    func releasedContainer() async {
        let gate = Gate()
        let probe = Probe()
        var container: StateContainer<LoadState>? = StateContainer(state: .initialized)
        weak let weakContainer = container
        container?.observe {
            await gate.wait()
            probe.sawCancellation = Task.isCancelled
            probe.finished = true
            return .loaded("late")
        }
        container = nil
        #expect(weakContainer == nil)
        gate.open()
        #expect(await eventually { probe.finished })
        #expect(probe.sawCancellation == true)
    }
}
