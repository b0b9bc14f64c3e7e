/// One failure of a ``TestStore`` as the running test should show it: what went wrong, at the
/// file and line an editor marks.
package struct TestStoreIssue: Sendable {
    /// The lines a person reads: the step, then one line per problem.
    package let message: String
    /// The file to mark, as `#filePath` gave it.
    package let filePath: StaticString
    /// The line to mark.
    package let line: UInt

    package init(_ message: String, filePath: StaticString, line: UInt) {
        self.message = message
        self.filePath = filePath
        self.line = line
    }
}

/// Where a ``TestStore`` sends its failures so that the running test records them as issues.
///
/// ReMVVMStore imports neither Testing nor XCTest (an app's own modules link it), so it cannot
/// record an issue itself. The ReMVVMTesting module, which a test target links, installs a
/// reporter before `main` runs; a test of this package may catch the issues of one scope with
/// ``scope`` instead, to assert on them. With neither, ``report(_:)`` returns `false` and the
/// caller falls back on what it does without a test framework.
package enum TestStoreIssues {
    /// Records `issue` in the running test; `false` when no test runs to record it in.
    package typealias Reporter = @Sendable (TestStoreIssue) -> Bool

    private static let installed = Locked<Reporter?>(nil)

    /// The reporter of the current task and the tasks it starts, ahead of the installed one.
    @TaskLocal package static var scope: Reporter?

    /// Makes `reporter` the process's reporter; ReMVVMTesting calls it when it is loaded.
    package static func install(_ reporter: @escaping Reporter) {
        installed.withLock { $0 = reporter }
    }

    /// Whether a reporter is installed for the process (not counting a ``scope``).
    package static var isInstalled: Bool {
        installed.withLock { $0 != nil }
    }

    /// Records `issue` through the scope's or the installed reporter; `false` when neither
    /// recorded it.
    package static func report(_ issue: TestStoreIssue) -> Bool {
        if let scope { return scope(issue) }
        guard let reporter = installed.withLock({ $0 }) else { return false }
        return reporter(issue)
    }
}

extension TestStoreIssues {
    /// Runs `body` with the issues of its test stores collected instead of recorded, and returns
    /// them: for this package's own tests, which make test stores fail on purpose and check
    /// what they report.
    package static func collect<Result>(
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> Result
    ) async rethrows -> (result: Result, issues: [TestStoreIssue]) {
        let issues = Locked<[TestStoreIssue]>([])
        let result = try await $scope.withValue(
            { issue in
                issues.withLock { $0.append(issue) }
                return true
            },
            operation: body,
            isolation: isolation
        )
        return (result, issues.withLock { $0 })
    }
}
