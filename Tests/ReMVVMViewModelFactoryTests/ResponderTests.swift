import ReMVVMViewModelFactory
import Testing

/// A child view model that sends what it does not handle up its responder chain.
@MainActor
private final class RowViewModel {
    enum ResponderAction: Equatable {
        case selected(Int)
        case deleted(Int)
    }

    private let id: Int
    private let responder: Responder<ResponderAction>

    init(id: Int, responder: Responder<ResponderAction>) {
        self.id = id
        self.responder = responder
    }

    func tap() { responder.send(.selected(id)) }
    func swipe() { responder.send(.deleted(id)) }
}

private enum ListAction: Equatable {
    case open(Int)
    case remove(Int)
}

@MainActor
@Suite struct ResponderTests {
    @Test("a test case can be the responder of a view model")
    func testCaseAsResponder() {
        var sent: [RowViewModel.ResponderAction] = []
        let row = RowViewModel(id: 3, responder: Responder { sent.append($0) })
        row.tap()
        row.swipe()
        #expect(sent == [.selected(3), .deleted(3)])
    }

    @Test("pullback turns every child action into a parent action")
    func pullback() {
        var received: [ListAction] = []
        let parent = Responder<ListAction> { received.append($0) }
        let row = RowViewModel(
            id: 7,
            responder: parent.pullback { action in
                switch action {
                case .selected(let id): .open(id)
                case .deleted(let id): .remove(id)
                }
            }
        )
        row.tap()
        row.swipe()
        #expect(received == [.open(7), .remove(7)])
    }

    @Test("compactPullback forwards only the actions it maps")
    func compactPullback() {
        var received: [ListAction] = []
        let parent = Responder<ListAction> { received.append($0) }
        let row = RowViewModel(
            id: 1,
            responder: parent.compactPullback { action in
                if case .selected(let id) = action { return .open(id) }
                return nil
            }
        )
        row.swipe()
        row.tap()
        #expect(received == [.open(1)])
    }

    @Test("noop ignores every action")
    func noop() {
        var calls = 0
        let counting = Responder<Int> { _ in calls += 1 }
        let ignoring = Responder<Int>.noop
        ignoring.send(1)
        counting.send(1)
        #expect(calls == 1)
    }
}
