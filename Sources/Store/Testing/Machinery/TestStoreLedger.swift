#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a ``TestStore`` would leave unasserted if its test ended now, kept where its `deinit`
/// (which may run on any thread) can read it: a test that ends with work pending or actions
/// unreceived must not pass silently.
///
/// The test store rewrites the ledger on the main actor after every step, every pass of an
/// action through the store and every task that starts or ends, so the ledger is never older
/// than the last thing that happened. When the test store is released with an exhaustive,
/// non-empty ledger and no step failed before, the ledger reports it as an issue of the
/// running test (``TestStoreIssues``) at its last step, or where it was created when it took
/// none; with no test framework to record it, through ``UnrecordedTestStoreIssues``.
final class TestStoreLedger: Sendable {
    struct Entry {
        var isExhaustive = true
        /// Whether a step threw: the test has seen a failure already (or caught it on purpose).
        var stepFailed = false
        /// The last step, as `send QueryChanged(query: "du") at BookSearchTests.swift:42`.
        var lastStep: String?
        /// Where the last step was called.
        var lastStepLocation: (filePath: StaticString, line: UInt)?
        /// One line per thing left: tasks and held actions, then unreceived actions.
        var leftOver: [String] = []
    }

    let entry = Locked(Entry())
    /// Where the test store was created: the place to mark when it ended before any step.
    let creation: (filePath: StaticString, line: UInt)
    /// The test that made the test store, where its issue lands when its end runs on another
    /// task (a release on a detached task, where no test is current); `nil` without one.
    let madeIn: TestStoreIssues.Binding?

    init(createdAt filePath: StaticString, line: UInt) {
        creation = (filePath, line)
        madeIn = TestStoreIssues.bindToRunningTest()
    }

    /// Reports the ledger if the test store ended with something left unasserted.
    func testStoreEnded() {
        let issue: TestStoreIssue? = entry.withLock { entry in
            guard entry.isExhaustive, !entry.stepFailed, !entry.leftOver.isEmpty else { return nil }
            let last = entry.lastStep.map { "; its last step was \($0)" } ?? ""
            let text =
                (["A TestStore ended with work left unasserted\(last):"]
                + entry.leftOver.map { "  \($0)" }
                + ["Call finish() at the end of the test, receive every action, or set exhaustivity = .off."])
                .joined(separator: "\n")
            let location = entry.lastStepLocation ?? creation
            return TestStoreIssue(text, filePath: location.filePath, line: location.line)
        }
        guard let issue else {
            madeIn?.end()
            return
        }
        UnrecordedTestStoreIssues.report(issue, madeIn: madeIn)
    }
}

/// The fallback for the issues of test stores that no test framework recorded: the test
/// target does not link ReMVVMTesting, or the issue came when no test was running.
///
/// Each issue is written to standard error at once, so it appears next to the test that
/// caused it; and when the process exits normally (as a test runner does after the last
/// test, having already decided that everything passed), a handler registered with `atexit`
/// writes them again and ends the process with status 1. So `swift test` and CI fail, however
/// the test framework reported the test itself: a crash would stop every other test.
enum UnrecordedTestStoreIssues {
    private static let reports = Locked<(list: [String], exitHandlerInstalled: Bool)>(([], false))

    /// Records `issue` in the running test (or, when it ends on a task where no test of its
    /// own runs, in the test that made it, `madeIn`), or else keeps it for the exit status.
    static func report(_ issue: TestStoreIssue, madeIn: TestStoreIssues.Binding? = nil) {
        if TestStoreIssues.scope == nil, let madeIn, madeIn.report(issue) { return }
        if TestStoreIssues.report(issue) { return }
        let text = issue.located
        let install = reports.withLock { reports -> Bool in
            reports.list.append(text)
            defer { reports.exitHandlerInstalled = true }
            return !reports.exitHandlerInstalled
        }
        writeToStandardError(
            "ReMVVM: \(text)\n(no test recorded it: \(whyUnrecorded(reporterInstalled: TestStoreIssues.isInstalled)))\n"
        )
        if install {
            atexit { UnrecordedTestStoreIssues.failExit() }
        }
    }

    /// Runs at exit: writes the reports again and makes the exit status 1.
    private static func failExit() {
        let list = reports.withLock { $0.list }
        guard !list.isEmpty else { return }
        let count = list.count == 1 ? "1 TestStore issue" : "\(list.count) TestStore issues"
        writeToStandardError(
            "ReMVVM: \(count) no test recorded (\(whyUnrecorded(reporterInstalled: TestStoreIssues.isInstalled))); "
                + "failing the test run:\n" + list.map { "ReMVVM: \($0)\n" }.joined()
        )
        fflush(nil)
        _exit(1)
    }

    /// Why no test recorded an issue, in words: with ReMVVMTesting linked, the test store
    /// ended where no test of its own ran; without it, there is nothing to record issues.
    static func whyUnrecorded(reporterInstalled: Bool) -> String {
        reporterInstalled
            ? "the test store ended when no test was running on its task and the test that made it "
                + "had ended or was not a Swift Testing test: it outlived its test, or was released "
                + "on a task that no test started"
            : "link ReMVVMTesting to the test target, so that issues are recorded in the running test"
    }
}
