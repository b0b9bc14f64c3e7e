import Foundation
import ReMVVMMiddleware
import ReMVVMStore
import ReMVVMTesting
import Testing

// A reading list, the kind of session DESIGN.md's "What users read" names: a list edited row by
// row, an undo of the list, and navigation. Its exported test, RecordedReadingListTests.swift,
// runs exhaustive throughout (no `exhaustivity = .off` step) and is compiled and run with the
// other tests.

struct ReadingBook: Identifiable, Equatable, Codable, Sendable {
    let id: Int
    var title: String
    var isRead = false
}

enum ReadingScreen: Hashable, Codable, Sendable {
    case list
    case book(id: Int)
}

struct ReadingListState: StoreState, Equatable {
    var books: IdentifiedArray<ReadingBook> = []
    var navigation = NavigationState(root: ReadingScreen.list)
}

enum ReadingList {
    struct Add: StoreAction, Codable { var id: Int, title: String }
    struct Rename: StoreAction, Codable { var id: Int, title: String }
    struct MarkRead: StoreAction, Codable { var id: Int }
    struct Remove: StoreAction, Codable { var id: Int }
    struct Open: StoreAction, Codable { var id: Int }
    struct Back: StoreAction, Codable {}
}

enum ReadingListReducer: Reducer {
    static func reduce(state: ReadingListState, with action: ReadingList.Add) -> ReadingListState {
        var state = state
        state.books.append(ReadingBook(id: action.id, title: action.title))
        return state
    }
}

enum RenameBookReducer: Reducer {
    static func reduce(state: ReadingListState, with action: ReadingList.Rename) -> ReadingListState {
        var state = state
        state.books[id: action.id]?.title = action.title
        return state
    }
}

enum MarkReadReducer: Reducer {
    static func reduce(state: ReadingListState, with action: ReadingList.MarkRead) -> ReadingListState {
        var state = state
        state.books[id: action.id]?.isRead = true
        return state
    }
}

enum RemoveBookReducer: Reducer {
    static func reduce(state: ReadingListState, with action: ReadingList.Remove) -> ReadingListState {
        var state = state
        _ = state.books.remove(id: action.id)
        return state
    }
}

enum OpenBookReducer: Reducer {
    static func reduce(state: ReadingListState, with action: ReadingList.Open) -> ReadingListState {
        var state = state
        state.navigation.apply(.push(.book(id: action.id)))
        return state
    }
}

enum BackReducer: Reducer {
    static func reduce(state: ReadingListState, with action: ReadingList.Back) -> ReadingListState {
        var state = state
        state.navigation.apply(.pop(count: 1))
        return state
    }
}

@MainActor
private func registerReadingList(on store: some StoreRegistering<ReadingListState>) {
    store.register(reducer: ReadingListReducer.self)
    store.register(reducer: RenameBookReducer.self)
    store.register(reducer: MarkReadReducer.self)
    store.register(reducer: RemoveBookReducer.self)
    store.register(reducer: OpenBookReducer.self)
    store.register(reducer: BackReducer.self)
}

/// The store the exported test, RecordedReadingListTests.swift, starts from: the undo history
/// keeps the books alone, so an undo leaves the screens as they are.
@MainActor
func makeReadingListTestStore(clock: TestClock) -> TestStore<ReadingListState> {
    let store = TestStore(
        with: ReadingListState(), middleware: [UndoHistory<ReadingListState>(limit: 20, at: \.books)]
    ) { $0.clock = clock }
    registerReadingList(on: store)
    return store
}

@MainActor
@Suite struct ReadingListExportTests {
    static let replayer = try! ActionReplayer(types: [
        ReadingList.Add.self, ReadingList.Rename.self, ReadingList.MarkRead.self, ReadingList.Remove.self,
        ReadingList.Open.self, ReadingList.Back.self, UndoAction.self, RedoAction.self,
    ])

    static let goldenURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("RecordedReadingListTests.swift")

    /// Three books added, one renamed, one opened and read, back, one removed, the removal
    /// undone and redone, then undone again.
    func recordedLog() throws -> ActionLog {
        try withTemporaryFile { (url: URL) throws in
            let store = Store(
                with: ReadingListState(),
                middleware: [
                    ActionRecorder(fileURL: url), UndoHistory<ReadingListState>(limit: 20, at: \.books),
                ]
            ) { $0.clock = TestClock() }
            registerReadingList(on: store)
            let actions: [any StoreAction] = [
                ReadingList.Add(id: 1, title: "Dune"), ReadingList.Add(id: 2, title: "Emma"),
                ReadingList.Add(id: 3, title: "Ulysses"),
                ReadingList.Rename(id: 2, title: "Emma (annotated)"),
                ReadingList.Open(id: 1), ReadingList.MarkRead(id: 1), ReadingList.Back(),
                ReadingList.Remove(id: 3), UndoAction(), RedoAction(), UndoAction(), ReadingList.Open(id: 3),
            ]
            for action in actions { store.dispatch(action: action) }
            #expect(store.state.books.map(\.id) == [1, 2, 3])
            #expect(store.state.books[id: 1]?.isRead == true)
            #expect(store.state.navigation.entries.map(\.screen) == [.list, .book(id: 3)])
            return try ActionLog(contentsOf: url)
        }
    }

    @Test("a reading list session exports with every step exhaustive, to the checked-in test that runs")
    func exhaustiveExport() throws {
        var exporter = SessionTestExporter(
            replayer: Self.replayer, makeStore: "makeReadingListTestStore(clock: clock)")
        exporter.suiteName = "RecordedReadingListTests"
        let source = try exporter.source(
            for: try recordedLog(), from: makeReadingListTestStore(clock: TestClock()).store)
        #expect(!source.contains("exhaustivity"))
        // Rows are written as code, edited row by row, and the undo asserts the list it brought back.
        #expect(source.contains(#"ReadingBook(id: 3, title: "Ulysses", isRead: false)"#))
        #expect(source.contains("try await store.send(UndoAction())"))
        #expect(source.contains("$0.navigation.apply("))
        if ProcessInfo.processInfo.environment["REMVVM_REGENERATE_GOLDEN"] == "1" {
            try Data(source.utf8).write(to: Self.goldenURL)
        }
        let golden = try String(contentsOf: Self.goldenURL, encoding: .utf8)
        #expect(
            source == golden,
            Comment(
                rawValue:
                    "the exporter's output differs from RecordedReadingListTests.swift; if the change is meant, "
                    + "regenerate it: REMVVM_REGENERATE_GOLDEN=1 swift test --filter ReadingListExportTests"
            ))
    }
}
