// Generated from a recorded session by ReMVVM's SessionTestExporter.
// Regenerate it rather than edit it.
// swift-format-ignore-file

import Foundation
import ReMVVMMiddleware
import ReMVVMStore
import Testing
@testable import Meetings

@MainActor
@Suite struct RecordedSessionTests {
    @Test("the recorded session: a series added, a meeting recorded and saved, an edit undone")
    func recordedSession() async throws {
        let clock = TestClock()
        let store = makeTestStore(clock: clock, speech: .failing(after: "Good morning"))
        // navigation cannot be written as code: this step asserts only the rest.
        store.exhaustivity = .off
        try await store.send(try JSONDecoder().decode(NavigationAction<Screen>.self, from: Data(#"{"present":{"_0":{"form":{"_0":{"series":{"attendees":[{"id":"00000000-0000-0000-0000-000000000002","name":""}],"duration":[16,4852094820647174144],"id":"00000000-0000-0000-0000-000000000001","meetings":[],"theme":"bubblegum","title":""}}}}}}"#.utf8)))
        store.exhaustivity = .on
        // navigation cannot be written as code: this step asserts only the rest.
        store.exhaustivity = .off
        try await store.send(EditForm(entry: 2, edit: EditForm.Edit.title("Daily")))
        store.exhaustivity = .on
        // navigation cannot be written as code: this step asserts only the rest.
        store.exhaustivity = .off
        try await store.send(EditForm(entry: 2, edit: EditForm.Edit.duration(Duration.seconds(60))))
        store.exhaustivity = .on
        // navigation cannot be written as code: this step asserts only the rest.
        store.exhaustivity = .off
        try await store.send(EditForm(entry: 2, edit: EditForm.Edit.attendee(UUID(uuidString: "00000000-0000-0000-0000-000000000002")!, name: "Ada")))
        store.exhaustivity = .on
        // navigation cannot be written as code: this step asserts only the rest.
        store.exhaustivity = .off
        try await store.send(EditForm(entry: 2, edit: EditForm.Edit.addAttendee(UUID(uuidString: "00000000-0000-0000-0000-000000000003")!)))
        store.exhaustivity = .on
        // navigation cannot be written as code: this step asserts only the rest.
        store.exhaustivity = .off
        try await store.send(EditForm(entry: 2, edit: EditForm.Edit.attendee(UUID(uuidString: "00000000-0000-0000-0000-000000000003")!, name: "Grace")))
        store.exhaustivity = .on
        // navigation cannot be written as code: this step asserts only the rest.
        store.exhaustivity = .off
        try await store.send(EditForm(entry: 2, edit: EditForm.Edit.addAttendee(UUID(uuidString: "00000000-0000-0000-0000-000000000004")!)))
        store.exhaustivity = .on
        // series cannot be written as code, and navigation is not asserted without exhaustivity: this step asserts only the rest.
        store.exhaustivity = .off
        try await store.send(SaveForm(entry: 2))
        store.exhaustivity = .on
        try await store.send(NavigationAction<Screen>.push(Screen.detail(UUID(uuidString: "00000000-0000-0000-0000-000000000001")!))) {
            $0.navigation.apply(.push(Screen.detail(UUID(uuidString: "00000000-0000-0000-0000-000000000001")!)))
        }
        // navigation cannot be written as code: this step asserts only the rest.
        store.exhaustivity = .off
        try await store.send(try JSONDecoder().decode(NavigationAction<Screen>.self, from: Data(#"{"push":{"_0":{"record":{"_0":{"meeting":{"date":800000000,"id":"00000000-0000-0000-0000-000000000005","transcript":""},"secondsElapsed":0,"series":{"attendees":[{"id":"00000000-0000-0000-0000-000000000002","name":"Ada"},{"id":"00000000-0000-0000-0000-000000000003","name":"Grace"}],"duration":[3,4659767778871345152],"id":"00000000-0000-0000-0000-000000000001","meetings":[],"theme":"bubblegum","title":"Daily"}}}}}}"#.utf8)))
        store.exhaustivity = .on
        try await store.send(RecordAppeared(entry: 4))
        // navigation cannot be written as code: this step asserts only the rest.
        store.exhaustivity = .off
        try await store.receive(Transcribed.self)
        store.exhaustivity = .on
        try await store.receive(NavigationAction<Screen>.self) {
            $0.navigation.apply(.present(Screen.alert(AlertState<MeetingsAlert>(title: "Speech recognition failure", message: "The meeting goes on, but what is said from now on is not transcribed.", buttons: [.cancel("Continue meeting"), .destructive("Discard meeting", action: MeetingsAlert.discardMeeting)]))))
        }
        try await store.send(AlertTapped<MeetingsAlert>(entry: 5, action: nil)) {
            $0.navigation.apply(.dismiss)
        }
        await clock.advance(by: .seconds(1))
        // navigation cannot be written as code: this step asserts only the rest.
        store.exhaustivity = .off
        try await store.receive(Tick.self)
        store.exhaustivity = .on
        await clock.advance(by: .seconds(1))
        // navigation cannot be written as code: this step asserts only the rest.
        store.exhaustivity = .off
        try await store.receive(Tick.self)
        store.exhaustivity = .on
        // navigation cannot be written as code: this step asserts only the rest.
        store.exhaustivity = .off
        try await store.send(NextSpeaker(entry: 4))
        store.exhaustivity = .on
        await clock.advance(by: .seconds(1))
        // navigation cannot be written as code: this step asserts only the rest.
        store.exhaustivity = .off
        try await store.receive(Tick.self)
        store.exhaustivity = .on
        try await store.send(NavigationAction<Screen>.present(Screen.alert(AlertState<MeetingsAlert>(title: "End meeting?", message: "You are ending the meeting early. What would you like to do?", buttons: [.default("Save and end", action: MeetingsAlert.saveMeeting), .destructive("Discard", action: MeetingsAlert.discardMeeting), .cancel("Resume")], style: .dialog)))) {
            $0.navigation.apply(.present(Screen.alert(AlertState<MeetingsAlert>(title: "End meeting?", message: "You are ending the meeting early. What would you like to do?", buttons: [.default("Save and end", action: MeetingsAlert.saveMeeting), .destructive("Discard", action: MeetingsAlert.discardMeeting), .cancel("Resume")], style: .dialog))))
        }
        // series cannot be written as code, and navigation is not asserted without exhaustivity: this step asserts only the rest.
        store.exhaustivity = .off
        try await store.send(AlertTapped<MeetingsAlert>(entry: 6, action: MeetingsAlert.saveMeeting))
        store.exhaustivity = .on
        // navigation cannot be written as code: this step asserts only the rest.
        store.exhaustivity = .off
        try await store.send(try JSONDecoder().decode(NavigationAction<Screen>.self, from: Data(#"{"present":{"_0":{"form":{"_0":{"series":{"attendees":[{"id":"00000000-0000-0000-0000-000000000002","name":"Ada"},{"id":"00000000-0000-0000-0000-000000000003","name":"Grace"}],"duration":[3,4659767778871345152],"id":"00000000-0000-0000-0000-000000000001","meetings":[{"date":800000000,"id":"00000000-0000-0000-0000-000000000005","transcript":"Good morning"}],"theme":"bubblegum","title":"Daily"}}}}}}"#.utf8)))
        store.exhaustivity = .on
        // navigation cannot be written as code: this step asserts only the rest.
        store.exhaustivity = .off
        try await store.send(EditForm(entry: 7, edit: EditForm.Edit.title("Daily standup")))
        store.exhaustivity = .on
        // series cannot be written as code, and navigation is not asserted without exhaustivity: this step asserts only the rest.
        store.exhaustivity = .off
        try await store.send(SaveForm(entry: 7))
        store.exhaustivity = .on
        // series cannot be written as code: this step asserts only the rest.
        store.exhaustivity = .off
        try await store.send(UndoAction())
        store.exhaustivity = .on
        try await store.send(NavigationAction<Screen>.push(Screen.meeting(PastMeeting(id: UUID(uuidString: "00000000-0000-0000-0000-000000000005")!, date: Date(timeIntervalSinceReferenceDate: 800000000.0), transcript: "Good morning")))) {
            $0.navigation.apply(.push(Screen.meeting(PastMeeting(id: UUID(uuidString: "00000000-0000-0000-0000-000000000005")!, date: Date(timeIntervalSinceReferenceDate: 800000000.0), transcript: "Good morning"))))
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
