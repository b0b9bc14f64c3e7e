import Foundation
import ReMVVM
import ReMVVMTesting
import Testing

@testable import Meetings

/// Records a session of the app, driven through its view models as a user would drive it,
/// checks that the log replays exactly, and exports it as a test: the checked-in
/// `RecordedSessionTests.swift`. Regenerate that file with
/// `MEETINGS_REGENERATE=1 swift test --package-path Tests/Examples/Meetings --filter SessionRecordingTests`.
@MainActor
@Suite struct SessionRecordingTests {
    static let speech = SpeechClient.failing(after: "Good morning")
    static let makeStore = #"makeTestStore(clock: clock, speech: .failing(after: "Good morning"))"#

    @Test("a recorded session replays exactly, and exports as a test")
    func recordAndExport() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "meetings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let logFile = folder.appendingPathComponent("session.jsonl")
        let clock = TestClock()
        let store = Store(
            with: AppState(), middleware: [ActionRecorder(fileURL: logFile)] + MeetingsApp.middleware
        ) {
            $0.clock = clock
            $0.speech = Self.speech
            $0.uuid = .incrementing
            $0.date = .constant(meetingDate)
        }
        MeetingsApp.register(on: store)
        try await Self.playSession(on: store, clock: clock)

        let series = try #require(store.state.series.first)
        #expect(series.title == "Daily")  // the edit to "Daily standup" was undone
        #expect(series.attendees.map(\.name) == ["Ada", "Grace"])
        // The meeting was saved with what was heard before recognition failed.
        #expect(series.meetings == [PastMeeting(id: UUID(4), date: meetingDate, transcript: "Good morning")])

        let log = try ActionLog(contentsOf: logFile)
        let replayer = try ActionReplayer(types: [
            NavigationAction<Screen>.self, NewSeries.self, EditForm.self, SaveForm.self, StartMeeting.self,
            RecordAppeared.self, Tick.self, NextSpeaker.self, Transcribed.self,
            AlertTapped<MeetingsAlert>.self,
            UndoAction.self, RedoAction.self,
        ])
        // Replayed with the live uuid and date: the ids and the date come from the log's draws.
        let replayed = Store(with: AppState(), middleware: MeetingsApp.middleware)
        MeetingsApp.register(on: replayed)
        try replayer.replay(log, into: replayed)
        #expect(replayed.state == store.state)

        var exporter = SessionTestExporter(replayer: replayer, makeStore: Self.makeStore)
        exporter.imports += ["@testable import Meetings"]
        exporter.testName =
            "the recorded session: a series added, a meeting recorded and saved, an edit undone"
        // Set up as the recorded store was: its undo restores the series alone.
        let start = Store(with: AppState(), middleware: MeetingsApp.middleware)
        MeetingsApp.register(on: start)
        let source = try exporter.source(for: log, from: start)
        #expect(source.contains("try await store.send(UndoAction())"))
        #expect(source.contains("try await store.receive(Transcribed.self)"))
        #expect(source.contains("AlertTapped<MeetingsAlert>(entry: 6, action: MeetingsAlert.saveMeeting)"))
        // Ids and dates are written as the code that makes them: no workaround type is needed.
        #expect(source.contains(#"Screen.detail(UUID(uuidString: "00000000-0000-0000-0000-000000000000")!)"#))
        #expect(source.contains("date: Date(timeIntervalSinceReferenceDate: 800000000.0)"))
        // What the reducers drew (four ids, then the meeting's id and date) is given to the test
        // store, and every step is exhaustive.
        #expect(source.contains("store.replayedDraws = ["))
        #expect(source.contains(#".uuid(UUID(uuidString: "00000000-0000-0000-0000-000000000004")!),"#))
        #expect(source.contains(".date(Date(timeIntervalSinceReferenceDate: 800000000.0)),"))
        #expect(!source.contains("exhaustivity"))
        let checkedIn = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("RecordedSessionTests.swift")
        if ProcessInfo.processInfo.environment["MEETINGS_REGENERATE"] != nil {
            try source.write(to: checkedIn, atomically: true, encoding: .utf8)
        }
    }

    /// The session: a series added with a blank attendee (dropped), a meeting recorded through
    /// a recognition failure, its speaker moved on, then ended and saved, an edit of the title
    /// undone, the saved meeting opened.
    static func playSession(on store: Store<AppState>, clock: TestClock) async throws {
        func top() -> Int { store.state.navigation.top.id }
        let list = try #require(ListViewModel(store: store, entry: 1))
        list.send(event: .add)
        let form = try #require(FormViewModel(store: store, entry: top()))
        form.send(event: .title("Daily"))
        form.send(event: .minutes(1))
        form.send(event: .attendee(index: 0, name: "Ada"))
        form.send(event: .addAttendee)
        form.send(event: .attendee(index: 1, name: "Grace"))
        form.send(event: .addAttendee)
        form.send(event: .save)

        list.send(event: .open(index: 0))
        let detail = try #require(DetailViewModel(store: store, entry: top()))
        detail.send(event: .startMeeting)
        let recorder = try #require(RecordViewModel(store: store, entry: top()))
        recorder.send(event: .appeared)
        // The recognizer hears "Good morning", then fails: an alert comes up.
        for _ in 0..<1000 where store.state.navigation.top.id == recorder.entry { await Task.yield() }
        // Continue meeting.
        try #require(AlertViewModel(store: store, entry: top())).send(event: .tap(index: 0))
        await clock.advance(by: .seconds(2))
        recorder.send(event: .nextSpeaker)
        await clock.advance(by: .seconds(1))
        recorder.send(event: .endMeeting)
        try #require(AlertViewModel(store: store, entry: top())).send(event: .tap(index: 0))  // Save and end

        detail.send(event: .edit)
        let edit = try #require(FormViewModel(store: store, entry: top()))
        edit.send(event: .title("Daily standup"))
        edit.send(event: .save)
        store.dispatch(action: UndoAction())
        detail.send(event: .openMeeting(index: 0))
        try #require(MeetingViewModel(store: store, entry: top())).send(event: .back)
        detail.send(event: .back)
        await store.idle()
    }
}
