import Foundation
import ReMVVM

/// The form of a series: one feature, shown as the sheet that adds a series and as the one
/// that edits it. The form always shows at least one attendee.
struct FormState: Hashable, Codable, Sendable {
    var series: Series
}

/// The list's "Add": the form opens, as a sheet, on a new series with one blank attendee.
struct NewSeries: StoreAction, Codable {}

/// A change made in the form.
struct EditForm: StoreAction, Codable {
    let entry: Int
    let edit: Edit

    enum Edit: Codable, Sendable {
        case title(String)
        case duration(Duration)
        case theme(Theme)
        case attendee(Attendee.ID, name: String)
        case addAttendee
        case removeAttendee(Attendee.ID)
    }
}

/// The form's "Add" (or "Done"): the series is added (or replaced) without its blank
/// attendees, and the sheet closes. With every attendee blank, the series keeps the first one.
struct SaveForm: StoreAction, Codable {
    let entry: Int
}

extension StoreRegistering<AppState> {
    /// The form's reducers: "Add" on the list opens it, an edit changes the form of its entry,
    /// "Add" (or "Done") saves it. New ids come from the store's `uuid`.
    func registerForm() {
        register(NewSeries.self) { state, _ in
            @Dependency(\.uuid) var uuid
            let draft = Series(id: uuid(), attendees: [Attendee(id: uuid())])
            state.navigation.apply(.present(.form(FormState(series: draft))))
        }
        register(EditForm.self, forEach: \.navigation, case: Screen.form, id: \.entry) { form, action in
            @Dependency(\.uuid) var uuid
            switch action.edit {
            case .title(let title): form.series.title = title
            case .duration(let duration): form.series.duration = duration
            case .theme(let theme): form.series.theme = theme
            case .attendee(let id, let name): form.series.attendees[id: id]?.name = name
            case .addAttendee: form.series.attendees.append(Attendee(id: uuid()))
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
