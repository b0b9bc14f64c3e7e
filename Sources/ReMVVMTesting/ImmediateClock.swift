import ReMVVMStore

/// A clock whose sleeps end at once: for tests that do not care about time, where a debounce
/// or a delay should simply not hold the test up.
///
/// Give it to the store under test as its clock; an effect that sleeps on the store's clock
/// goes on at once, so a test sends an action and receives what the effect dispatched, without
/// moving time itself:
///
/// ```swift
/// let store = TestStore(with: AppState(), middleware: [SearchMiddleware()]) {
///     $0.clock = ImmediateClock()
///     $0.searchClient = StubSearchClient(results: [dune])
/// }
/// store.register(reducer: QueryChangedReducer.self, at: \.search)
/// store.register(reducer: SearchResponseReducer.self, at: \.search)
/// try await store.send(QueryChanged(query: "du")) { $0.search.query = "du" }
/// try await store.receive(SearchResponse.self) { $0.search.results = [dune] }
/// try await store.finish()
/// ```
///
/// Each sleep moves ``now`` forward to its deadline, so code that measures elapsed time on the
/// clock sees the time it slept pass. A cancelled task's sleep throws `CancellationError`, as a
/// real clock's does, and moves nothing.
///
/// Use a ``TestClock`` instead when the test itself decides when time moves: to check that
/// nothing happens before a debounce ends, or that a newer action cancels a sleeping one. The
/// clock is `Sendable`: any task may sleep on it.
public final class ImmediateClock: Clock, Sendable {
    private let time: Locked<Instant>

    /// Creates a clock whose time is `now`.
    ///
    /// ```swift
    /// let store = TestStore(with: AppState()) { $0.clock = ImmediateClock() }
    /// ```
    ///
    /// - Parameter now: The clock's time to start from; ``TestClockInstant/init(offset:)`` zero unless
    ///   given.
    public init(now: Instant = Instant()) {
        time = Locked(now)
    }

    /// The current time: the start, moved forward by every sleep so far.
    public var now: Instant {
        time.withLock { $0 }
    }

    /// Zero: the clock moves by exactly the durations it sleeps.
    public var minimumResolution: Duration { .zero }

    /// Returns at once, with the time moved forward to `deadline`.
    ///
    /// ```swift
    /// let clock = ImmediateClock()
    /// try await clock.sleep(until: clock.now.advanced(by: .seconds(1)))   // returns at once
    /// #expect(clock.now.offset == .seconds(1))
    /// ```
    ///
    /// Effects usually call `sleep(for:)` on the store's clock, which calls this. A deadline
    /// already reached moves nothing: time never goes back.
    ///
    /// - Parameters:
    ///   - deadline: The time to move to.
    ///   - tolerance: Ignored: the clock moves exactly to the deadline.
    /// - Throws: `CancellationError` when the calling task is cancelled; time then does not
    ///   move.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        time.withLock { $0 = max($0, deadline) }
    }
}
