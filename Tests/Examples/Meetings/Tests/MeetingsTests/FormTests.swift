import Foundation
import ReMVVM
import ReMVVMTesting
import Testing

@testable import Meetings

@MainActor
@Suite struct FormTests {
    /// The add sheet's draft: the first two ids drawn, the series' and its attendee's.
    let draft = Series(id: UUID(0), attendees: [Attendee(id: UUID(1))])

    @Test("adding a series drops its blank attendees and closes the sheet")
    func addSeries() async throws {
        let store = makeTestStore { $0.uuid = .incrementing }
        try await store.send(NewSeries()) {
            $0.navigation.apply(.present(.form(FormState(series: self.draft))))
        }
        try await store.send(EditForm(entry: 2, edit: .title("Design review"))) {
            $0.editForm(2) { $0.title = "Design review" }
        }
        try await store.send(EditForm(entry: 2, edit: .duration(.seconds(600)))) {
            $0.editForm(2) { $0.duration = .seconds(600) }
        }
        try await store.send(EditForm(entry: 2, edit: .theme(.navy))) { $0.editForm(2) { $0.theme = .navy } }
        try await store.send(EditForm(entry: 2, edit: .attendee(UUID(1), name: "Ada"))) {
            $0.editForm(2) { $0.attendees = [Attendee(id: UUID(1), name: "Ada")] }
        }
        for (id, name) in [(2, ""), (3, "Grace"), (4, "  ")] {
            try await store.send(EditForm(entry: 2, edit: .addAttendee)) {
                $0.editForm(2) { $0.attendees.append(Attendee(id: UUID(id))) }
            }
            try await store.send(EditForm(entry: 2, edit: .attendee(UUID(id), name: name))) {
                $0.editForm(2) { $0.attendees[id: UUID(id)]?.name = name }
            }
        }
        try await store.send(SaveForm(entry: 2)) {
            $0.series = [
                Series(
                    id: UUID(0), title: "Design review", duration: .seconds(600), theme: .navy,
                    attendees: [
                        Attendee(id: UUID(1), name: "Ada"), Attendee(id: UUID(3), name: "Grace"),
                    ])
            ]
            $0.navigation.apply(.close(id: 2))
        }
        try await store.finish()
    }

    @Test("a series whose attendees are all blank keeps the first, blank")
    func allBlank() async throws {
        let store = makeTestStore { $0.uuid = .incrementing }
        store.exhaustivity = .off
        try await store.send(NewSeries())
        try await store.send(EditForm(entry: 2, edit: .addAttendee))
        try await store.send(EditForm(entry: 2, edit: .attendee(UUID(2), name: " ")))
        try await store.send(SaveForm(entry: 2)) {
            $0.series = [Series(id: UUID(0), attendees: [Attendee(id: UUID(1))])]
            $0.navigation.apply(.close(id: 2))
        }
        try await store.finish()
    }

    @Test("removing attendees leaves one, blank, in the form")
    func removeAttendees() async throws {
        var state = AppState()
        state.navigation.apply(.present(.form(FormState(series: daily))))
        let store = makeTestStore(state)
        for attendee in [ada, grace] {
            try await store.send(EditForm(entry: 2, edit: .removeAttendee(attendee.id))) {
                $0.editForm(2) { $0.attendees.remove(id: attendee.id) }
            }
        }
        try await store.send(EditForm(entry: 2, edit: .removeAttendee(linus.id))) {
            $0.editForm(2) { $0.attendees = [Attendee(id: linus.id, name: "")] }
        }
        try await store.finish()
    }

    @Test("the add sheet cancelled adds nothing")
    func addCancelled() async throws {
        let store = makeTestStore { $0.uuid = .incrementing }
        try await store.send(NewSeries()) {
            $0.navigation.apply(.present(.form(FormState(series: self.draft))))
        }
        try await store.send(EditForm(entry: 2, edit: .title("Never saved"))) {
            $0.editForm(2) { $0.title = "Never saved" }
        }
        try await store.send(NavigationAction<Screen>.close(id: 2)) {
            $0.navigation.apply(.close(id: 2))
        }
        #expect(store.store.state.series.isEmpty)
        try await store.finish()
    }

    @Test("editing in the form sheet and saving replaces the series, and the detail stays")
    func editSeries() async throws {
        let store = makeTestStore(.detail(of: daily))
        try await store.send(NavigationAction.present(Screen.form(FormState(series: daily)))) {
            $0.navigation.apply(.present(.form(FormState(series: daily))))
        }
        try await store.send(EditForm(entry: 3, edit: .title("Daily standup"))) {
            $0.editForm(3) { $0.title = "Daily standup" }
        }
        try await store.send(SaveForm(entry: 3)) {
            $0.series[id: daily.id]?.title = "Daily standup"
            $0.navigation.apply(.close(id: 3))
        }
        #expect(store.store.state.navigation.top.screen == .detail(daily.id))
        try await store.finish()
    }

    @Test("the add and the edit sheets are one feature: one registration reduces both entries")
    func oneFeature() async throws {
        let store = makeTestStore(.detail(of: daily))
        let edit = FormState(series: daily)
        let add = FormState(series: draft)
        try await store.send(NavigationAction.present(Screen.form(edit))) {
            $0.navigation.apply(.present(.form(edit)))
        }
        try await store.send(NavigationAction.present(Screen.form(add))) {
            $0.navigation.apply(.present(.form(add)))
        }
        var renamed = daily
        renamed.title = "Renamed"
        var added = draft
        added.title = "Added"
        // Each action reaches its own entry's form: the edit sheet (3) and the add sheet (4).
        try await store.send(EditForm(entry: 3, edit: .title("Renamed"))) {
            $0.navigation[id: 3]?.screen = .form(FormState(series: renamed))
        }
        try await store.send(EditForm(entry: 4, edit: .title("Added"))) {
            $0.navigation[id: 4]?.screen = .form(FormState(series: added))
        }
        try await store.send(SaveForm(entry: 4)) {
            $0.series.append(added)
            $0.navigation.apply(.close(id: 4))
        }
        try await store.send(SaveForm(entry: 3)) {
            $0.series[id: daily.id] = renamed
            $0.navigation.apply(.close(id: 3))
        }
        #expect(store.store.state.series.map(\.title) == ["Renamed", "Added"])
        try await store.finish()
    }
}
