import ReMVVMStore
import ReMVVMTesting
import Testing

// Tests StoreRegistering (Sources/Store/Core/StoreRegistering.swift, Sources/Store/Lists/
// Store+Lists.swift): each registration form is written once, on the protocol, and a store and
// a test store registered through it reduce alike.

private struct Book: Identifiable, Equatable, Sendable {
    let id: Int
    var stars = 0
}

private struct Draft: Equatable, Sendable {
    var title = ""
}

private struct Library: StoreState, Equatable {
    var count = 0
    var name = ""
    var books: IdentifiedArray<Book> = [Book(id: 1), Book(id: 2)]
    var editing: Draft? = Draft()
}

private struct Tick: StoreAction {}
private struct Rename: StoreAction { let name: String }
private struct Star: StoreAction { let bookID: Int }
private struct Retitle: StoreAction { let title: String }
private struct CloseEditor: StoreAction {}

private enum TickReducer: Reducer {
    static func reduce(state: Library, with action: Tick) -> Library {
        var state = state
        state.count += 1
        return state
    }
}

private enum RenameReducer: Reducer {
    static func reduce(state: String, with action: Rename) -> String { action.name }
}

private enum StarReducer: Reducer {
    static func reduce(state: Book, with action: Star) -> Book {
        var book = state
        book.stars += 1
        return book
    }
}

private enum RetitleReducer: Reducer {
    static func reduce(state: Draft, with action: Retitle) -> Draft { Draft(title: action.title) }
}

private enum CloseEditorReducer: Reducer {
    static func reduce(state: Library, with action: CloseEditor) -> Library {
        var state = state
        state.editing = nil
        return state
    }
}

/// The app's one setup: the four reducer forms, written once for a store and a test store.
@MainActor
private func setUp(_ store: some StoreRegistering<Library>) {
    store.register(reducer: TickReducer.self)
    store.register(reducer: RenameReducer.self, at: \.name)
    store.register(reducer: StarReducer.self, forEach: \.books, id: \.bookID)
    store.register(reducer: RetitleReducer.self, ifLet: \.editing)
    store.register(reducer: CloseEditorReducer.self)
}

/// Every form, then a row that is not there and a part that is `nil`.
private var actions: [any StoreAction] {
    [
        Tick(), Rename(name: "Reading room"), Star(bookID: 2), Star(bookID: 2), Retitle(title: "Dune"),
        Star(bookID: 9), CloseEditor(), Retitle(title: "lost"), Tick(),
    ]
}

private var expected: Library {
    var library = Library()
    library.count = 2
    library.name = "Reading room"
    library.books[id: 2]?.stars = 2
    library.editing = nil
    return library
}

@MainActor
@Suite("StoreRegistering: one registration API for a store and a test store")
struct StoreRegisteringTests {
    @Test("the four forms, through the protocol, reduce a store and a test store alike")
    func formsAlike() async throws {
        let store = Store(with: Library())
        var storeKinds: [StoreDiagnostic.Kind] = []
        store.diagnosticsHandler = { storeKinds.append($0.kind) }
        setUp(store)
        for action in actions { store.dispatch(action: action) }
        #expect(store.state == expected)

        let testStore = TestStore(with: Library())
        var testStoreKinds: [StoreDiagnostic.Kind] = []
        testStore.store.diagnosticsHandler = { testStoreKinds.append($0.kind) }
        setUp(testStore)
        testStore.exhaustivity = .off
        for action in actions { try await testStore.send(action) }
        try await testStore.finish()
        #expect(testStore.store.state == expected)

        #expect(storeKinds == [.rowNotFound, .partIsNil])
        #expect(testStoreKinds == storeKinds)
    }

    @Test("a test store's registrations are the store underneath's: a send is reduced by them")
    func testStoreRegistersUnderneath() async throws {
        let store = TestStore(with: Library())
        store.register(reducer: RenameReducer.self, at: \.name)
        store.register(reducer: StarReducer.self, forEach: \.books, id: \.bookID)
        store.register(reducer: RetitleReducer.self, ifLet: \.editing)
        try await store.send(Rename(name: "Stacks")) { $0.name = "Stacks" }
        try await store.send(Star(bookID: 1)) { $0.books[id: 1]?.stars = 1 }
        try await store.send(Retitle(title: "Emma")) { $0.editing = Draft(title: "Emma") }
        try await store.finish()
        // The same registrations, directly on the store, reduce it to the same state.
        let plain = Store(with: Library())
        plain.register(reducer: RenameReducer.self, at: \.name)
        plain.register(reducer: StarReducer.self, forEach: \.books, id: \.bookID)
        plain.register(reducer: RetitleReducer.self, ifLet: \.editing)
        plain.dispatch(action: Rename(name: "Stacks"))
        plain.dispatch(action: Star(bookID: 1))
        plain.dispatch(action: Retitle(title: "Emma"))
        #expect(plain.state == store.store.state)
    }

    @available(*, deprecated)
    @Test("storeBeingSetUp, kept one release, still names the store that holds the state")
    func deprecatedStoreBeingSetUp() {
        let store = Store(with: Library())
        #expect(store.storeBeingSetUp === store)
        let testStore = TestStore(with: Library())
        #expect(testStore.storeBeingSetUp === testStore.store)
    }
}
