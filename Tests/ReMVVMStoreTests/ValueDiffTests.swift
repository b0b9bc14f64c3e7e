import ReMVVMStore
import ReMVVMTestSupport
import ReMVVMTesting
import Testing

// States that are not Equatable, compared structurally by TestStore.

private final class Session: Sendable {
    let token: String
    init(token: String) { self.token = token }
}

private struct User: Sendable {
    let firstName: String
    let lastName: String
}

/// The seed's shape: `let` fields and a stored factory.
private struct AppState: StoreState {
    let factory: ViewModelFactory
    let user: User?
    var session: Session?
}

private struct Login: StoreAction {
    let firstName: String
    let lastName: String
}

private enum LoginReducer: Reducer {
    static func reduce(state: AppState, with action: Login) -> AppState {
        AppState(
            factory: state.factory,
            user: User(firstName: action.firstName, lastName: action.lastName),
            session: state.session
        )
    }
}

private struct ReplaceFactory: StoreAction { let factory: any ViewModelFactory }

private enum ReplaceFactoryReducer: Reducer {
    static func reduce(state: AppState, with action: ReplaceFactory) -> AppState {
        AppState(factory: action.factory, user: state.user, session: state.session)
    }
}

private struct NewSession: StoreAction { let token: String }

private enum NewSessionReducer: Reducer {
    static func reduce(state: AppState, with action: NewSession) -> AppState {
        var state = state
        state.session = Session(token: action.token)
        return state
    }
}

private struct Grid: StoreState {
    var rows: [[Int]] = [[1, 2], [3]]
    var tags: [String: [String]] = ["a": ["x"]]
}

private struct SetCell: StoreAction {
    let row: Int
    let column: Int
    let value: Int
}

private enum SetCellReducer: Reducer {
    static func reduce(state: Grid, with action: SetCell) -> Grid {
        var state = state
        state.rows[action.row][action.column] = action.value
        state.tags["a", default: []].append("y")
        return state
    }
}

private enum Phase: Sendable {
    case idle
    case loading(page: Int)
    case loaded(items: [String], total: Int)
}

private struct Screen: StoreState {
    var phase: Phase = .idle
}

private struct SetPhase: StoreAction { let phase: Phase }

private enum SetPhaseReducer: Reducer {
    static func reduce(state: Screen, with action: SetPhase) -> Screen {
        Screen(phase: action.phase)
    }
}

@MainActor
private func failure(
    sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> Void
) async -> String? {
    await caughtTestStoreFailure(sourceLocation: sourceLocation, body)?.message
}

@MainActor
@Suite("Structural comparison")
struct ValueDiffTests {
    private let factory = CompositeViewModelFactory()

    private func makeAppStore() -> TestStore<AppState> {
        let store = TestStore(with: AppState(factory: factory, user: nil, session: nil))
        store.register(reducer: LoginReducer.self)
        store.register(reducer: ReplaceFactoryReducer.self)
        store.register(reducer: NewSessionReducer.self)
        return store
    }

