import ReMVVMStore
import ReMVVMTesting
import Testing

// The reporter that ReMVVMTesting installs when it is linked (this test target links it, and
// calls nothing to set it up): a TestStore's failures are issues of the running Swift Testing
// test at the step's line. .ci/test-reporting.sh checks the same from `swift test`'s output,
// in XCTest too.

private struct Count: StoreState, Equatable {
    var value = 0
}

private struct Add: StoreAction {}

private enum AddReducer: Reducer {
    static func reduce(state: Count, with action: Add) -> Count { Count(value: state.value + 1) }
}

private struct AddLater: Middleware {
    func applyMiddleware(for state: Count, action: Add, dispatcher: Dispatcher<Add, Count>) {
        dispatcher.next()
        guard state.value == 0 else { return }
        dispatcher.task(id: "add later") {
            try await dispatcher.dependencies.clock.sleep(for: .seconds(1))
            dispatcher.dispatch(action: Add())
        }
    }
}

@MainActor
@Suite("TestStore issues: recorded in the running test at the step's line")
struct TestStoreIssuesTests {
    @Test("linking ReMVVMTesting installs the reporter before the first test runs")
    func installedAtLoad() {
        #expect(TestStoreIssues.isInstalled)
    }

    @Test("a failing send is an issue of this test at the send's line, and the error it throws points there")
    func sendIsAnIssue() async throws {
        let store = TestStore(with: Count()) { $0.clock = ImmediateClock() }
        store.register(reducer: AddReducer.self)
        let line = #line + 3
        // Two issues: the step's own at its line, and the error the test throws, which points there.
        try await withKnownIssue {
            try await store.send(Add()) { $0.value = 2 }
        } matching: { issue in
            if case .errorCaught(let error) = issue.kind {
                let thrown = error as? TestStoreFailure
                return thrown?.isRecordedAsIssue == true && thrown?.line == line
                    && thrown?.description.hasSuffix(
                        ":\(line): the TestStore step at this line failed; its issue there says why")
                        == true
            }
            return issue.sourceLocation?.filePath == #filePath && issue.sourceLocation?.line == line
                && issue.comments.map(\.rawValue)
                    == ["send Add(): the state differs from the expected one:\n  value: expected 2, got 1"]
        }
    }

    @Test("a test store released with work left is an issue at its last step")
    func unfinishedIsAnIssue() async throws {
        let line = #line + 4
        try await withKnownIssue {
            let store = TestStore(with: Count(), middleware: [AddLater()]) { $0.clock = TestClock() }
            store.register(reducer: AddReducer.self)
            try await store.send(Add()) { $0.value = 1 }
            store.store.cancelTasks(id: "add later")
        } matching: { issue in
            issue.sourceLocation?.filePath == #filePath && issue.sourceLocation?.line == line
                && issue.comments.first?.rawValue.hasPrefix("A TestStore ended with work left unasserted")
                    == true
        }
    }

    @Test("a sleep on a clock the test did not set is an issue where the test store was created")
    func unsetClockIsAnIssue() async throws {
        let line = #line + 2
        try await withKnownIssue {
            let store = TestStore(with: Count(), middleware: [AddLater()])
            store.register(reducer: AddReducer.self)
            try await store.send(Add()) { $0.value = 1 }
            try await store.receive(Add.self) { $0.value = 2 }
            try await store.finish()
        } matching: { issue in
            issue.sourceLocation?.filePath == #filePath && issue.sourceLocation?.line == line
                && issue.comments.first?.rawValue.contains("Set $0.clock") == true
        }
    }

    @Test("a test store that passes records no issue")
    func passingRecordsNothing() async throws {
        let store = TestStore(with: Count(), middleware: [AddLater()]) { $0.clock = ImmediateClock() }
        store.register(reducer: AddReducer.self)
        try await store.send(Add()) { $0.value = 1 }
        try await store.receive(Add.self) { $0.value = 2 }
        try await store.finish()
    }
}
