import Foundation
import ReMVVM

/// A screen of the text UI: what it shows, rendered from its view model's state, and the
/// commands it takes, sent to its view model as events.
@MainActor
protocol TextScreen {
    var lines: [String] { get }
    var commands: String { get }
    /// Handles `command` (its first word) with `rest` (the rest of the line); `false` when the
    /// screen has no such command.
    func handle(_ command: String, _ rest: String) throws(CommandError) -> Bool
}

/// A command that cannot be carried out, with a hint.
struct CommandError: Error {
    let message: String
    let hint: String
}

extension String {
    /// The 1-based position in this text, as a 0-based index below `count`.
    func index(below count: Int, of what: String) throws(CommandError) -> Int {
        guard let number = Int(self), number >= 1, number <= count else {
            let range = count == 0 ? "there is none" : "1...\(count)"
            throw CommandError(message: "no \(what) '\(self)'", hint: "give its number (\(range))")
        }
        return number - 1
    }
}

func clockText(_ seconds: Int) -> String {
    String(format: "%02d:%02d", max(0, seconds) / 60, max(0, seconds) % 60)
}

struct ListScreen: TextScreen {
    let viewModel: ListViewModel

    var lines: [String] {
        let rows = viewModel.state.rows
        guard !rows.isEmpty else { return ["== Meetings ==", "(none yet: add one)"] }
        return ["== Meetings =="]
            + rows.enumerated().map { index, row in
                "\(index + 1). \(row.title) [\(row.theme.rawValue)] \(row.minutes) min, \(row.attendees) attendees"
            }
    }

    var commands: String { "add, open <n>" }

    func handle(_ command: String, _ rest: String) throws(CommandError) -> Bool {
        switch command {
        case "add": viewModel.send(event: .add)
        case "open":
            viewModel.send(
                event: .open(index: try rest.index(below: viewModel.state.rows.count, of: "series")))
        default: return false
        }
        return true
    }
}

struct FormScreen: TextScreen {
    let viewModel: FormViewModel

    var lines: [String] {
        let state = viewModel.state
        return [
            state.isNew ? "== New meeting ==" : "== Edit \(state.title) ==",
            "Title: \(state.title.isEmpty ? "(empty)" : state.title)",
            "Length: \(state.minutes) min",
            "Theme: \(state.theme.rawValue)",
            "Attendees:",
        ] + state.attendees.enumerated().map { "  \($0 + 1). \($1.isEmpty ? "(blank)" : $1)" }
    }

    var commands: String {
        "title <text>, length <minutes>, theme <name>, attendee <n> <name>, new attendee, remove <n>, "
            + (viewModel.state.isNew ? "add" : "done") + ", cancel"
    }

    func handle(_ command: String, _ rest: String) throws(CommandError) -> Bool {
        let attendees = viewModel.state.attendees.count
        switch command {
        case "title": viewModel.send(event: .title(rest))
        case "length":
            guard let minutes = Int(rest), (1...120).contains(minutes) else {
                throw CommandError(message: "no length '\(rest)'", hint: "give the minutes, 1 to 120")
            }
            viewModel.send(event: .minutes(minutes))
        case "theme":
            guard let theme = Theme(rawValue: rest) else {
                throw CommandError(
                    message: "no theme '\(rest)'",
                    hint: Theme.allCases.map(\.rawValue).joined(separator: ", "))
            }
            viewModel.send(event: .theme(theme))
        case "attendee":
            let parts = rest.split(separator: " ", maxSplits: 1).map(String.init)
            let index = try (parts.first ?? "").index(below: attendees, of: "attendee")
            viewModel.send(event: .attendee(index: index, name: parts.count > 1 ? parts[1] : ""))
        case "new" where rest == "attendee": viewModel.send(event: .addAttendee)
        case "remove":
            viewModel.send(event: .removeAttendee(index: try rest.index(below: attendees, of: "attendee")))
        case "add", "done", "save": viewModel.send(event: .save)
        case "cancel": viewModel.send(event: .cancel)
        default: return false
        }
        return true
    }
}

struct DetailScreen: TextScreen {
    let viewModel: DetailViewModel

    var lines: [String] {
        let state = viewModel.state
        return [
            "== \(state.title) ==",
            "Length: \(state.minutes) min, theme: \(state.theme.rawValue)",
            "Attendees: \(state.attendees.map { $0.isEmpty ? "(blank)" : $0 }.joined(separator: ", "))",
            state.meetings.isEmpty ? "Past meetings: none" : "Past meetings:",
        ] + state.meetings.enumerated().map { "  \($0 + 1). \($1.ISO8601Format())" }
    }

    var commands: String { "start, meeting <n>, edit, delete, back" }

    func handle(_ command: String, _ rest: String) throws(CommandError) -> Bool {
        switch command {
        case "start": viewModel.send(event: .startMeeting)
        case "edit": viewModel.send(event: .edit)
        case "delete": viewModel.send(event: .delete)
        case "meeting":
            let index = try rest.index(below: viewModel.state.meetings.count, of: "meeting")
            viewModel.send(event: .openMeeting(index: index))
        case "back": viewModel.send(event: .back)
        default: return false
        }
        return true
    }
}

struct RecordScreen: TextScreen {
    let viewModel: RecordViewModel

    var lines: [String] {
        let state = viewModel.state
        return [
            "== Recording \(state.title) ==",
            "Speaker \(state.speakerNumber) of \(state.speakers): \(state.speaker)",
            "\(clockText(state.secondsElapsed)) elapsed, \(clockText(state.secondsRemaining)) left",
            "Transcript: \(state.transcript)",
        ]
    }

    var commands: String { "next, end, back, wait <seconds>" }

    func handle(_ command: String, _ rest: String) throws(CommandError) -> Bool {
        switch command {
        case "next": viewModel.send(event: .nextSpeaker)
        case "end": viewModel.send(event: .endMeeting)
        case "back": viewModel.send(event: .back)
        default: return false
        }
        return true
    }
}

struct MeetingScreen: TextScreen {
    let viewModel: MeetingViewModel

    var lines: [String] {
        ["== Meeting of \(viewModel.state.date.ISO8601Format()) ==", viewModel.state.transcript]
    }

    var commands: String { "back" }

    func handle(_ command: String, _ rest: String) throws(CommandError) -> Bool {
        guard command == "back" else { return false }
        viewModel.send(event: .back)
        return true
    }
}

struct AlertScreen: TextScreen {
    let viewModel: AlertViewModel

    var lines: [String] {
        let alert = viewModel.state.alert
        let buttons =
            alert.buttons.isEmpty ? ["OK"] : alert.buttons.map { "\($0.label) (\($0.role.rawValue))" }
        return ["== \(alert.style == .dialog ? "Dialog" : "Alert"): \(alert.title) =="]
            + (alert.message.map { [$0] } ?? [])
            + buttons.enumerated().map { "  \($0 + 1). \($1)" }
    }

    var commands: String { "<n> (the button's number)" }

    func handle(_ command: String, _ rest: String) throws(CommandError) -> Bool {
        guard let number = Int(command) else { return false }
        let count = max(1, viewModel.state.alert.buttons.count)
        viewModel.send(event: .tap(index: try String(number).index(below: count, of: "button")))
        return true
    }
}
