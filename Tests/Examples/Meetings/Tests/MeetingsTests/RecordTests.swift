import Foundation
import ReMVVM
import ReMVVMTesting
import Testing

@testable import Meetings

@MainActor
@Suite struct RecordTests {
    let clock = TestClock()

    @Test("each second ticks, and the speaker changes when their share of time is over")
    func ticks() async throws {
        let (state, _) = AppState.recording(daily)
        let store = makeTestStore(state, clock: clock)
        try await store.send(RecordAppeared(entry: 3))
        for second in 1...5 {
            await clock.advance(by: .seconds(1))
            try await store.receive(Tick.self) { $0.editRecord(3) { $0.secondsElapsed = second } }
            let speaker = try #require(RecordViewModel(store: store.store, entry: 3)).state.speaker
            #expect(speaker == [ada, grace, grace, linus, linus][second - 1].name)
        }
        try await store.send(NavigationAction<Screen>.close(id: 3)) { $0.navigation.apply(.close(id: 3)) }
        try await store.finish()
    }

    @Test("the next speaker starts at once; the last one's next asks to end the meeting")
    func nextSpeaker() async throws {
        let (state, _) = AppState.recording(daily)
        let store = makeTestStore(state, clock: clock)
        try await store.send(NextSpeaker(entry: 3)) { $0.editRecord(3) { $0.secondsElapsed = 2 } }
        try await store.send(NextSpeaker(entry: 3)) { $0.editRecord(3) { $0.secondsElapsed = 4 } }
        try await store.send(NextSpeaker(entry: 3))  // the last speaker: nothing changes
        let viewModel = try #require(RecordViewModel(store: store.store, entry: 3))
        #expect(viewModel.state.speaker == "Linus")
        viewModel.send(event: .nextSpeaker)
        try await store.receive(NavigationAction<Screen>.self) {
            $0.navigation.apply(.present(.alert(.endMeeting)))
        }
        try await store.finish()
    }

    @Test("save and end saves the meeting with its transcript; the timer stands still while the dialog shows")
    func saveAndEnd() async throws {
        let (speech, heard) = SpeechClient.controlled()
        let (state, record) = AppState.recording(daily)
        let store = makeTestStore(state, clock: clock, speech: speech)
        try await store.send(RecordAppeared(entry: 3))
        heard.yield("Hello everyone")
        // A recognizer still listening would hold up each advance of the clock for a second
        // (README, "Library problems"), so this one stops here.
        heard.finish()
        try await store.receive(Transcribed.self) {
            $0.editRecord(3) { $0.meeting.transcript = "Hello everyone" }
        }
        await clock.advance(by: .seconds(1))
        try await store.receive(Tick.self) { $0.editRecord(3) { $0.secondsElapsed = 1 } }
        try await store.send(NavigationAction.present(Screen.alert(.endMeeting))) {
            $0.navigation.apply(.present(.alert(.endMeeting)))
        }
        await clock.advance(by: .seconds(1))
        try await store.receive(Tick.self)  // paused: nothing changes
        try await store.send(AlertTapped(entry: 4, action: MeetingsAlert.saveMeeting)) {
            $0.series[id: daily.id]?.meetings = [
                PastMeeting(id: record.meeting.id, date: meetingDate, transcript: "Hello everyone")
            ]
            $0.navigation.apply(.close(id: 4))
            $0.navigation.apply(.close(id: 3))
        }
        try await store.finish()
    }

    @Test("discard closes the recorder and saves nothing")
    func discard() async throws {
        let (state, _) = AppState.recording(daily)
        let store = makeTestStore(state, clock: clock)
        try await store.send(RecordAppeared(entry: 3))
        try await store.send(NavigationAction.present(Screen.alert(.endMeeting))) {
            $0.navigation.apply(.present(.alert(.endMeeting)))
        }
        try await store.send(AlertTapped(entry: 4, action: MeetingsAlert.discardMeeting)) {
            $0.navigation.apply(.close(id: 4))
            $0.navigation.apply(.close(id: 3))
        }
        await clock.advance(by: .seconds(10))
        #expect(store.store.state.series[id: daily.id]?.meetings == [])
        try await store.finish()
    }

