import ReMVVMStore
import ReMVVMTestSupport
import ReMVVMTesting
import Testing

// Tests Sources/Store/Lists/Store+Lists.swift: reducers of one row (`forEach`) and of a part
// that may be `nil` (`ifLet`), on any `IdentifiedCollection`.

private struct Book: Identifiable, Equatable, Sendable {
    let id: Int
    var title: String
    var isFavorite = false
}

private struct Draft: Equatable, Sendable {
    var title: String
}

private struct Library: StoreState, Equatable {
    var shelf: Shelf<Book> = Shelf([Book(id: 1, title: "Dune"), Book(id: 2, title: "Emma")])
    var editing: Draft?
}

private struct ToggleFavorite: StoreAction {
    let bookID: Book.ID
}

private enum ToggleFavoriteReducer: Reducer {
    static func reduce(state: Book, with action: ToggleFavorite) -> Book {
        var book = state
        book.isFavorite.toggle()
        return book
    }
}

private struct EditTitle: StoreAction {
    let title: String
}

private enum EditTitleReducer: Reducer {
    static func reduce(state: Draft, with action: EditTitle) -> Draft { Draft(title: action.title) }
}

/// The storage of `CountingShelf`, which counts the writes that found it shared (and so had to
/// copy it first).
private final class ShelfStorage: @unchecked Sendable {
    var books: [Book]
    init(_ books: [Book]) { self.books = books }
}

@MainActor
private var sharedWrites = 0

/// A list whose storage is a class it copies on a shared write, counting those writes.
private struct CountingShelf: IdentifiedCollection, Sendable {
    var storage = ShelfStorage([Book(id: 1, title: "Dune"), Book(id: 2, title: "Emma")])

    var startIndex: Int { 0 }
    var endIndex: Int { storage.books.count }
    subscript(position: Int) -> Book { storage.books[position] }
    func index(after index: Int) -> Int { index + 1 }

    subscript(id id: Book.ID) -> Book? {
        get { storage.books.first { $0.id == id } }
        set {
            if !isKnownUniquelyReferenced(&storage) {
                MainActor.assumeIsolated { sharedWrites += 1 }
                storage = ShelfStorage(storage.books)
            }
            guard let index = storage.books.firstIndex(where: { $0.id == id }) else { return }
            if let newValue { storage.books[index] = newValue } else { storage.books.remove(at: index) }
        }
    }
}

private struct CountingLibrary: StoreState {
    var shelf = CountingShelf()
}

@MainActor
private final class Kinds {
    var kinds: [StoreDiagnostic.Kind] = []
    var messages: [String] = []
}

@MainActor
private func makeStore(_ state: Library = Library()) -> (Store<Library>, Kinds) {
    let store = Store(with: state)
    store.register(reducer: ToggleFavoriteReducer.self, forEach: \.shelf, id: \.bookID)
    store.register(reducer: EditTitleReducer.self, ifLet: \.editing)
    let kinds = Kinds()
    store.diagnosticsHandler = {
        kinds.kinds.append($0.kind)
        kinds.messages.append($0.message)
    }
    return (store, kinds)
}

@MainActor
@Suite("Reducers of a row and of an optional part")
struct ListReducerTests {
    @Test("a row action changes its row alone, found by id")
    func rowByID() {
        let (store, kinds) = makeStore()
        var changes = 0
        let subscription = store.subscribe(to: \.self) { _, _ in changes += 1 }
        store.dispatch(action: ToggleFavorite(bookID: 2))
        #expect(store.state.shelf.rows.map(\.isFavorite) == [false, true])
        store.dispatch(action: ToggleFavorite(bookID: 2))
        #expect(store.state.shelf.rows.map(\.isFavorite) == [false, false])
        #expect(kinds.kinds.isEmpty)
        #expect(changes == 2)
        _ = subscription
    }

    @Test(
        "an action for an id that is not there changes nothing and is reported, naming the action and the id")
    func missingRow() {
        let (store, kinds) = makeStore()
        let before = store.state
        store.dispatch(action: ToggleFavorite(bookID: 9))
        #expect(store.state == before)
        #expect(kinds.kinds == [.rowNotFound])
        #expect(kinds.messages.first?.contains("ToggleFavorite") == true)
        #expect(kinds.messages.first?.contains("9") == true)
    }

    @Test("an ifLet reducer runs while its part has a value, and is reported while it is nil")
    func ifLet() {
        let (store, kinds) = makeStore(Library(editing: Draft(title: "Dune")))
        store.dispatch(action: EditTitle(title: "Dune Messiah"))
        #expect(store.state.editing == Draft(title: "Dune Messiah"))
        #expect(kinds.kinds.isEmpty)

        let (empty, emptyKinds) = makeStore()
        empty.dispatch(action: EditTitle(title: "Emma"))
        #expect(empty.state.editing == nil)
        #expect(emptyKinds.kinds == [.partIsNil])
        #expect(emptyKinds.messages.first?.contains("EditTitle") == true)
    }

    @Test("time travel folds row and optional-part actions as a dispatch reduces them, missing rows included")
    func fold() {
        let (store, _) = makeStore()
        let actions: [any StoreAction] = [
            ToggleFavorite(bookID: 1), ToggleFavorite(bookID: 9), EditTitle(title: "x"),
        ]
        let folded = store.reduced(actions, from: store.state)
        #expect(folded.shelf.rows.map(\.isFavorite) == [true, false])
        #expect(folded.editing == nil)
    }

    @Test("with nobody to read the old state, a row changes in place; a subscriber gets the true old state")
    func inPlace() {
        let store = Store(with: CountingLibrary())
        store.register(reducer: ToggleFavoriteReducer.self, forEach: \.shelf, id: \.bookID)
        sharedWrites = 0
        store.dispatch(action: ToggleFavorite(bookID: 1))
        store.dispatch(action: ToggleFavorite(bookID: 2))
        #expect(sharedWrites == 0)
        #expect(store.state.shelf.storage.books.map(\.isFavorite) == [true, true])

        var seen: [(Bool, Bool)] = []
        let subscription = store.subscribe(to: \.self) { state, old in
            seen.append((state.shelf[id: 1]!.isFavorite, old.shelf[id: 1]!.isFavorite))
        }
        store.dispatch(action: ToggleFavorite(bookID: 1))
        #expect(sharedWrites == 1)
        #expect(seen.map(\.0) == [false] && seen.map(\.1) == [true])
        subscription.cancel()
    }

    @Test("a test store registers them the same way")
    func testStore() async throws {
        let store = TestStore(with: Library(editing: Draft(title: "Dune")))
        store.register(reducer: ToggleFavoriteReducer.self, forEach: \.shelf, id: \.bookID)
        store.register(reducer: EditTitleReducer.self, ifLet: \.editing)
        try await store.send(ToggleFavorite(bookID: 1)) { $0.shelf.rows[0].isFavorite = true }
        try await store.send(EditTitle(title: "Emma")) { $0.editing = Draft(title: "Emma") }
        try await store.finish()
    }
}
