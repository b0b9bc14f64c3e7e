import Foundation
import ReMVVM
import ReMVVMTesting
import Testing

@testable import Meetings

@MainActor
@Suite struct MeetingsConsoleTests {
    @Test("the text UI adds a series, records a meeting and shows it, from its commands")
    func session() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "meetings-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let clock = TestClock()
        let app = MeetingsApp(file: folder.appendingPathComponent("series.json")) {
            $0.clock = clock
            $0.speech = .standIn
            $0.uuid = .incrementing
            $0.date = .constant(meetingDate)
        }
        var screens: [String] = []
        var errors: [String] = []
        let console = MeetingsConsole(app: app, write: { screens.append($0) }, warn: { errors.append($0) })
        for line in [
            "add", "title Daily", "attendee 1 Ada", "new attendee", "length 1", "add", "open 1", "start",
        ] {
            #expect(await console.handle(line))
        }
        await clock.advance(by: .seconds(31))
        for line in ["end", "1", "meeting 1"] {
            #expect(await console.handle(line))
        }
        #expect(await console.handle("open 7"))  // not a command of this screen
        #expect(console.failed)
        #expect(errors == ["error: unknown command 'open' (here: back)"])
        #expect(await console.handle("quit") == false)

        #expect(screens[5].hasPrefix("== Meetings ==\n1. Daily [bubblegum] 1 min, 1 attendees\n"))
        #expect(screens[6].hasPrefix("== Daily ==\nLength: 1 min, theme: bubblegum\nAttendees: Ada\n"))
        #expect(
            screens[7].hasPrefix("== Recording Daily ==\nSpeaker 1 of 1: Ada\n00:00 elapsed, 01:00 left\n"))
        #expect(screens[8].contains("== Dialog: End meeting? =="))
        #expect(screens[9].contains("Past meetings:\n  1. 2026-05-09T06:13:20Z"))
        #expect(
            screens[10]
                == "== Meeting of 2026-05-09T06:13:20Z ==\n(A stand-in recognizer heard this meeting.)\nCommands: back; help"
        )
        #expect(app.store.state.series.first?.meetings.first.map { $0.transcript.isEmpty } == false)
    }
}