    @Test("a state with let fields is asserted by assigning a whole new value")
    func letFields() async throws {
        let store = makeAppStore()
        try await store.send(Login(firstName: "Ada", lastName: "Lovelace")) {
            $0 = AppState(
                factory: $0.factory, user: User(firstName: "Ada", lastName: "Lovelace"), session: nil)
        }
        let text = await failure {
            try await store.send(Login(firstName: "Alan", lastName: "Turing")) {
                $0 = AppState(
                    factory: $0.factory, user: User(firstName: "Ada", lastName: "Turing"), session: nil)
            }
        }
        #expect(
            text == """
                send Login(firstName: "Alan", lastName: "Turing"): the state differs from the expected one:
                  user.firstName: expected "Ada", got "Alan"
                """
        )
    }

    @Test("nil against a value names the optional's path")
    func optionals() async {
        let store = makeAppStore()
        let text = await failure { try await store.send(Login(firstName: "Ada", lastName: "L")) }
        #expect(text?.hasSuffix(#"user: expected nil, got User(firstName: "Ada", lastName: "L")"#) == true)
    }

    @Test("the stored factory is compared by identity")
    func factoryIdentity() async throws {
        let store = makeAppStore()
        let text = await failure {
            try await store.send(ReplaceFactory(factory: CompositeViewModelFactory()))
        }
        #expect(text?.contains("factory: expected CompositeViewModelFactory instance") == true)
        #expect(text?.contains("got CompositeViewModelFactory instance") == true)
    }

    @Test("class references compare by identity, not by content")
    func classIdentity() async throws {
        let store = makeAppStore()
        let text = await failure {
            try await store.send(NewSession(token: "t")) { $0.session = Session(token: "t") }
        }
        #expect(text?.contains("session: expected Session instance") == true)
        // The same instance passes.
        let store2 = makeAppStore()
        try await store2.send(NewSession(token: "u")) { [store2] in $0.session = store2.store.state.session }
        #expect(store2.store.state.session?.token == "u")
    }

    @Test("nested collections are compared element by element, at every level")
    func nestedCollections() async throws {
        let store = TestStore(with: Grid())
        store.register(reducer: SetCellReducer.self)
        let text = await failure {
            try await store.send(SetCell(row: 0, column: 1, value: 9)) { $0.rows[0][1] = 8 }
        }
        #expect(
            text == """
                send SetCell(row: 0, column: 1, value: 9): the state differs from the expected one:
                  rows[0][1]: expected 8, got 9
                  tags["a"][1]: expected no element, got "y"
                """
        )
        try await store.send(SetCell(row: 1, column: 0, value: 4)) {
            $0.rows[1][0] = 4
            $0.tags["a"] = ["x", "y", "y"]
        }
    }

    @Test("enums are compared by case, then by payload")
    func enums() async throws {
        let store = TestStore(with: Screen())
        store.register(reducer: SetPhaseReducer.self)
        let caseText = await failure {
            try await store.send(SetPhase(phase: .loading(page: 1))) { $0.phase = .idle }
        }
        #expect(caseText?.hasSuffix("phase: expected .idle, got .loading(page: 1)") == true)
        let payloadText = await failure {
            try await store.send(SetPhase(phase: .loaded(items: ["a", "b"], total: 2))) {
                $0.phase = .loaded(items: ["a", "c"], total: 3)
            }
        }
        #expect(
            payloadText == """
                send SetPhase(phase: .loaded(items: ["a", "b"], total: 2)): the state differs from the expected one:
                  phase.loaded.items[1]: expected "c", got "b"
                  phase.loaded.total: expected 3, got 2
                """
        )
        try await store.send(SetPhase(phase: .loading(page: 2))) { $0.phase = .loading(page: 2) }
        try await store.finish()
    }
}

// The differ itself, as TestStore and the tracer call it.

private struct Item: Sendable {
    var id: Int
    var title: String
}

private struct SearchFeature: Sendable {
    var query = ""
    var isLoading = false
    var results: [Item] = []
}

private struct Composed: Sendable {
    var search = SearchFeature()
    var todos = [Item(id: 1, title: "bread"), Item(id: 2, title: "eggs"), Item(id: 3, title: "milk")]
    var user: User?
    var phase = Phase.idle
    var tags: [String: Int] = ["a": 1, "b": 2]
}

/// Equal by `id` only: `==` is trusted, what it ignores is not looked into.
private struct Tagged: Equatable {
    let id: Int
    let note: String
    static func == (lhs: Tagged, rhs: Tagged) -> Bool { lhs.id == rhs.id }
}

@Suite("ValueDiff")
struct ValueDiffDirectTests {
    private func lines(_ first: Any, _ second: Any, limit: Int = 160) -> [String] {
        ValueDiff.differences(from: first, to: second, valueLimit: limit).map {
            "\($0.path): \($0.from) -> \($0.to)"
        }
    }

