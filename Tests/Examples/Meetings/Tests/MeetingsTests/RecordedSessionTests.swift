// Generated from a recorded session by ReMVVM's SessionTestExporter.
// Regenerate it rather than edit it.
// swift-format-ignore-file

import Foundation
import ReMVVMMiddleware
import ReMVVMStore
import ReMVVMTesting
import Testing
@testable import Meetings

@MainActor
@Suite struct RecordedSessionTests {
    @Test("the recorded session: a series added, a meeting recorded and saved, an edit undone")
    func recordedSession() async throws {
        let clock = TestClock()
        let store = makeTestStore(clock: clock, speech: .failing(after: "Good morning"))
        store.replayedDraws = [
            .uuid(UUID(uuidString: "00000000-0000-0000-0000-000000000000")!),
            .uuid(UUID(uuidString: "00000000-0000-0000-0000-000000000001")!),
            .uuid(UUID(uuidString: "00000000-0000-0000-0000-000000000002")!),
            .uuid(UUID(uuidString: "00000000-0000-0000-0000-000000000003")!),
            .uuid(UUID(uuidString: "00000000-0000-0000-0000-000000000004")!),
            .date(Date(timeIntervalSinceReferenceDate: 800000000.0)),
        ]
        try await store.send(NewSeries()) {
            $0.navigation.apply(.present(Screen.form(FormState(series: Series(id: UUID(uuidString: "00000000-0000-0000-0000-000000000000")!, title: "", duration: Duration.seconds(300), theme: Theme.bubblegum, attendees: [Attendee(id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!, name: "")], meetings: [])))))
        }
        try await store.send(EditForm(entry: 2, edit: EditForm.Edit.title("Daily"))) {
            $0.navigation[id: 2]?.screen = Screen.form(FormState(series: Series(id: UUID(uuidString: "00000000-0000-0000-0000-000000000000")!, title: "Daily", duration: Duration.seconds(300), theme: Theme.bubblegum, attendees: [Attendee(id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!, name: "")], meetings: [])))
        }
        try await store.send(EditForm(entry: 2, edit: EditForm.Edit.duration(Duration.seconds(60)))) {
            $0.navigation[id: 2]?.screen = Screen.form(FormState(series: Series(id: UUID(uuidString: "00000000-0000-0000-0000-000000000000")!, title: "Daily", duration: Duration.seconds(60), theme: Theme.bubblegum, attendees: [Attendee(id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!, name: "")], meetings: [])))
        }
        try await store.send(EditForm(entry: 2, edit: EditForm.Edit.attendee(UUID(uuidString: "00000000-0000-0000-0000-000000000001")!, name: "Ada"))) {
            $0.navigation[id: 2]?.screen = Screen.form(FormState(series: Series(id: UUID(uuidString: "00000000-0000-0000-0000-000000000000")!, title: "Daily", duration: Duration.seconds(60), theme: Theme.bubblegum, attendees: [Attendee(id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!, name: "Ada")], meetings: [])))
        }
        try await store.send(EditForm(entry: 2, edit: EditForm.Edit.addAttendee)) {
            $0.navigation[id: 2]?.screen = Screen.form(FormState(series: Series(id: UUID(uuidString: "00000000-0000-0000-0000-000000000000")!, title: "Daily", duration: Duration.seconds(60), theme: Theme.bubblegum, attendees: [Attendee(id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!, name: "Ada"), Attendee(id: UUID(uuidString: "00000000-0000-0000-0000-000000000002")!, name: "")], meetings: [])))
        }
        try await store.send(EditForm(entry: 2, edit: EditForm.Edit.attendee(UUID(uuidString: "00000000-0000-0000-0000-000000000002")!, name: "Grace"))) {
            $0.navigation[id: 2]?.screen = Screen.form(FormState(series: Series(id: UUID(uuidString: "00000000-0000-0000-0000-000000000000")!, title: "Daily", duration: Duration.seconds(60), theme: Theme.bubblegum, attendees: [Attendee(id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!, name: "Ada"), Attendee(id: UUID(uuidString: "00000000-0000-0000-0000-000000000002")!, name: "Grace")], meetings: [])))
        }
        try await store.send(EditForm(entry: 2, edit: EditForm.Edit.addAttendee)) {
            $0.navigation[id: 2]?.screen = Screen.form(FormState(series: Series(id: UUID(uuidString: "00000000-0000-0000-0000-000000000000")!, title: "Daily", duration: Duration.seconds(60), theme: Theme.bubblegum, attendees: [Attendee(id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!, name: "Ada"), Attendee(id: UUID(uuidString: "00000000-0000-0000-0000-000000000002")!, name: "Grace"), Attendee(id: UUID(uuidString: "00000000-0000-0000-0000-000000000003")!, name: "")], meetings: [])))
        }
        try await store.send(SaveForm(entry: 2)) {
            $0.series = [Series(id: UUID(uuidString: "00000000-0000-0000-0000-000000000000")!, title: "Daily", duration: Duration.seconds(60), theme: Theme.bubblegum, attendees: [Attendee(id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!, name: "Ada"), Attendee(id: UUID(uuidString: "00000000-0000-0000-0000-000000000002")!, name: "Grace")], meetings: [])]
            $0.navigation.apply(.dismiss)
        }
        try await store.send(NavigationAction<Screen>.push(Screen.detail(UUID(uuidString: "00000000-0000-0000-0000-000000000000")!))) {
            $0.navigation.apply(.push(Screen.detail(UUID(uuidString: "00000000-0000-0000-0000-000000000000")!)))
        }
        try await store.send(StartMeeting(series: UUID(uuidString: "00000000-0000-0000-0000-000000000000")!)) {
            $0.navigation.apply(.push(Screen.record(RecordState(series: Series(id: UUID(uuidString: "00000000-0000-0000-0000-000000000000")!, title: "Daily", duration: Duration.seconds(60), theme: Theme.bubblegum, attendees: [Attendee(id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!, name: "Ada"), Attendee(id: UUID(uuidString: "00000000-0000-0000-0000-000000000002")!, name: "Grace")], meetings: []), meeting: PastMeeting(id: UUID(uuidString: "00000000-0000-0000-0000-000000000004")!, date: Date(timeIntervalSinceReferenceDate: 800000000.0), transcript: ""), secondsElapsed: 0))))
        }
        try await store.send(RecordAppeared(entry: 4))
        try await store.receive(Transcribed.self) {
            $0.navigation[id: 4]?.screen = Screen.record(RecordState(series: Series(id: UUID(uuidString: "00000000-0000-0000-0000-000000000000")!, title: "Daily", duration: Duration.seconds(60), theme: Theme.bubblegum, attendees: [Attendee(id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!, name: "Ada"), Attendee(id: UUID(uuidString: "00000000-0000-0000-0000-000000000002")!, name: "Grace")], meetings: []), meeting: PastMeeting(id: UUID(uuidString: "00000000-0000-0000-0000-000000000004")!, date: Date(timeIntervalSinceReferenceDate: 800000000.0), transcript: "Good morning"), secondsElapsed: 0))
        }
        try await store.receive(NavigationAction<Screen>.self) {
            $0.navigation.apply(.present(Screen.alert(AlertState<MeetingsAlert>(title: "Speech recognition failure", message: "The meeting goes on, but what is said from now on is not transcribed.", buttons: [.cancel("Continue meeting"), .destructive("Discard meeting", action: MeetingsAlert.discardMeeting)]))))
        }
        try await store.send(AlertTapped<MeetingsAlert>(entry: 5, action: nil)) {
            $0.navigation.apply(.dismiss)
        }
        await clock.advance(by: .seconds(1))
        try await store.receive(Tick.self) {
            $0.navigation[id: 4]?.screen = Screen.record(RecordState(series: Series(id: UUID(uuidString: "00000000-0000-0000-0000-000000000000")!, title: "Daily", duration: Duration.seconds(60), theme: Theme.bubblegum, attendees: [Attendee(id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!, name: "Ada"), Attendee(id: UUID(uuidString: "00000000-0000-0000-0000-000000000002")!, name: "Grace")], meetings: []), meeting: PastMeeting(id: UUID(uuidString: "00000000-0000-0000-0000-000000000004")!, date: Date(timeIntervalSinceReferenceDate: 800000000.0), transcript: "Good morning"), secondsElapsed: 1))
        }
        await clock.advance(by: .seconds(1))
        try await store.receive(Tick.self) {
            $0.navigation[id: 4]?.screen = Screen.record(RecordState(series: Series(id: UUID(uuidString: "00000000-0000-0000-0000-000000000000")!, title: "Daily", duration: Duration.seconds(60), theme: Theme.bubblegum, attendees: [Attendee(id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!, name: "Ada"), Attendee(id: UUID(uuidString: "00000000-0000-0000-0000-000000000002")!, name: "Grace")], meetings: []), meeting: PastMeeting(id: UUID(uuidString: "00000000-0000-0000-0000-000000000004")!, date: Date(timeIntervalSinceReferenceDate: 800000000.0), transcript: "Good morning"), secondsElapsed: 2))
        }
        try await store.send(NextSpeaker(entry: 4)) {
            $0.navigation[id: 4]?.screen = Screen.record(RecordState(series: Series(id: UUID(uuidString: "00000000-0000-0000-0000-000000000000")!, title: "Daily", duration: Duration.seconds(60), theme: Theme.bubblegum, attendees: [Attendee(id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!, name: "Ada"), Attendee(id: UUID(uuidString: "00000000-0000-0000-0000-000000000002")!, name: "Grace")], meetings: []), meeting: PastMeeting(id: UUID(uuidString: "00000000-0000-0000-0000-000000000004")!, date: Date(timeIntervalSinceReferenceDate: 800000000.0), transcript: "Good morning"), secondsElapsed: 30))
        }
        await clock.advance(by: .seconds(1))
        try await store.receive(Tick.self) {
            $0.navigation[id: 4]?.screen = Screen.record(RecordState(series: Series(id: UUID(uuidString: "00000000-0000-0000-0000-000000000000")!, title: "Daily", duration: Duration.seconds(60), theme: Theme.bubblegum, attendees: [Attendee(id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!, name: "Ada"), Attendee(id: UUID(uuidString: "00000000-0000-0000-0000-000000000002")!, name: "Grace")], meetings: []), meeting: PastMeeting(id: UUID(uuidString: "00000000-0000-0000-0000-000000000004")!, date: Date(timeIntervalSinceReferenceDate: 800000000.0), transcript: "Good morning"), secondsElapsed: 31))
        }
        try await store.send(NavigationAction<Screen>.present(Screen.alert(AlertState<MeetingsAlert>(title: "End meeting?", message: "You are ending the meeting early. What would you like to do?", buttons: [.default("Save and end", action: MeetingsAlert.saveMeeting), .destructive("Discard", action: MeetingsAlert.discardMeeting), .cancel("Resume")], style: .dialog)))) {
            $0.navigation.apply(.present(Screen.alert(AlertState<MeetingsAlert>(title: "End meeting?", message: "You are ending the meeting early. What would you like to do?", buttons: [.default("Save and end", action: MeetingsAlert.saveMeeting), .destructive("Discard", action: MeetingsAlert.discardMeeting), .cancel("Resume")], style: .dialog))))
        }
        try await store.send(AlertTapped<MeetingsAlert>(entry: 6, action: MeetingsAlert.saveMeeting)) {
            $0.series = [Series(id: UUID(uuidString: "00000000-0000-0000-0000-000000000000")!, title: "Daily", duration: Duration.seconds(60), theme: Theme.bubblegum, attendees: [Attendee(id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!, name: "Ada"), Attendee(id: UUID(uuidString: "00000000-0000-0000-0000-000000000002")!, name: "Grace")], meetings: [PastMeeting(id: UUID(uuidString: "00000000-0000-0000-0000-000000000004")!, date: Date(timeIntervalSinceReferenceDate: 800000000.0), transcript: "Good morning")])]
            $0.navigation.apply(.dismiss)
            $0.navigation.apply(.pop(count: 1))
        }
        try await store.send(NavigationAction<Screen>.present(Screen.form(FormState(series: Series(id: UUID(uuidString: "00000000-0000-0000-0000-000000000000")!, title: "Daily", duration: Duration.seconds(60), theme: Theme.bubblegum, attendees: [Attendee(id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!, name: "Ada"), Attendee(id: UUID(uuidString: "00000000-0000-0000-0000-000000000002")!, name: "Grace")], meetings: [PastMeeting(id: UUID(uuidString: "00000000-0000-0000-0000-000000000004")!, date: Date(timeIntervalSinceReferenceDate: 800000000.0), transcript: "Good morning")]))))) {
            $0.navigation.apply(.present(Screen.form(FormState(series: Series(id: UUID(uuidString: "00000000-0000-0000-0000-000000000000")!, title: "Daily", duration: Duration.seconds(60), theme: Theme.bubblegum, attendees: [Attendee(id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!, name: "Ada"), Attendee(id: UUID(uuidString: "00000000-0000-0000-0000-000000000002")!, name: "Grace")], meetings: [PastMeeting(id: UUID(uuidString: "00000000-0000-0000-0000-000000000004")!, date: Date(timeIntervalSinceReferenceDate: 800000000.0), transcript: "Good morning")])))))
        }
        try await store.send(EditForm(entry: 7, edit: EditForm.Edit.title("Daily standup"))) {
            $0.navigation[id: 7]?.screen = Screen.form(FormState(series: Series(id: UUID(uuidString: "00000000-0000-0000-0000-000000000000")!, title: "Daily standup", duration: Duration.seconds(60), theme: Theme.bubblegum, attendees: [Attendee(id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!, name: "Ada"), Attendee(id: UUID(uuidString: "00000000-0000-0000-0000-000000000002")!, name: "Grace")], meetings: [PastMeeting(id: UUID(uuidString: "00000000-0000-0000-0000-000000000004")!, date: Date(timeIntervalSinceReferenceDate: 800000000.0), transcript: "Good morning")])))
        }
        try await store.send(SaveForm(entry: 7)) {
            $0.series = [Series(id: UUID(uuidString: "00000000-0000-0000-0000-000000000000")!, title: "Daily standup", duration: Duration.seconds(60), theme: Theme.bubblegum, attendees: [Attendee(id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!, name: "Ada"), Attendee(id: UUID(uuidString: "00000000-0000-0000-0000-000000000002")!, name: "Grace")], meetings: [PastMeeting(id: UUID(uuidString: "00000000-0000-0000-0000-000000000004")!, date: Date(timeIntervalSinceReferenceDate: 800000000.0), transcript: "Good morning")])]
            $0.navigation.apply(.dismiss)
        }
        try await store.send(UndoAction()) {
            $0.series = [Series(id: UUID(uuidString: "00000000-0000-0000-0000-000000000000")!, title: "Daily", duration: Duration.seconds(60), theme: Theme.bubblegum, attendees: [Attendee(id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!, name: "Ada"), Attendee(id: UUID(uuidString: "00000000-0000-0000-0000-000000000002")!, name: "Grace")], meetings: [PastMeeting(id: UUID(uuidString: "00000000-0000-0000-0000-000000000004")!, date: Date(timeIntervalSinceReferenceDate: 800000000.0), transcript: "Good morning")])]
        }
        try await store.send(NavigationAction<Screen>.push(Screen.meeting(PastMeeting(id: UUID(uuidString: "00000000-0000-0000-0000-000000000004")!, date: Date(timeIntervalSinceReferenceDate: 800000000.0), transcript: "Good morning")))) {
            $0.navigation.apply(.push(Screen.meeting(PastMeeting(id: UUID(uuidString: "00000000-0000-0000-0000-000000000004")!, date: Date(timeIntervalSinceReferenceDate: 800000000.0), transcript: "Good morning"))))
        }
        try await store.send(NavigationAction<Screen>.close(id: 8)) {
            $0.navigation.apply(.pop(count: 1))
        }
        try await store.send(NavigationAction<Screen>.close(id: 3)) {
            $0.navigation.apply(.pop(count: 1))
        }
        try await store.finish()
    }
}
