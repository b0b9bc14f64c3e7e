import ReMVVM

/// What a tap on a button of the app's alerts asks for.
enum MeetingsAlert: Hashable, Codable, Sendable {
    case deleteSeries
    case saveMeeting
    case discardMeeting
}

extension AlertState<MeetingsAlert> {
    static var deleteSeries: Self {
        Self(
            title: "Delete?", message: "Are you sure you want to delete this meeting?",
            buttons: [.destructive("Yes", action: .deleteSeries), .cancel("Nevermind")])
    }

    static var endMeeting: Self {
        Self(
            title: "End meeting?", message: "You are ending the meeting early. What would you like to do?",
            buttons: [
                .default("Save and end", action: .saveMeeting),
                .destructive("Discard", action: .discardMeeting),
                .cancel("Resume"),
            ],
            style: .dialog)
    }

    static var speechFailed: Self {
        Self(
            title: "Speech recognition failure",
            message: "The meeting goes on, but what is said from now on is not transcribed.",
            buttons: [.cancel("Continue meeting"), .destructive("Discard meeting", action: .discardMeeting)])
    }
}

/// A tap on a button with a value. The alert is closed already: the screen it asked about is
/// on top.
enum AlertReducer: Reducer {
    static func reduce(state: inout AppState, with tap: AlertTapped<MeetingsAlert>) {
        let asker = state.navigation.top
        switch tap.action {
        case .deleteSeries?:
            if case .detail(let id) = asker.screen { state.series.remove(id: id) }
            state.navigation[id: asker.id] = nil
        case .saveMeeting?: state.endMeeting(asker.id)
        case .discardMeeting?: state.navigation[id: asker.id] = nil
        case nil: break
        }
    }
}
