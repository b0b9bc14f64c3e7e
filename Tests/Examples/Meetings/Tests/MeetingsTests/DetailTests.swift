import Foundation
import ReMVVM
import ReMVVMTesting
import Testing

@testable import Meetings

@MainActor
@Suite struct DetailTests {
    @Test("a series is deleted after the confirmation, and the list shows again")
    func deleteConfirmed() async throws {
        let store = makeTestStore(.detail(of: daily))
        let viewModel = try #require(DetailViewModel(store: store.store, entry: 2))
        viewModel.send(event: .delete)
        try await store.receive(NavigationAction<Screen>.self) {
            $0.navigation.apply(.present(.alert(.deleteSeries)))
        }
        try await store.send(AlertTapped(entry: 3, action: MeetingsAlert.deleteSeries)) {
            $0.series = []
            $0.navigation.apply(.close(id: 3))
            $0.navigation.apply(.close(id: 2))
        }
        try await store.finish()
    }

    @Test("a deletion cancelled keeps the series and its detail")
    func deleteCancelled() async throws {
        let store = makeTestStore(.detail(of: daily))
        try await store.send(NavigationAction.present(Screen.alert(.deleteSeries))) {
            $0.navigation.apply(.present(.alert(.deleteSeries)))
        }
        let alert = AlertState<MeetingsAlert>.deleteSeries
        try await store.send(alert.tap(alert.buttons[1], entry: 3)) { $0.navigation.apply(.close(id: 3)) }
        #expect(store.store.state.series.map(\.id) == [daily.id])
        #expect(store.store.state.navigation.top.screen == .detail(daily.id))
        try await store.finish()
    }

    @Test("a past meeting opens from the detail")
    func openPastMeeting() async throws {
        var series = daily
        let meeting = PastMeeting(id: UUID(300), date: meetingDate, transcript: "We met.")
        series.meetings = [meeting]
        let store = makeTestStore(.detail(of: series))
        let viewModel = try #require(DetailViewModel(store: store.store, entry: 2))
        #expect(viewModel.state.meetings == [meetingDate])
        viewModel.send(event: .openMeeting(index: 0))
        try await store.receive(NavigationAction<Screen>.self) {
            $0.navigation.apply(.push(.meeting(meeting)))
        }
        let shown = try #require(MeetingViewModel(store: store.store, entry: 3))
        #expect(shown.state == MeetingViewState(date: meetingDate, transcript: "We met."))
        try await store.finish()
    }

    @Test("starting a meeting opens the recorder, with a new meeting of the series")
    func startMeeting() async throws {
        let store = makeTestStore(.detail(of: daily)) {
            $0.uuid = .incrementing
            $0.date = .constant(meetingDate)
        }
        let viewModel = try #require(DetailViewModel(store: store.store, entry: 2))
        viewModel.send(event: .startMeeting)
        // The reducer draws the meeting's id (the first one) and its date, the start.
        let meeting = PastMeeting(id: UUID(0), date: meetingDate)
        try await store.receive(StartMeeting.self) {
            $0.navigation.apply(.push(.record(RecordState(series: daily, meeting: meeting))))
        }
        try await store.finish()
    }
}
