// Generated from a recorded session by ReMVVM's SessionTestExporter.
// Regenerate it rather than edit it.
// swift-format-ignore-file

import ReMVVMMiddleware
import ReMVVMStore
import ReMVVMTesting
import Testing

@MainActor
@Suite struct RecordedBookSearchTests {
    @Test("the recorded book search goes through the same states")
    func recordedSession() async throws {
        let clock = TestClock()
        let store = makeBookSearchTestStore(clock: clock)
        try await store.send(Search.Changed(query: "d")) {
            $0.query = "d"
        }
        await clock.advance(by: .milliseconds(30))
        try await store.send(Search.Changed(query: "du")) {
            $0.query = "du"
        }
        await clock.advance(by: .milliseconds(30))
        try await store.send(Search.Changed(query: "dun")) {
            $0.query = "dun"
        }
        await clock.advance(by: .milliseconds(300))
        try await store.receive(Search.Answered.self) {
            $0.results = [Search.Book(title: "Dun")]
        }
        await clock.advance(by: .milliseconds(40))
        try await store.send(UndoAction()) {
            $0.results = []
        }
        await clock.advance(by: .milliseconds(10))
        try await store.send(RedoAction()) {
            $0.results = [Search.Book(title: "Dun")]
        }
        await clock.advance(by: .milliseconds(90))
        try await store.send(Search.Changed(query: "dune")) {
            $0.query = "dune"
        }
        await clock.advance(by: .milliseconds(150))
        try await store.send(Search.Changed(query: "dunes")) {
            $0.query = "dunes"
        }
        await clock.advance(by: .milliseconds(300))
        try await store.receive(Search.Answered.self) {
            $0.results = [Search.Book(title: "Dunes")]
        }
        await clock.advance(by: .milliseconds(50))
        try await store.send(Search.Changed(query: "offline")) {
            $0.query = "offline"
        }
        await clock.advance(by: .milliseconds(300))
        try await store.receive(Search.Failed.self) {
            $0.error = "offline"
        }
        await clock.advance(by: .milliseconds(100))
        try await store.send(Search.Changed(query: "x")) {
            $0.query = "x"
        }
        await clock.advance(by: .milliseconds(50))
        try await store.send(Search.Cleared()) {
            $0.query = ""
            $0.results = []
            $0.error = nil
        }
        try await store.finish()
    }
}
