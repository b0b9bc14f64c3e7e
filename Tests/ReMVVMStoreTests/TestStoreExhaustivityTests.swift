import ReMVVMStore
import ReMVVMTesting
import Testing

// Tests `TestStore.withExhaustivity(_:_:)` (Sources/ReMVVMTesting/TestStore+Exhaustivity.swift)
// and `.off(listingSkipped: true)`, which reports what it skips through the store's diagnostics
// handler without failing the test (Sources/ReMVVMTesting/Machinery/TestStore+Checking.swift).

private struct Counter: StoreState, Equatable {
    var count = 0
    var note = ""
    var echoes = 0
    var pings = 0
}

private struct Bump: StoreAction {}
private struct Echo: StoreAction {}
private struct Ping: StoreAction {}

private enum BumpReducer: Reducer {
    static func reduce(state: Counter, with action: Bump) -> Counter {
        var state = state
        state.count += 1
        state.note = "bumped \(state.count)"
        return state
    }
}

private enum EchoReducer: Reducer {
    static func reduce(state: Counter, with action: Echo) -> Counter {
        var state = state
        state.echoes += 1
        return state
    }
}

private enum PingReducer: Reducer {
    static func reduce(state: Counter, with action: Ping) -> Counter {
        var state = state
        state.pings += 1
        return state
    }
}

/// After each `Bump`, dispatches `Echo`, then `Ping`.
private struct EchoMiddleware: Middleware {
    func applyMiddleware(for state: Counter, action: Bump, dispatcher: Dispatcher<Bump, Counter>) {
        dispatcher.next()
        dispatcher.dispatch(action: Echo())
        dispatcher.dispatch(action: Ping())
    }
}

private struct Stop: Error {}

/// A test store over a counter; with `echoes`, every `Bump` is followed by `Echo` and `Ping`.
/// What it reports through diagnostics goes to `reported`.
@MainActor
private func makeStore(echoes: Bool = false, reported: Reported) -> TestStore<Counter> {
    let store = TestStore(with: Counter(), middleware: echoes ? [EchoMiddleware()] : [])
    store.register(reducer: BumpReducer.self)
    store.register(reducer: EchoReducer.self)
    store.register(reducer: PingReducer.self)
    store.store.diagnosticsHandler = { reported.diagnostics.append($0) }
    return store
}

@MainActor
private final class Reported {
    var diagnostics: [StoreDiagnostic] = []
}

@MainActor
@Suite("TestStore exhaustivity: for a few steps, and listing what it skips")
struct TestStoreExhaustivityTests {
    @Test(
        "withExhaustivity(.off) compares only what the closure sets; the steps after it are exhaustive again")
    func offForAFewSteps() async throws {
        let store = makeStore(reported: Reported())
        try await store.withExhaustivity(.off) {
            try await store.send(Bump()) { $0.count = 1 }  // the note is not asserted
        }
        #expect(store.exhaustivity == .on)

        let line = #line + 1
        let failure = await caughtTestStoreFailure { try await store.send(Bump()) { $0.count = 2 } }
        #expect(failure?.line == line)
        #expect(
            failure?.message == """
                send Bump(): the state differs from the expected one:
                  note: expected "bumped 1", got "bumped 2"
                """)
    }

    @Test("the exhaustivity from before comes back when the block throws, whatever the block set")
    func restoredWhenThrowing() async throws {
        let store = makeStore(reported: Reported())
        store.exhaustivity = .off(listingSkipped: true)

        await #expect(throws: Stop.self) {
            try await store.withExhaustivity(.on) {
                #expect(store.exhaustivity == .on)
                store.exhaustivity = .off
                throw Stop()
            }
        }
        #expect(store.exhaustivity == .off(listingSkipped: true))

        // A step of the block that fails: the block is exhaustive, and the exhaustivity is back.
        let failure = await caughtTestStoreFailure {
            try await store.withExhaustivity(.on) {
                try await store.send(Bump()) { $0.count = 1 }
            }
        }
        #expect(failure?.message.hasPrefix("send Bump(): the state differs from the expected one:") == true)
        #expect(store.exhaustivity == .off(listingSkipped: true))
    }

    @Test("store.exhaustivity = .off is .off(listingSkipped: false), which skips without listing anything")
    func plainOffListsNothing() async throws {
        let reported = Reported()
        let store = makeStore(echoes: true, reported: reported)
        store.exhaustivity = .off
        #expect(store.exhaustivity == .off(listingSkipped: false))

        try await store.send(Bump()) { $0.count = 1 }
        try await store.receive(Ping.self)
        try await store.finish()
        #expect(reported.diagnostics.isEmpty)
    }

    @Test("off, listing what it skips: each change not asserted and each action not received, at its step")
    func listingSkipped() async throws {
        let reported = Reported()
        let store = makeStore(echoes: true, reported: reported)
        store.exhaustivity = .off(listingSkipped: true)

        let bump = #line + 1
        try await store.send(Bump()) { $0.count = 1 }  // the note is not asserted
        let receivePing = #line + 1
        try await store.receive(Ping.self) { $0.pings = 1 }  // Echo came first: skipped
        try await store.send(Bump()) {  // everything Bump changes is asserted
            $0.count = 2
            $0.note = "bumped 2"
        }
        let receiveEcho = #line + 1
        try await store.receive(Echo.self)  // its change is not asserted
        let finish = #line + 1
        try await store.finish()  // the second Ping was not received

        let file = "TestStoreExhaustivityTests.swift"
        #expect(reported.diagnostics.allSatisfy { $0.kind == .assertionSkipped })
        #expect(
            reported.diagnostics.map(\.message) == [
                #"\#(file):\#(bump): send Bump(): skipped the change note: "" -> "bumped 1""#,
                "\(file):\(receivePing): receive Ping: skipped the action Echo(), reduced and not received",
                "\(file):\(receiveEcho): receive Echo: skipped the change echoes: 1 -> 2",
                "\(file):\(finish): finish: skipped the action Ping(), reduced and not received",
            ])
        // Listed, not failed: the state is what the steps left.
        #expect(store.store.state == Counter(count: 2, note: "bumped 2", echoes: 2, pings: 2))
    }

    @Test("a step without a closure lists every change of its action")
    func listingWithoutClosure() async throws {
        let reported = Reported()
        let store = makeStore(reported: reported)
        let line = #line + 1
        try await store.withExhaustivity(.off(listingSkipped: true)) { try await store.send(Bump()) }
        #expect(
            reported.diagnostics.map(\.message) == [
                "TestStoreExhaustivityTests.swift:\(line): send Bump(): skipped the change count: 0 -> 1",
                #"TestStoreExhaustivityTests.swift:\#(line): send Bump(): skipped the change note: "" -> "bumped 1""#,
            ])
        try await store.finish()
    }
}
