import ReMVVMStore

/// The clock of a ``TestStore`` whose test did not set one: a sleep on it is a failure of the
/// test, which should say what time does (an ``ImmediateClock``, or a ``TestClock`` it moves).
///
/// The first sleep reports an issue at the line that created the test store, where `$0.clock`
/// belongs; every sleep then ends at once, as on an ``ImmediateClock``, so the test neither waits
/// real time nor fails a second time because the effect never went on.
final class UnsetTestStoreClock: Clock, Sendable {
    typealias Instant = ImmediateClock.Instant

    private let time = ImmediateClock()
    private let creation: (filePath: StaticString, line: UInt)
    private let hasReported = Locked(false)

    init(createdAt filePath: StaticString, line: UInt) {
        creation = (filePath, line)
    }

    var now: Instant { time.now }

    var minimumResolution: Duration { .zero }

    func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let isFirst = hasReported.withLock { reported in
            defer { reported = true }
            return !reported
        }
        if isFirst {
            UnrecordedTestStoreIssues.report(
                TestStoreIssue(
                    """
                    An effect slept on the clock of this TestStore, and the test did not set one. \
                    Set $0.clock in the TestStore's initializer: `$0.clock = ImmediateClock()` for \
                    sleeps that end at once, or a TestClock that the test advances. The sleep ended \
                    at once.
                    """,
                    filePath: creation.filePath, line: creation.line))
        }
        try await time.sleep(until: deadline, tolerance: tolerance)
    }
}
