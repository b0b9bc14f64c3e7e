#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The fallback for the issues of test stores that no test framework recorded: the test
/// target does not link ReMVVMTesting, or the issue came when no test was running.
///
/// Each issue is written to standard error at once, so it appears next to the test that
/// caused it; and when the process exits normally (as a test runner does after the last
/// test, having already decided that everything passed), a handler registered with `atexit`
/// writes them again and ends the process with status 1. So `swift test` and CI fail, however
/// the test framework reported the test itself: a crash would stop every other test.
package enum UnrecordedTestStoreIssues {
    private static let reports = Locked<(list: [String], exitHandlerInstalled: Bool)>(([], false))

    /// Records `issue` in the running test (or, when it ends on a task where no test of its
    /// own runs, in the test that made it, `madeIn`), or else keeps it for the exit status.
    package static func report(_ issue: TestStoreIssue, madeIn: TestStoreIssues.Binding? = nil) {
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
