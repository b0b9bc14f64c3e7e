import Foundation
import Observation
import ReMVVMMiddleware
import ReMVVMStore
import Testing

@testable import ReMVVMSwiftUI

@MainActor
@Suite struct ObservableViewModelTests {
    @Test("update announces a different view state once, and an equal one not at all")
    func announcesChanges() {
        let viewModel = ObservableViewModel(state: 1)
        var announced: [Int] = []
        // Unowned: the view model holds its observers, and the test lets go of it at the end.
        viewModel.willChange.append { [unowned viewModel] in announced.append(viewModel.state) }
        #expect(viewModel.update(2))
        #expect(!viewModel.update(2))
        #expect(viewModel.update(3))
        // Announced before the change, as objectWillChange is: the old value is still there.
        #expect(announced == [1, 2])
        #expect(viewModel.state == 3)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("a read of state is tracked by Observation, and only a real change reports it")
    func observation() {
        let viewModel = ObservableViewModel(state: "a")
        let reported = ObservationChanges()
        withObservationTracking {
            _ = viewModel.state
        } onChange: {
            reported.record()
        }
        viewModel.update("a")
        #expect(reported.count == 0)
        viewModel.update("b")
        #expect(reported.count == 1)
    }

    @Test("a subclass that follows the store announces only changes of its part")
    func follower() {
        let store = makeStore()
        store.register(binding: \.draft.title, named: "draft.title")
        let follower = StateFollower(store: store, keyPath: \.navigation)
        var announced = 0
        follower.willChange.append { announced += 1 }
        store.binding(\.draft.title).set("Standup")
        #expect(announced == 0)
        store.dispatch(action: NavigationAction.push(Screen.detail(1)))
        #expect(announced == 1)
        #expect(follower.state.top.screen == .detail(1))
    }
}

/// Counts Observation's onChange calls, which may come from any thread. A lock rather than
/// `Mutex`, which needs macOS 15 and iOS 18: the tests compile at the package's floor.
private final class ObservationChanges: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    var count: Int { lock.withLock { value } }
    func record() { lock.withLock { value += 1 } }
}
