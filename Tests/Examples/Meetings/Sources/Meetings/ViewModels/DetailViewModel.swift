import Foundation
import ReMVVM

struct DetailViewState: Equatable {
    let title: String
    let minutes: Int
    let theme: Theme
    let attendees: [String]
    let meetings: [Date]
}

enum DetailEvent {
    case startMeeting
    case edit
    case delete
    case openMeeting(index: Int)
    case back
}

typealias DetailViewModel = ScreenViewModel<DetailViewState, DetailEvent>

extension ScreenViewModel where ViewState == DetailViewState, Event == DetailEvent {
    /// A series deleted while its detail shows (an undo of its add) shows as gone, with nothing to do.
    convenience init?(store: Store<AppState>, entry: Int) {
        func series(_ state: AppState?) -> Series? {
            guard case .detail(let id)? = state?.screen(entry) else { return nil }
            return state?.series[id: id]
        }
        self.init(
            store: store, entry: entry,
            state: { state in
                guard case .detail? = state.screen(entry) else { return nil }
                let shown = series(state)
                return DetailViewState(
                    title: shown?.title ?? "(deleted)", minutes: shown?.duration.minutes ?? 0,
                    theme: shown?.theme ?? .bubblegum, attendees: shown?.attendees.map(\.name) ?? [],
                    meetings: shown?.meetings.map(\.date) ?? [])
            },
            send: { [weak store] event, _ in
                if case .back = event { return NavigationAction<Screen>.close(id: entry) }
                guard let shown = series(store?.state) else { return nil }
                switch event {
                case .startMeeting: return StartMeeting(series: shown.id)
                case .edit: return NavigationAction.present(Screen.form(FormState(series: shown)))
                case .delete: return NavigationAction.present(Screen.alert(.deleteSeries))
                case .openMeeting(let index):
                    guard shown.meetings.indices.contains(index) else { return nil }
                    return NavigationAction.push(Screen.meeting(shown.meetings[index]))
                case .back: return nil
                }
            })
    }
}