    @Test("nested structs are named down to the leaf that changed")
    func nestedStructs() {
        var after = Composed()
        after.search.query = "oat"
        after.search.isLoading = true
        #expect(
            lines(Composed(), after) == [#"search.query: "" -> "oat""#, "search.isLoading: false -> true"])
        #expect(lines(Composed(), Composed()).isEmpty)
    }

    @Test("array elements are named by index; an added or removed element is one change")
    func arrays() {
        var after = Composed()
        after.todos[2].title = "oat milk"
        after.search.results = [Item(id: 7, title: "oats")]
        #expect(
            lines(Composed(), after) == [
                #"search.results[0]: no element -> Item(id: 7, title: "oats")"#,
                #"todos[2].title: "milk" -> "oat milk""#,
            ]
        )
        var shorter = Composed()
        shorter.todos.removeFirst()
        #expect(
            lines(Composed(), shorter) == [
                #"todos[0].id: 1 -> 2"#,
                #"todos[0].title: "bread" -> "eggs""#,
                #"todos[1].id: 2 -> 3"#,
                #"todos[1].title: "eggs" -> "milk""#,
                #"todos[2]: Item(id: 3, title: "milk") -> no element"#,
            ]
        )
    }

    @Test("an optional that appears or goes is one change; one that stays is looked into")
    func optionals() {
        var ada = Composed()
        ada.user = User(firstName: "Ada", lastName: "Lovelace")
        #expect(lines(Composed(), ada) == [#"user: nil -> User(firstName: "Ada", lastName: "Lovelace")"#])
        #expect(lines(ada, Composed()) == [#"user: User(firstName: "Ada", lastName: "Lovelace") -> nil"#])
        var alan = ada
        alan.user = User(firstName: "Alan", lastName: "Lovelace")
        #expect(lines(ada, alan) == [#"user.firstName: "Ada" -> "Alan""#])
    }

    @Test("enums are named by case, then by payload")
    func enums() {
        var loading = Composed()
        loading.phase = .loading(page: 1)
        #expect(lines(Composed(), loading) == ["phase: .idle -> .loading(page: 1)"])
        var next = loading
        next.phase = .loading(page: 2)
        #expect(lines(loading, next) == ["phase.loading.page: 1 -> 2"])
        var loaded = Composed()
        loaded.phase = .loaded(items: ["a", "b"], total: 2)
        var more = Composed()
        more.phase = .loaded(items: ["a", "c"], total: 3)
        #expect(lines(loaded, more) == [#"phase.loaded.items[1]: "b" -> "c""#, "phase.loaded.total: 2 -> 3"])
    }

    @Test("dictionaries are named by key, in key order")
    func dictionaries() {
        var after = Composed()
        after.tags["a"] = 5
        after.tags["b"] = nil
        after.tags["c"] = 3
        #expect(
            lines(Composed(), after) == [
                #"tags["a"]: 1 -> 5"#, #"tags["b"]: 2 -> no entry"#, #"tags["c"]: no entry -> 3"#,
            ])
    }

    @Test("a long value keeps its start and its end, with the cut in the middle")
    func cutInTheMiddle() throws {
        let long = "start-" + String(repeating: "x", count: 200) + "-end"
        var after = Composed()
        after.todos[0].title = long
        let difference = try #require(
            ValueDiff.differences(from: Composed(), to: after, valueLimit: 80).first)
        #expect(difference.path == "todos[0].title")
        #expect(difference.from == #""bread""#)
        #expect(difference.to.hasPrefix(#""start-xxx"#))
        #expect(difference.to.hasSuffix(#"xxx-end""#))
        #expect(difference.to.contains("…(144 more)…"))
        #expect(difference.to.count == 80)
        // The limit is the caller's: TestStore's is longer.
        let wide = try #require(ValueDiff.differences(from: Composed(), to: after).first)
        #expect(wide.to.count > 150 && wide.to.count <= 160)
    }

    @Test("an Equatable value that is equal is not looked into; values of another type differ whole")
    func equatableAndTypes() {
        #expect(lines(Tagged(id: 1, note: "a"), Tagged(id: 1, note: "b")).isEmpty)
        #expect(
            lines(Tagged(id: 1, note: "a"), Tagged(id: 2, note: "b")) == [
                #"id: 1 -> 2"#, #"note: "a" -> "b""#,
            ])
        #expect(lines(1, "1") == [#"state: 1 -> "1""#])
    }
}

