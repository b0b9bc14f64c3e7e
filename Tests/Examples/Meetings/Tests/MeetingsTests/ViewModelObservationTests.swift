import Foundation
import Observation
import ReMVVM
import Testing

@testable import Meetings

/// The screens' view models are `ObservableViewModel`s: SwiftUI observes them through
/// `objectWillChange` on iOS 16 and through Observation from iOS 17. On Linux, Observation shows
/// what a view is told: a change of its own view state, and nothing else.
@MainActor
@Suite struct ViewModelObservationTests {
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("the list's view model reports a new series, not a screen pushed over it")
    func listReportsItsOwnChanges() throws {
        let store = Store(with: AppState(), dependencies: { $0.uuid = .incrementing })
        MeetingsApp.register(on: store)
        let list = try #require(ListViewModel(store: store, entry: store.state.navigation.top.id))
        let reported = Reports()
        withObservationTracking {
            _ = list.state
        } onChange: {
            reported.record()
        }

        store.dispatch(action: NewSeries())  // the form's sheet: the list's rows stay
        #expect(reported.count == 0)
        let form = store.state.navigation.top.id
        store.dispatch(action: EditForm(entry: form, edit: .title("Design review")))
        store.dispatch(action: SaveForm(entry: form))
        #expect(reported.count == 1)
        #expect(list.state.rows.map(\.title) == ["Design review"])
    }
}

/// Counts Observation's onChange calls, which may come from any thread.
private final class Reports: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    var count: Int { lock.withLock { value } }
    func record() { lock.withLock { value += 1 } }
}
