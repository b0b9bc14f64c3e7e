import Foundation
import ReMVVM

/// The form of a series: one feature, shown as the sheet that adds a series and as the one
/// that edits it. The form always shows at least one attendee.
struct FormState: Hashable, Codable, Sendable {
    var series: Series
}

/// A change made in the form.
struct EditForm: StoreAction, Codable {
    let entry: Int
    let edit: Edit

    enum Edit: Codable, Sendable {
        case title(String)
        case duration(Duration)
        case theme(Theme)
        case attendee(Identifier<Attendee>, name: String)
        case addAttendee(Identifier<Attendee>)
        case removeAttendee(Identifier<Attendee>)
    }
}

enum EditFormReducer: Reducer {
    static func reduce(state: FormState, with action: EditForm) -> FormState {
        var series = state.series
        switch action.edit {
        case .title(let title): series.title = title
        case .duration(let duration): series.duration = duration
        case .theme(let theme): series.theme = theme
        case .attendee(let id, let name): series.attendees[id: id]?.name = name
        case .addAttendee(let id): series.attendees.append(Attendee(id: id))
        // The last attendee stays, blank: the form always has one.
        case .removeAttendee(let id) where series.attendees.count == 1: series.attendees[id: id]?.name = ""
        case .removeAttendee(let id): series.attendees.remove(id: id)
        }
        return FormState(series: series)
    }
}

/// The form's "Add" (or "Done"): the series is added (or replaced) without its blank
/// attendees, and the sheet closes. With every attendee blank, the series keeps the first one.
struct SaveForm: StoreAction, Codable {
    let entry: Int
}

enum SaveFormReducer: Reducer {
    static func reduce(state: AppState, with action: SaveForm) -> AppState {
        guard case .form(let form)? = state.navigation[id: action.entry]?.screen else { return state }
        var state = state
        var series = form.series
        series.attendees.removeAll { $0.name.trimmingCharacters(in: .whitespaces).isEmpty }
        if series.attendees.isEmpty, let first = form.series.attendees.first {
            series.attendees.append(Attendee(id: first.id))
        }
        state.series[id: series.id] = series
        state.navigation[id: action.entry] = nil
        return state
    }
}
