import ReMVVM

struct RecordViewState: Equatable {
    let title: String
    let speaker: String
    let speakerNumber: Int
    let speakers: Int
    let secondsElapsed: Int
    let secondsRemaining: Int
    let transcript: String
}

enum RecordEvent {
    /// The screen appeared: the timer and the recognition start.
    case appeared
    case nextSpeaker
    case endMeeting
    /// The UI went back on its own (a back swipe): the store follows.
    case back
}

typealias RecordViewModel = ScreenViewModel<RecordViewState, RecordEvent>

extension ScreenViewModel where ViewState == RecordViewState, Event == RecordEvent {
    convenience init?(store: Store<AppState>, entry: Int) {
        self.init(
            store: store, entry: entry,
            state: { state in
                guard case .record(let record)? = state.screen(entry) else { return nil }
                let attendees = record.series.attendees
                let speaker = record.speakerIndex
                return RecordViewState(
                    title: record.series.title,
                    speaker: attendees.indices.contains(speaker) ? attendees[speaker].name : "",
                    speakerNumber: speaker + 1, speakers: attendees.count,
                    secondsElapsed: record.secondsElapsed,
                    secondsRemaining: Int(record.series.duration.components.seconds) - record.secondsElapsed,
                    transcript: record.meeting.transcript)
            },
            send: { [weak store] event, view in
                switch event {
                case .appeared: return RecordAppeared(entry: entry)
                // The last speaker's "next" asks whether to end the meeting.
                case .nextSpeaker where view.speakerNumber == view.speakers:
                    return NavigationAction.present(Screen.alert(.endMeeting))
                case .nextSpeaker: return NextSpeaker(entry: entry)
                case .endMeeting: return NavigationAction.present(Screen.alert(.endMeeting))
                case .back:
                    let position = store?.state.navigation.entries.firstIndex { $0.id == entry } ?? 1
                    return NavigationAction<Screen>.synchronize(visibleCount: max(1, position))
                }
            })
    }
}
