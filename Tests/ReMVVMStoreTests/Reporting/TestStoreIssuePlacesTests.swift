import ReMVVMStore
import ReMVVMTesting
import Testing

// Where a TestStore's issues land (issue 39, defects 6 and 7): in the test that made the store
// when it is let go on a detached task, and in the test target's module when the test file is
// in a subfolder of the target (this file is: Tests/ReMVVMStoreTests/Reporting/).

private struct Count: StoreState, Equatable {
    var value = 0
}

private struct Add: StoreAction {}

private enum AddReducer: Reducer {
    static func reduce(state: Count, with action: Add) -> Count { Count(value: state.value + 1) }
}

/// Starts a task that sleeps on the store's clock, so a test store that ends now has work left.
private struct SleepAfterAdd: Middleware {
    func applyMiddleware(for state: Count, action: Add, dispatcher: Dispatcher<Add, Count>) {
        dispatcher.next()
        dispatcher.task(id: "sleep") { try await dispatcher.dependencies.clock.sleep(for: .seconds(1)) }
    }
}

/// Moves the last reference to a test store to another task.
private final class Handoff: @unchecked Sendable {
    var store: TestStore<Count>?
    init(_ store: TestStore<Count>) { self.store = store }
    func release() { store = nil }
}

@MainActor
@Suite("TestStore issues: the test that made the store, the test target's module")
struct TestStoreIssuePlacesTests {
    @Test("a test store let go on a detached task is an issue of the test that made it")
    func releasedOnADetachedTask() async throws {
        let recorded = Locked(false)
        // Kept, so that the sleep the released store left can end with the test: a task
        // suspended on a clock nobody holds is memory LeakSanitizer reports at exit.
        let testClock = TestClock()
        let line = #line + 6
        try await withKnownIssue {
            var handoff: Handoff?
            do {
                let store = TestStore(with: Count(), middleware: [SleepAfterAdd()]) { $0.clock = testClock }
                store.register(reducer: AddReducer.self)
                try await store.send(Add()) { $0.value = 1 }
                handoff = Handoff(store)
            }
            let moved = handoff
            handoff = nil
            await Task.detached { moved?.release() }.value
            // The issue comes from the task the test started when it made the store.
            let clock = ContinuousClock()
            let start = clock.now
            while !recorded.withLock({ $0 }) && clock.now - start < .seconds(10) {
                try await Task.sleep(for: .milliseconds(5))
            }
        } matching: { issue in
            let matches =
                issue.sourceLocation?.line == line
                && issue.comments.first?.rawValue.hasPrefix("A TestStore ended with work left unasserted")
                    == true
            if matches { recorded.withLock { $0 = true } }
            return matches
        }
        #expect(recorded.withLock { $0 })
        await testClock.run()
    }

    @Test("an issue from a file in a subfolder of the test target names the target's module")
    func subfolderFileNamesTheTargetModule() async throws {
        let placed = Locked<[String]>([])
        let line = #line + 4
        try await withKnownIssue {
            let store = TestStore(with: Count()) { $0.clock = ImmediateClock() }
            store.register(reducer: AddReducer.self)
            try await store.send(Add()) { $0.value = 2 }
        } matching: { issue in
            // The step's issue, and the error the step threw, which the test lets through.
            if case .errorCaught = issue.kind { return true }
            guard let place = issue.sourceLocation, place.line == line else { return false }
            placed.withLock { $0.append("\(place.moduleName) \(place.fileID)") }
            return true
        }
        #expect(
            placed.withLock { $0 } == ["ReMVVMStoreTests ReMVVMStoreTests/TestStoreIssuePlacesTests.swift"])
    }

    @Test(
        "without a running test, the module is the folder under Tests/, else the file's folder",
        arguments: [
            ("/app/Tests/AppTests/Features/Deep/X.swift", nil, "AppTests/X.swift"),
            ("/app/Tests/AppTests/X.swift", nil, "AppTests/X.swift"),
            ("/app/Tests/AppTests/Features/X.swift", "AppModuleTests", "AppModuleTests/X.swift"),
            ("/elsewhere/Checks/X.swift", nil, "Checks/X.swift"),
        ] as [(String, String?, String)])
    func fileIDs(path: String, module: String?, fileID: String) {
        #expect(IssueReporter.fileID(ofPath: path, module: module) == fileID)
    }
}
