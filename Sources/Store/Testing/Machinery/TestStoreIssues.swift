/// One failure of a `TestStore` as the running test should show it: what went wrong, at the
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

    /// `File.swift:12: message`: the issue as standard error shows it, where no test records it.
    package var located: String { "\(Self.fileName(filePath)):\(line): \(message)" }

    /// The last component of a `#filePath`.
    package static func fileName(_ filePath: StaticString) -> String {
        "\(filePath)".split(separator: "/").last.map(String.init) ?? "\(filePath)"
    }
}

/// Where a `TestStore` sends its failures so that the running test records them as issues.
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
    private static let installedBinder = Locked<(@Sendable () -> Binding?)?>(nil)

    /// The reporter of the current task and the tasks it starts, ahead of the installed one.
    @TaskLocal package static var scope: Reporter?

    /// Makes `reporter` the process's reporter; ReMVVMTesting calls it when it is loaded.
    ///
    /// - Parameters:
    ///   - reporter: Records an issue in the test running in the current task.
    ///   - binder: Made when a test store is made: a reporter bound to the test running then,
    ///     which records in that test an issue that comes later from another task (a test
    ///     store released on a detached task), or `nil` when no test runs.
    package static func install(
        _ reporter: @escaping Reporter, binder: (@Sendable () -> Binding?)? = nil
    ) {
        installed.withLock { $0 = reporter }
        installedBinder.withLock { $0 = binder }
    }

    /// A reporter bound to the test that ran when a test store was made: the issues of the
    /// test store land in that test, whichever task its end runs on.
    package struct Binding: Sendable {
        /// Records an issue in the bound test; `false` when it could not.
        package let report: Reporter
        /// Says that the test store ended without an issue: the binding is let go.
        package let end: @Sendable () -> Void

        package init(report: @escaping Reporter, end: @escaping @Sendable () -> Void) {
            self.report = report
            self.end = end
        }
    }

    /// A reporter bound to the test running in the current task, made by the installed binder;
    /// `nil` when no test runs, no binder is installed, or a ``scope`` collects the issues.
    package static func bindToRunningTest() -> Binding? {
        if scope != nil { return nil }
        return installedBinder.withLock { $0 }?()
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
