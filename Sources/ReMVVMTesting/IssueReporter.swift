package import ReMVVMStore

#if canImport(Testing)
    import Testing
#endif
#if canImport(XCTest)
    import XCTest
    #if canImport(Darwin)
        import Darwin
    #endif
#endif

/// Records a ``TestStore``'s failures in the test that is running: a Swift Testing issue when
/// a Swift Testing test runs in the current task, else an XCTest failure when an XCTest test
/// case runs, else nothing (the test store then falls back on standard error and the exit
/// status).
package enum IssueReporter {
    /// Installs ``report(_:)`` as the process's reporter, and starts following XCTest's test
    /// cases.
    package static func install() {
        #if canImport(XCTest)
            // XCTest's observation center is meant for the main thread, and Apple SDKs may
            // isolate it to the main actor, so the observer is added there. The loader runs this
            // on the main thread when it loads the test binary or bundle; a host that loads it
            // elsewhere gets the observer as soon as the main actor runs.
            if isMainThread {
                MainActor.assumeIsolated { XCTestCaseTracker.start() }
            } else {
                Task { @MainActor in XCTestCaseTracker.start() }
            }
        #endif
        TestStoreIssues.install(report, binder: bindToRunningTest)
    }

    #if canImport(XCTest)
        /// Whether the calling thread is the process's main thread. Elsewhere than on Apple
        /// platforms the test binary is an executable, whose load-time functions run on the main
        /// thread before `main`.
        private static var isMainThread: Bool {
            #if canImport(Darwin)
                pthread_main_np() != 0
            #else
                true
            #endif
        }
    #endif

    /// Records `issue` in the running test; `false` when none runs.
    package static func report(_ issue: TestStoreIssue) -> Bool {
        #if canImport(Testing)
            if let test = Test.current {
                Issue.record(
                    Comment(rawValue: issue.message),
                    sourceLocation: sourceLocation(of: issue, module: test.sourceLocation.moduleName))
                return true
            }
        #endif
        #if canImport(XCTest)
            if XCTestCaseTracker.isRunningTestCase {
                XCTFail(issue.message, file: issue.filePath, line: issue.line)
                return true
            }
        #endif
        return false
    }

    /// A reporter bound to the Swift Testing test running now, for a test store made now: an
    /// issue of the test store lands in that test even when the test store ends on a task where
    /// no test is current (`Test.current` is task-local; a detached task has none).
    ///
    /// It keeps a task started here, which inherits the test's task-local values, waiting for
    /// the issue: `Issue.record` there records in the test. An issue that comes on a task of the
    /// same test is recorded at once, as any other.
    static func bindToRunningTest() -> TestStoreIssues.Binding? {
        #if canImport(Testing)
            guard let test = Test.current else { return nil }
            let module = test.sourceLocation.moduleName
            let (issues, mailbox) = AsyncStream.makeStream(of: TestStoreIssue.self)
            Task {
                for await issue in issues {
                    Issue.record(
                        Comment(rawValue: issue.message),
                        sourceLocation: sourceLocation(of: issue, module: module))
                }
            }
            return TestStoreIssues.Binding(
                report: { issue in
                    defer { mailbox.finish() }
                    if let current = Test.current, current.id == test.id {
                        Issue.record(
                            Comment(rawValue: issue.message),
                            sourceLocation: sourceLocation(of: issue, module: module))
                    } else {
                        mailbox.yield(issue)
                    }
                    return true
                },
                end: { mailbox.finish() })
        #else
            return nil
        #endif
    }

    /// The `#fileID` of the issue's file: the file in `module`, the module of the test that
    /// records it (the test target's). Without one, the module is the folder under `Tests/`
    /// that holds the file (a package's test target), or else the file's folder. A file in a
    /// subfolder of its target (`Tests/AppTests/Features/X.swift`) is `AppTests/X.swift`, as
    /// `#fileID` names it.
    package static func fileID(ofPath path: String, module: String?) -> String {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        let file = parts.last ?? path
        let folders = parts.dropLast()
        let target = folders.lastIndex(of: "Tests").flatMap { index in
            index + 1 < folders.endIndex ? folders[index + 1] : nil
        }
        return "\(module ?? target ?? folders.last ?? "Tests")/\(file)"
    }

    #if canImport(Testing)
        /// The issue's place as Swift Testing names it, in `module` (see ``fileID(ofPath:module:)``).
        static func sourceLocation(of issue: TestStoreIssue, module: String?) -> SourceLocation {
            SourceLocation(
                fileID: fileID(ofPath: "\(issue.filePath)", module: module), filePath: "\(issue.filePath)",
                line: max(Int(issue.line), 1), column: 1)
        }
    #endif
}
