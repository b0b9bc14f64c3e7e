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
        case attendee(Attendee.ID, name: String)
        case addAttendee(Attendee.ID)
        case removeAttendee(Attendee.ID)
    }
}

/// The form's "Add" (or "Done"): the series is added (or replaced) without its blank
/// attendees, and the sheet closes. With every attendee blank, the series keeps the first one.
struct SaveForm: StoreAction, Codable {
    let entry: Int
}

extension StoreRegistering<AppState> {
    /// The form's reducers: an edit changes the form of its entry, "Add" (or "Done") saves it.
    func registerForm() {
        register(EditForm.self, forEach: \.navigation, case: Screen.form, id: \.entry) { form, action in
            switch action.edit {
            case .title(let title): form.series.title = title
            case .duration(let duration): form.series.duration = duration
            case .theme(let theme): form.series.theme = theme
            case .attendee(let id, let name): form.series.attendees[id: id]?.name = name
            case .addAttendee(let id): form.series.attendees.append(Attendee(id: id))
            // The last attendee stays, blank: the form always has one.
            case .removeAttendee(let id) where form.series.attendees.count == 1:
                form.series.attendees[id: id]?.name = ""
            case .removeAttendee(let id): form.series.attendees.remove(id: id)
            }
        }
        register(SaveForm.self) { state, action in
            guard case .form(let form)? = state.navigation[id: action.entry]?.screen else { return }
            var series = form.series
            series.attendees.removeAll { $0.name.trimmingCharacters(in: .whitespaces).isEmpty }
            if series.attendees.isEmpty, let first = form.series.attendees.first {
                series.attendees.append(Attendee(id: first.id))
            }
            state.series[id: series.id] = series
            state.navigation[id: action.entry] = nil
        }
    }
}
