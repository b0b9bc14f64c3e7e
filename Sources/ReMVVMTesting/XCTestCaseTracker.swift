#if canImport(XCTest)
    import ReMVVMStore
    import XCTest
    #if canImport(ObjectiveC)
        import ObjectiveC
    #endif

    /// Follows XCTest's test cases, so that a failure outside any test case (a test store
    /// released after its test ended) is not handed to `XCTFail`, which would drop it.
    enum XCTestCaseTracker {
        private static let running = Locked(0)

        /// Whether an XCTest test case runs now.
        static var isRunningTestCase: Bool { running.withLock { $0 > 0 } }

        /// Adds the observer to XCTest's observation center.
        @MainActor
        static func start() {
            XCTestObservationCenter.shared.addTestObserver(Observer())
        }

        #if canImport(ObjectiveC)
            private final class Observer: NSObject, XCTestObservation {
                func testCaseWillStart(_ testCase: XCTestCase) { running.withLock { $0 += 1 } }
                func testCaseDidFinish(_ testCase: XCTestCase) { running.withLock { $0 -= 1 } }
            }
        #else
            private final class Observer: XCTestObservation {
                func testCaseWillStart(_ testCase: XCTestCase) { running.withLock { $0 += 1 } }
                func testCaseDidFinish(_ testCase: XCTestCase) { running.withLock { $0 -= 1 } }
            }
        #endif
    }
#endif
