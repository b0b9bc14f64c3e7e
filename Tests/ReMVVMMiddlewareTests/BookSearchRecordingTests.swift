import Foundation
import ReMVVMMiddleware
import ReMVVMStore
import ReMVVMTesting
import Testing

/// The book-search flow recorded on a `TestClock` (a debounce, a search cancelled by a newer
/// query, a failure, a clear, and an undo and a redo of an effect's answer), replayed by the
/// reducers alone, and exported to the checked-in `RecordedBookSearchTests.swift` and
/// `RecordedBookSearchCutTests.swift`, which this target compiles and runs.
@MainActor
@Suite struct BookSearchRecordingTests {
    /// A recorded session: its log, and the state after each of its lines.
    struct Session {
        let log: ActionLog
        let states: [BookSearchContent]
    }

    /// Types, undoes and redoes on a TestClock while an `ActionRecorder` writes the log.
    static func record() async throws -> Session {
        try await withTemporaryFile { (url: URL) async throws in
            let clock = TestClock()
            let store = makeBookSearchStore(clock: clock, before: [ActionRecorder(fileURL: url)])
            var states: [BookSearchContent] = []
            let observation = store.subscribe(to: \.self, timing: .afterSubscribers) { state, _, cause in
                if case .action = cause { states.append(state.content) }
            }
            @MainActor func type(_ query: String) { store.dispatch(action: Search.Changed(query: query)) }
            // Three keystrokes 30 ms apart: one search, for "dun", which answers at 360 ms.
            type("d")
            await clock.advance(by: .milliseconds(30))
            type("du")
            await clock.advance(by: .milliseconds(30))
            type("dun")
            await clock.advance(by: .milliseconds(340))
            // The answer taken back and brought back again.
            store.dispatch(action: UndoAction())
            await clock.advance(by: .milliseconds(10))
            store.dispatch(action: RedoAction())
            await clock.advance(by: .milliseconds(90))
            // A query typed while the search for the one before is in flight cancels it.
            type("dune")
            await clock.advance(by: .milliseconds(150))
            type("dunes")
            await clock.advance(by: .milliseconds(350))
            // The client fails.
            type("offline")
            await clock.advance(by: .milliseconds(400))
            // A clear during the debounce: no search at all.
            type("x")
            await clock.advance(by: .milliseconds(50))
            store.dispatch(action: Search.Cleared())
            await clock.advance(by: .milliseconds(500))
            await store.idle()
            observation.cancel()
            return Session(log: try ActionLog(contentsOf: url), states: states)
        }
    }

    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    /// The exporter of book-search sessions.
    static func exporter(suiteName: String) -> SessionTestExporter {
        var exporter = SessionTestExporter(
            replayer: bookSearchReplayer, makeStore: "makeBookSearchTestStore(clock: clock)")
        exporter.suiteName = suiteName
        exporter.testName = "the recorded book search goes through the same states"
        return exporter
    }

    @Test(
        "the log holds every keystroke and answer, when each came, and what the undo and the redo took back")
    func log() async throws {
        let session = try await Self.record()
        let entries = session.log.entries
        #expect(
            entries.map(\.typeName) == [
                "Search.Changed", "Search.Changed", "Search.Changed", "Search.Answered", "UndoAction",
                "RedoAction", "Search.Changed", "Search.Changed", "Search.Answered", "Search.Changed",
                "Search.Failed", "Search.Changed", "Search.Cleared",
            ])
        #expect(
            entries.map(\.time)
                == [0, 30, 60, 360, 400, 410, 500, 650, 950, 1000, 1300, 1400, 1450].map {
                    .milliseconds($0)
                })
        #expect(entries.map(\.origin).filter { $0 == .followUp }.count == 3)
        // The undo took back the answer (the state before line 4); the redo, the undo (line 5).
        #expect(entries[4].restored == .stateBefore(sequenceNumber: 4))
        #expect(entries[5].restored == .stateBefore(sequenceNumber: 5))
        #expect(session.states.count == entries.count)
        #expect(session.states[4].results.isEmpty)
        #expect(session.states[5].results == [Search.Book(title: "Dun")])
        #expect(session.states[8].results == [Search.Book(title: "Dunes")])
        #expect(session.states[10].error == "offline")
    }

    @Test(
        "a replay by the reducers alone goes through the recorded state at every line, undo and redo included"
    )
    func replayByReducers() async throws {
        let session = try await Self.record()
        for (index, entry) in session.log.entries.enumerated() {
            let store = makeBookSearchStore(clock: TestClock())
            let summary = try bookSearchReplayer.replay(
                session.log, into: store, through: entry.sequenceNumber)
            #expect(summary.replayedCount == index + 1)
            #expect(store.state.content == session.states[index], "after line \(entry.sequenceNumber)")
        }
        // Through the middleware the searches run again, on a clock nobody moves: the answer
        // the undo took back never comes, so the undo takes back a keystroke instead.
        let store = makeBookSearchStore(clock: TestClock())
        try bookSearchReplayer.replay(session.log, into: store, through: 6, mode: .throughMiddleware)
        #expect(store.state.content != session.states[5])
        store.cancelTasks(id: BookSearchMiddleware.SearchTask())
    }

    @Test(
        "the session exports to the checked-in tests, whole and cut while a search is in flight",
        arguments: [
            ("RecordedBookSearchTests", Int.max),
            // Cut after "dune": its search is in flight, and the test stops it explicitly.
            ("RecordedBookSearchCutTests", 7),
        ])
    func golden(suiteName: String, through last: Int) async throws {
        let session = try await Self.record()
        let source = try Self.exporter(suiteName: suiteName).source(
            for: session.log, from: makeBookSearchTestStore(clock: TestClock()).store, through: last)
        let url = Self.directory.appendingPathComponent(suiteName + ".swift")
        if ProcessInfo.processInfo.environment["REMVVM_REGENERATE_GOLDEN"] == "1" {
            try Data(source.utf8).write(to: url)
        }
        #expect(
            source == (try String(contentsOf: url, encoding: .utf8)),
            Comment(
                rawValue:
                    "the export differs from \(suiteName).swift; if the change is meant, regenerate it: "
                    + "REMVVM_REGENERATE_GOLDEN=1 swift test --filter BookSearchRecordingTests"))
        #expect(!source.contains("@testable"))
        #expect(!source.contains("JSONDecoder"))
    }

    @Test("the export sends the keystrokes, moves the clock by the recorded gaps, and receives the answers")
    func exportedSteps() async throws {
        let session = try await Self.record()
        let source = try Self.exporter(suiteName: "S").source(
            for: session.log, from: makeBookSearchTestStore(clock: TestClock()).store)
        let expected = """
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

            """
        #expect(source.contains(expected))
        let cut = try Self.exporter(suiteName: "S").source(
            for: session.log, from: makeBookSearchTestStore(clock: TestClock()).store, through: 7)
        #expect(
            cut.hasSuffix(
                """
                        // The session goes on in the log from line 8 (Search.Changed); the test stops before it.
                        // What was still running runs to its end, and what it dispatched is skipped:
                        await clock.run()
                        await store.store.idle()
                        store.skipReceivedActions()
                        try await store.finish()
                    }
                }

                """))
    }
}
