import ReMVVMStore

/// What a ``TestStore`` would leave unasserted if its test ended now, kept where its `deinit`
/// (which may run on any thread) can read it: a test that ends with work pending or actions
/// unreceived must not pass silently.
///
/// The test store rewrites the ledger on the main actor after every step, every pass of an
/// action through the store and every task that starts or ends, so the ledger is never older
/// than the last thing that happened. When the test store is released with an exhaustive,
/// non-empty ledger and no step failed before, the ledger reports it as an issue of the
/// running test (`TestStoreIssues`) at its last step, or where it was created when it took
/// none; with no test framework to record it, through `UnrecordedTestStoreIssues`.
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
