import ReMVVM

struct FormViewState: Equatable {
    let title: String
    let minutes: Int
    let theme: Theme
    let attendees: [String]
    /// Whether the form adds a series ("Add") or edits one ("Done").
    let isNew: Bool
}

enum FormEvent {
    case title(String)
    case minutes(Int)
    case theme(Theme)
    case attendee(index: Int, name: String)
    case addAttendee
    case removeAttendee(index: Int)
    case save
    case cancel
}

typealias FormViewModel = ScreenViewModel<FormViewState, FormEvent>

extension ScreenViewModel where ViewState == FormViewState, Event == FormEvent {
    convenience init?(store: Store<AppState>, entry: Int) {
        self.init(
            store: store, entry: entry,
            state: { state in
                guard case .form(let form)? = state.screen(entry) else { return nil }
                let series = form.series
                return FormViewState(
                    title: series.title, minutes: series.duration.minutes, theme: series.theme,
                    attendees: series.attendees.map(\.name), isNew: state.series[id: series.id] == nil)
            },
            send: { [weak store] event, _ in
                guard case .form(let form)? = store?.state.screen(entry) else { return nil }
                let ids = form.series.attendees.ids
                func edit(_ edit: EditForm.Edit) -> EditForm { EditForm(entry: entry, edit: edit) }
                switch event {
                case .title(let title): return edit(.title(title))
                case .minutes(let minutes): return edit(.duration(.seconds(60 * minutes)))
                case .theme(let theme): return edit(.theme(theme))
                case .attendee(let index, let name):
                    return ids.indices.contains(index) ? edit(.attendee(ids[index], name: name)) : nil
                case .addAttendee: return edit(.addAttendee)
                case .removeAttendee(let index):
                    return ids.indices.contains(index) ? edit(.removeAttendee(ids[index])) : nil
                case .save: return SaveForm(entry: entry)
                case .cancel: return NavigationAction<Screen>.close(id: entry)
                }
            })
    }
}
