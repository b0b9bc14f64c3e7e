import ReMVVMMiddleware
import ReMVVMStore
import ReMVVMTesting

// The book-search app of `ReMVVMStoreTests/BookSearchTests.swift` (search as you type with a
// 100 ms debounce, a newer query cancelling the search in flight, a client that can fail, a
// clear that cancels by id), with `Codable` actions, so a session of it can be recorded,
// replayed and exported: `BookSearchRecordingTests`, `RecordedBookSearchTests`.

struct BookSearchState: StoreState {
    let factory: any ViewModelFactory
    var query = ""
    var results: [Search.Book] = []
    var error: String?

    /// What a test compares: everything but the factory.
    var content: BookSearchContent { BookSearchContent(query: query, results: results, error: error) }
}

struct BookSearchContent: Equatable {
    let query: String
    let results: [Search.Book]
    let error: String?
}

/// The actions, named by their enclosing type in logs and exported tests (`Search.Changed`).
enum Search {
    struct Book: Equatable, Sendable, Codable {
        let title: String
    }

    struct Changed: StoreAction, Codable { let query: String }
    struct Answered: StoreAction, Codable {
        let query: String
        let books: [Search.Book]
    }
    struct Failed: StoreAction, Codable { let message: String }
    struct Cleared: StoreAction, Codable {}
}

enum ChangedReducer: Reducer {
    static func reduce(state: BookSearchState, with action: Search.Changed) -> BookSearchState {
        var state = state
        state.query = action.query
        return state
    }
}

enum AnsweredReducer: Reducer {
    static func reduce(state: BookSearchState, with action: Search.Answered) -> BookSearchState {
        var state = state
        state.results = action.books
        state.error = nil
        return state
    }
}

enum FailedReducer: Reducer {
    static func reduce(state: BookSearchState, with action: Search.Failed) -> BookSearchState {
        var state = state
        state.error = action.message
        return state
    }
}

enum ClearedReducer: Reducer {
    static func reduce(state: BookSearchState, with action: Search.Cleared) -> BookSearchState {
        BookSearchState(factory: state.factory)
    }
}

/// Answers a query with one book named after it after `latency` on `clock`, or fails for the
/// query "offline"; a cancelled search throws `CancellationError` from its sleep.
struct BookSearchClient: Sendable {
    let clock: any Clock<Duration>
    var latency: Duration = .milliseconds(200)

    func search(_ query: String) async throws -> [Search.Book] {
        try await clock.sleep(for: latency)
        if query == "offline" { throw BookSearchError(message: "offline") }
        // The query with a capital first letter, without Foundation (the Apple check type-checks
        // the tests without it).
        return [Search.Book(title: query.prefix(1).uppercased() + query.dropFirst())]
    }
}

struct BookSearchError: Error {
    let message: String
}

private enum BookSearchClientKey: DependencyKey {
    static let liveValue = BookSearchClient(clock: ContinuousClock())
}

extension DependencyValues {
    var bookSearchClient: BookSearchClient {
        get { self[BookSearchClientKey.self] }
        set { self[BookSearchClientKey.self] = newValue }
    }
}

/// Reduces the keystroke now, then searches after 100 ms without a newer keystroke; a newer
/// one cancels the search in flight.
struct BookSearchMiddleware: Middleware {
    struct SearchTask: Hashable, Sendable {}

    func applyMiddleware(
        for state: BookSearchState, action: Search.Changed,
        dispatcher: Dispatcher<Search.Changed, BookSearchState>
    ) {
        dispatcher.next()
        let query = action.query
        dispatcher.task(id: SearchTask(), cancelInFlight: true) {
            try await dispatcher.dependencies.clock.sleep(for: .milliseconds(100))
            do {
                let books = try await dispatcher.dependencies.bookSearchClient.search(query)
                dispatcher.dispatch(action: Search.Answered(query: query, books: books))
            } catch let error as BookSearchError {
                dispatcher.dispatch(action: Search.Failed(message: error.message))
            }
        }
    }
}

/// A clear cancels the search, debounced or in flight.
struct ClearSearchMiddleware: Middleware {
    func applyMiddleware(
        for state: BookSearchState, action: Search.Cleared,
        dispatcher: Dispatcher<Search.Cleared, BookSearchState>
    ) {
        dispatcher.cancelTasks(id: BookSearchMiddleware.SearchTask())
        dispatcher.next()
    }
}

/// The replayer of the book search's actions, undo and redo included.
let bookSearchReplayer = try! ActionReplayer(types: [
    Search.Changed.self, Search.Answered.self, Search.Failed.self, Search.Cleared.self,
    UndoAction.self, RedoAction.self,
])

/// A store of the book search, on `clock`, with an undo history; `before` comes first in the
/// middleware (a recorder).
@MainActor
func makeBookSearchStore(clock: TestClock, before: [any AnyMiddleware] = []) -> Store<BookSearchState> {
    let store = Store(
        with: BookSearchState(factory: CompositeViewModelFactory()),
        middleware: before + [
            UndoHistory<BookSearchState>(limit: 100), BookSearchMiddleware(), ClearSearchMiddleware(),
        ]
    ) {
        $0.clock = clock
        $0.bookSearchClient = BookSearchClient(clock: clock)
    }
    registerBookSearchReducers(on: store)
    return store
}

/// What the exported tests of book-search sessions start with: the same store as a test store.
@MainActor
func makeBookSearchTestStore(clock: TestClock) -> TestStore<BookSearchState> {
    let store = TestStore(
        with: BookSearchState(factory: CompositeViewModelFactory()),
        middleware: [
            UndoHistory<BookSearchState>(limit: 100), BookSearchMiddleware(), ClearSearchMiddleware(),
        ]
    ) {
        $0.clock = clock
        $0.bookSearchClient = BookSearchClient(clock: clock)
    }
    registerBookSearchReducers(on: store)
    return store
}

@MainActor
func registerBookSearchReducers(on store: some StoreRegistering<BookSearchState>) {
    store.register(reducer: ChangedReducer.self)
    store.register(reducer: AnsweredReducer.self)
    store.register(reducer: FailedReducer.self)
    store.register(reducer: ClearedReducer.self)
}
