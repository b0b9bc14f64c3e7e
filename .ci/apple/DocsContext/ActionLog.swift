// The names the docs of recording, replay, undo, time travel and session tests take as given:
// a log already read, the file it came from, an exporter being set up, the favorites feature.
public import Foundation
public import ReMVVMMiddleware
public import ReMVVMStore

private func given<T>() -> T { fatalError("DocsContext is type-checked, never run") }

/// A log the text read a moment before.
public var log: ActionLog { given() }
/// The file of a log.
public var url: URL { given() }
/// An undo history the text set up a moment before.
@MainActor public var history: UndoHistory<AppState> { given() }
/// An exporter the text made a moment before, and goes on setting up.
@MainActor public var exporter: SessionTestExporter {
    get { given() }
    set {}
}

/// The favorites feature's one action.
public struct ToggleFavorite: StoreAction, Codable {
    public let id: Int
    public init(id: Int) { self.id = id }
}
