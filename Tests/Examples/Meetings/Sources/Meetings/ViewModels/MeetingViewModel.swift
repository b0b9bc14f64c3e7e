import Foundation
import ReMVVM

struct MeetingViewState: Equatable {
    let date: Date
    let transcript: String
}

enum MeetingEvent {
    case back
}

typealias MeetingViewModel = ScreenViewModel<MeetingViewState, MeetingEvent>

extension ScreenViewModel where ViewState == MeetingViewState, Event == MeetingEvent {
    convenience init?(store: Store<AppState>, entry: Int) {
        self.init(
            store: store, entry: entry,
            state: { state in
                guard case .meeting(let meeting)? = state.screen(entry) else { return nil }
                return MeetingViewState(date: meeting.date, transcript: meeting.transcript)
            },
            send: { event, _ in
                switch event {
                case .back: NavigationAction<Screen>.close(id: entry)
                }
            })
    }
}