// Lists reached by id: compared by id, not by index.

private struct Book: Identifiable, Equatable, Sendable {
    let id: Int
    var title: String
}

/// Not `Equatable`: compared through its fields.
private struct Library: Sendable {
    var name = "city"
    var books = Shelf([Book(id: 1, title: "Emma"), Book(id: 2, title: "Dune"), Book(id: 3, title: "Ulysses")])
}

private struct Author: Identifiable, Sendable {
    let id: String
    var books: Shelf<Book>
}

@Suite("ValueDiff by id")
struct ValueDiffByIDTests {
    private func differences(_ first: Any, _ second: Any, limit: Int = 160) -> [ValueDifference] {
        ValueDiff.differences(from: first, to: second, valueLimit: limit)
    }

    @Test("removing the first of three rows is one difference, named by the row's id")
    func removeFirst() {
        var after = Library()
        after.books[id: 1] = nil
        #expect(
            differences(Library(), after) == [
                ValueDifference(
                    path: "books[id: 1]", from: #"Book(id: 1, title: "Emma")"#, to: "no element",
                    kind: .removed)
            ])
    }

    @Test("an added row is one difference, with the row")
    func add() {
        var after = Library()
        after.books[id: 4] = Book(id: 4, title: "Walden")
        #expect(
            differences(Library(), after) == [
                ValueDifference(
                    path: "books[id: 4]", from: "no element", to: #"Book(id: 4, title: "Walden")"#,
                    kind: .added)
            ])
    }

    @Test("an edited row is looked into under its id")
    func edit() {
        var after = Library()
        after.books[id: 2]?.title = "Dune Messiah"
        after.name = "town"
        #expect(
            differences(Library(), after) == [
                ValueDifference(path: "name", from: #""city""#, to: #""town""#),
                ValueDifference(path: "books[id: 2].title", from: #""Dune""#, to: #""Dune Messiah""#),
            ])
    }

    @Test("the same rows in another order are one difference with the ids of each side")
    func move() {
        var after = Library()
        after.books.rows.swapAt(0, 1)
        #expect(
            differences(Library(), after) == [
                ValueDifference(path: "books", from: "[1, 2, 3]", to: "[2, 1, 3]", kind: .reordered)
            ])
        // The whole value reordered: the path is `state`, as for any whole change.
        #expect(
            differences(Library().books, after.books) == [
                ValueDifference(path: "state", from: "[1, 2, 3]", to: "[2, 1, 3]", kind: .reordered)
            ])
    }

    @Test("a removal, an edit, an addition and a move: removals, then rows in order, additions, the order")
    func everythingAtOnce() {
        var after = Library()
        after.books.rows = [
            Book(id: 3, title: "Ulysses"), Book(id: 4, title: "Walden"), Book(id: 2, title: "Dune II"),
        ]
        #expect(
            differences(Library(), after) == [
                ValueDifference(
                    path: "books[id: 1]", from: #"Book(id: 1, title: "Emma")"#, to: "no element",
                    kind: .removed),
                ValueDifference(path: "books[id: 2].title", from: #""Dune""#, to: #""Dune II""#),
                ValueDifference(
                    path: "books[id: 4]", from: "no element", to: #"Book(id: 4, title: "Walden")"#,
                    kind: .added),
                ValueDifference(path: "books", from: "[1, 2, 3]", to: "[3, 4, 2]", kind: .reordered),
            ])
        // An addition in the middle moves no row: no order difference.
        var inserted = Library()
        inserted.books.rows.insert(Book(id: 9, title: "Walden"), at: 1)
        #expect(differences(Library(), inserted).map(\.kind) == [.added])
    }

    @Test("a list inside a row is compared by id too, and string ids are quoted")
    func nested() {
        let before = Shelf([
            Author(
                id: "austen", books: Shelf([Book(id: 1, title: "Emma"), Book(id: 2, title: "Persuasion")])),
            Author(id: "herbert", books: Shelf([Book(id: 3, title: "Dune")])),
        ])
        var after = before
        after[id: "austen"]?.books[id: 1] = nil
        after[id: "herbert"]?.books[id: 3]?.title = "Dune Messiah"
        #expect(
            differences(before, after) == [
                ValueDifference(
                    path: #"[id: "austen"].books[id: 1]"#, from: #"Book(id: 1, title: "Emma")"#,
                    to: "no element",
                    kind: .removed),
                ValueDifference(
                    path: #"[id: "herbert"].books[id: 3].title"#, from: #""Dune""#, to: #""Dune Messiah""#),
            ])
    }

    @Test("a long order keeps its start and its end")
    func longOrder() throws {
        let before = Shelf((1...100).map { Book(id: $0, title: "") })
        var after = before
        after.rows.reverse()
        let difference = try #require(differences(before, after, limit: 40).first)
        #expect(difference.kind == .reordered)
        #expect(difference.from.count == 40)
        #expect(difference.from.hasPrefix("[1, 2, "))
        #expect(difference.from.hasSuffix(", 99, 100]"))
        #expect(difference.to.hasPrefix("[100, 99, "))
    }

    @Test("a plain array of Identifiable elements stays compared by index")
    func plainArrayByIndex() {
        let before = [Book(id: 1, title: "Emma"), Book(id: 2, title: "Dune")]
        #expect(
            differences(before, Array(before.dropFirst())) == [
                ValueDifference(path: "[0].id", from: "1", to: "2"),
                ValueDifference(path: "[0].title", from: #""Emma""#, to: #""Dune""#),
                ValueDifference(path: "[1]", from: #"Book(id: 2, title: "Dune")"#, to: "no element"),
            ])
    }

    @Test("a list that holds an id twice is compared by its stored fields, by index")
    func repeatedIDs() {
        let before = Shelf([Book(id: 1, title: "Emma"), Book(id: 1, title: "Dune")])
        var after = before
        after.rows[1].title = "Dune Messiah"
        #expect(
            differences(before, after) == [
                ValueDifference(path: "rows[1].title", from: #""Dune""#, to: #""Dune Messiah""#)
            ])
    }
}

private struct LibraryState: StoreState {
    var library = Library()
}

private struct RemoveBook: StoreAction { let id: Int }

private enum RemoveBookReducer: Reducer {
    static func reduce(state: LibraryState, with action: RemoveBook) -> LibraryState {
        var state = state
        state.library.books[id: action.id] = nil
        return state
    }
}

@MainActor
@Suite("TestStore by id")
struct TestStoreByIDTests {
    @Test("a failure names a row by its id: expected or got no element, and the order as ids")
    func failures() async throws {
        let store = TestStore(with: LibraryState())
        store.register(reducer: RemoveBookReducer.self)
        let text = await failure {
            try await store.send(RemoveBook(id: 1)) {
                $0.library.books[id: 2]?.title = "Dune Messiah"
                $0.library.books.rows.swapAt(1, 2)
            }
        }
        #expect(
            text == """
                send RemoveBook(id: 1): the state differs from the expected one:
                  library.books[id: 1]: expected Book(id: 1, title: "Emma"), got no element
                  library.books[id: 2].title: expected "Dune Messiah", got "Dune"
                  library.books: expected order [1, 3, 2], got [2, 3]
                """
        )
    }
}
