import Foundation
import ReMVVM
import Testing

@testable import Meetings

@MainActor
@Suite struct PersistenceTests {
    @Test("a relaunch restores the series")
    func relaunch() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "meetings-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("series.json")

        let first = MeetingsApp(file: file)
        #expect(first.restored == .missing)
        first.store.dispatch(action: NavigationAction.present(Screen.form(FormState(series: daily))))
        first.store.dispatch(action: SaveForm(entry: 2))
        await first.persistence.flush()

        let second = MeetingsApp(file: file)
        #expect(second.restored == .restored)
        #expect(Array(second.store.state.series) == [daily])
        #expect(second.store.state.navigation == NavigationState(root: .list))
    }
}