    @Test("resume closes the dialog and the meeting goes on")
    func resume() async throws {
        let (state, _) = AppState.recording(daily)
        let store = makeTestStore(state, clock: clock)
        try await store.send(RecordAppeared(entry: 3))
        try await store.send(NavigationAction.present(Screen.alert(.endMeeting))) {
            $0.navigation.apply(.present(.alert(.endMeeting)))
        }
        let dialog = AlertState<MeetingsAlert>.endMeeting
        #expect(dialog.buttons[2].label == "Resume")
        try await store.send(dialog.tap(dialog.buttons[2], entry: 4)) { $0.navigation.apply(.close(id: 4)) }
        await clock.advance(by: .seconds(1))
        try await store.receive(Tick.self) { $0.editRecord(3) { $0.secondsElapsed = 1 } }
        try await store.send(NavigationAction<Screen>.close(id: 3)) { $0.navigation.apply(.close(id: 3)) }
        try await store.finish()
    }

    @Test("when time is up the meeting is saved and the recorder closes")
    func timeIsUp() async throws {
        let (state, record) = AppState.recording(daily)
        let store = makeTestStore(state, clock: clock)
        try await store.send(RecordAppeared(entry: 3))
        for second in 1...5 {
            await clock.advance(by: .seconds(1))
            try await store.receive(Tick.self) { $0.editRecord(3) { $0.secondsElapsed = second } }
        }
        await clock.advance(by: .seconds(1))
        try await store.receive(Tick.self) {
            $0.series[id: daily.id]?.meetings = [record.meeting]
            $0.navigation.apply(.close(id: 3))
        }
        await clock.advance(by: .seconds(5))  // the timer ended with the recorder
        try await store.finish()
    }

    @Test("a failing recognizer shows an alert, and the meeting goes on", arguments: [false, true])
    func recognitionFails(denied: Bool) async throws {
        let (state, _) = AppState.recording(daily)
        let store = makeTestStore(state, clock: clock, speech: denied ? .denied : .failing(after: "Hello"))
        try await store.send(RecordAppeared(entry: 3))
        if !denied {
            try await store.receive(Transcribed.self) { $0.editRecord(3) { $0.meeting.transcript = "Hello" } }
        }
        try await store.receive(NavigationAction<Screen>.self) {
            $0.navigation.apply(.present(.alert(.speechFailed)))
        }
        let alert = AlertState<MeetingsAlert>.speechFailed
        #expect(alert.buttons[0].label == "Continue meeting")
        try await store.send(alert.tap(alert.buttons[0], entry: 4)) { $0.navigation.apply(.close(id: 4)) }
        await clock.advance(by: .seconds(1))
        try await store.receive(Tick.self) { $0.editRecord(3) { $0.secondsElapsed = 1 } }
        try await store.send(NavigationAction<Screen>.close(id: 3)) { $0.navigation.apply(.close(id: 3)) }
        try await store.finish()
    }

    @Test("a back swipe on the recorder stops its timer")
    func backSwipe() async throws {
        let (state, _) = AppState.recording(daily)
        let store = makeTestStore(state, clock: clock)
        try await store.send(RecordAppeared(entry: 3))
        await clock.advance(by: .seconds(1))
        try await store.receive(Tick.self) { $0.editRecord(3) { $0.secondsElapsed = 1 } }
        #expect(clock.sleeperCount == 1)
        // The UI popped the recorder itself and tells the store: two entries are left.
        try await store.send(NavigationAction<Screen>.synchronize(visibleCount: 2)) {
            $0.navigation.apply(.synchronize(visibleCount: 2))
        }
        await clock.advance(by: .seconds(10))
        #expect(clock.sleeperCount == 0)
        #expect(store.store.state.navigation.entries.map(\.id) == [1, 2])
        #expect(store.store.state.series[id: daily.id] == daily)
        try await store.finish()  // fails on any Tick received
    }
}
