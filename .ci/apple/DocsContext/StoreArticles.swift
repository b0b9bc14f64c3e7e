// The names the articles of ReMVVMStore (Sources/Store/ReMVVMStore.docc) take as given, for the
// Apple check (.ci/apple/snippets.py); see Common.swift. An article that shows a declaration
// keeps it; only what an article borrows from another is here.
public import ReMVVMMiddleware
public import ReMVVMStore

// MARK: - The list and row view models of ReMVVMViewModelFactory's Responder Chain article

/// A row of a list: sends its taps and swipes to its responder (the Testing article uses it).
@MainActor
public final class RowViewModel {
    public enum Action: Equatable, Sendable {
        case tapped(id: Int)
        case swiped(id: Int)
    }

    public let id: Int
    private let responder: Responder<Action>

    public init(id: Int, responder: Responder<Action>) {
        self.id = id
        self.responder = responder
    }

    public func tap() { responder.send(.tapped(id: id)) }
    public func swipe() { responder.send(.swiped(id: id)) }
}

/// A list of rows: opens a tapped row through its own responder, deletes a swiped one itself.
@MainActor
public final class ListViewModel {
    public enum Action: Equatable, Sendable {
        case open(id: Int)
    }

    public private(set) var rows: [RowViewModel] = []
    public private(set) var deleted: [Int] = []

    public init(ids: [Int], responder: Responder<Action>) {
        let rowResponder = Responder<RowViewModel.Action> { [weak self] action in
            switch action {
            case .tapped(let id): responder.send(.open(id: id))
            case .swiped(let id): self?.deleted.append(id)
            }
        }
        rows = ids.map { RowViewModel(id: $0, responder: rowResponder) }
    }
}
