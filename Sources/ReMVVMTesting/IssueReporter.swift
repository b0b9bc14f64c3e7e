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
        TestStoreIssues.install(report)
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
            if Test.current != nil {
                Issue.record(Comment(rawValue: issue.message), sourceLocation: sourceLocation(of: issue))
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

    #if canImport(Testing)
        /// The issue's place as Swift Testing names it. `#filePath` alone does not give the
        /// module: in a package the file's folder is named after its target, which is the module.
        static func sourceLocation(of issue: TestStoreIssue) -> SourceLocation {
            let path = "\(issue.filePath)"
            let parts = path.split(separator: "/", omittingEmptySubsequences: true)
            let file = parts.last.map(String.init) ?? path
            let module = parts.count > 1 ? String(parts[parts.count - 2]) : "Tests"
            return SourceLocation(
                fileID: "\(module)/\(file)", filePath: path, line: max(Int(issue.line), 1), column: 1)
        }
    #endif
}
