import ReMVVMStore
import ReMVVMTesting
import Testing

// ImmediateClock: sleeps end at once, time moves by what was slept, a cancelled sleep throws.
// The book-search app on an ImmediateClock is tested with the app, in BookSearchTests.

private struct Nothing: StoreState {}

@MainActor
@Suite("ImmediateClock: sleeps that end at once")
struct ImmediateClockTests {
    @Test("the store's clock is the ImmediateClock the trailing closure set")
    func setInTrailingClosure() {
        let store = TestStore(with: Nothing()) { $0.clock = ImmediateClock() }
        #expect(store.store.dependencies.clock is ImmediateClock)
    }

    @Test("now moves forward by what was slept, and never back")
    func nowAdvances() async throws {
        let clock = ImmediateClock()
        let start = clock.now
        try await clock.sleep(for: .milliseconds(300))
        #expect(start.duration(to: clock.now) == .milliseconds(300))
        try await clock.sleep(for: .seconds(2))
        #expect(clock.now.offset == .milliseconds(2300))
        try await clock.sleep(until: start, tolerance: nil)
        #expect(clock.now.offset == .milliseconds(2300))
    }

    @Test("elapsed time measured on the clock includes the sleep")
    func measuresSleep() async throws {
        let clock = ImmediateClock(now: ImmediateClock.Instant(offset: .seconds(10)))
        let elapsed = try await clock.measure { try await clock.sleep(for: .seconds(5)) }
        #expect(elapsed == .seconds(5))
        #expect(clock.now == ImmediateClock.Instant(offset: .seconds(15)))
        #expect(clock.now.description == "ImmediateClock.Instant(offset: 15.0 seconds)")
    }

    @Test("a cancelled task's sleep throws CancellationError and moves nothing")
    func cancelledSleepThrows() async {
        let clock = ImmediateClock()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(for: .seconds(1))
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(clock.now.offset == .zero)
    }
}
