import ReMVVMStore
import ReMVVMTesting
import Testing

// The book-search app of issue 19: search as you type with a 100 ms debounce, a newer query
// cancelling the search in flight, an injected search client, all on a TestClock.

private struct Book: Equatable, Sendable {
    let title: String
}

private struct SearchState: Equatable {
    var query = ""
    var results: [Book] = []
    var error: String?
}

private struct BookState: StoreState, Equatable {
    var search = SearchState()
}

private struct QueryChanged: StoreAction { let query: String }
private struct SearchResponse: StoreAction {
    let query: String
    let books: [Book]
}
private struct SearchFailed: StoreAction { let message: String }
private struct ClearQuery: StoreAction {}

private enum QueryChangedReducer: Reducer {
    static func reduce(state: SearchState, with action: QueryChanged) -> SearchState {
        var state = state
        state.query = action.query
        return state
    }
}

private enum SearchResponseReducer: Reducer {
    static func reduce(state: SearchState, with action: SearchResponse) -> SearchState {
        var state = state
        state.results = action.books
        state.error = nil
        return state
    }
}

private enum SearchFailedReducer: Reducer {
    static func reduce(state: SearchState, with action: SearchFailed) -> SearchState {
        var state = state
        state.error = action.message
        return state
    }
}

private enum ClearQueryReducer: Reducer {
    static func reduce(state: SearchState, with action: ClearQuery) -> SearchState {
        SearchState()
    }
}

private protocol SearchClient: Sendable {
    func search(_ query: String) async throws -> [Book]
}

private struct UnimplementedSearchClient: SearchClient {
    func search(_ query: String) async throws -> [Book] {
        throw SearchError(message: "SearchClient.search is not implemented in tests")
    }
}

private struct SearchError: Error {
    let message: String
}

private enum SearchClientKey: DependencyKey {
    static let liveValue: any SearchClient = UnimplementedSearchClient()
}

extension DependencyValues {
    fileprivate var searchClient: any SearchClient {
        get { self[SearchClientKey.self] }
        set { self[SearchClientKey.self] = newValue }
    }
}

/// The queries a client was asked for.
@MainActor
private final class SearchLog {
    var queries: [String] = []
}

/// Answers each query with one book named after it, after `latency` on the clock; with
/// `ignoresCancellation`, the answer comes at the end of the latency even if the search was
/// cancelled (a client that does not check for cancellation).
private struct StubClient: SearchClient {
    let log: SearchLog
    let clock: TestClock
    var latency: Duration = .zero
    var ignoresCancellation = false
    var failure: String?

    func search(_ query: String) async throws -> [Book] {
        await log.append(query)
        if latency > .zero {
            if ignoresCancellation {
                let clock = self.clock
                let latency = self.latency
                await Task { try? await clock.sleep(for: latency) }.value
            } else {
                try await clock.sleep(for: latency)
            }
        }
        if let failure { throw SearchError(message: failure) }
        return [Book(title: query)]
    }
}

extension SearchLog {
    fileprivate func append(_ query: String) { queries.append(query) }
}

private struct SearchTask: Hashable, Sendable {}

/// Reduces the keystroke now, then searches after 100 ms without a newer keystroke.
private struct SearchMiddleware: Middleware {
    func applyMiddleware(
        for state: BookState, action: QueryChanged, dispatcher: Dispatcher<QueryChanged, BookState>
    ) {
        dispatcher.next()
        let query = action.query
        dispatcher.task(id: SearchTask(), cancelInFlight: true) {
            try await dispatcher.dependencies.clock.sleep(for: .milliseconds(100))
            do {
                let books = try await dispatcher.dependencies.searchClient.search(query)
                dispatcher.dispatch(action: SearchResponse(query: query, books: books))
            } catch let error as SearchError {
                dispatcher.dispatch(action: SearchFailed(message: error.message))
            }
        }
    }
}

private struct ClearQueryMiddleware: Middleware {
    func applyMiddleware(
        for state: BookState, action: ClearQuery, dispatcher: Dispatcher<ClearQuery, BookState>
    ) {
        dispatcher.cancelTasks(id: SearchTask())
        dispatcher.next()
    }
}

@MainActor
private func makeStore(clock: any Clock<Duration>, client: StubClient) -> TestStore<BookState> {
    let store = TestStore(with: BookState(), middleware: [SearchMiddleware(), ClearQueryMiddleware()]) {
        $0.clock = clock
        $0.searchClient = client
    }
    store.register(reducer: QueryChangedReducer.self, at: \.search)
    store.register(reducer: SearchResponseReducer.self, at: \.search)
    store.register(reducer: SearchFailedReducer.self, at: \.search)
    store.register(reducer: ClearQueryReducer.self, at: \.search)
    return store
}

@MainActor
@Suite("Book search: debounce, cancellation and dependencies on a TestClock")
struct BookSearchTests {
    @Test("typing five characters 30 ms apart runs exactly one search")
    func debounce() async throws {
        let clock = TestClock()
        let log = SearchLog()
        let store = makeStore(clock: clock, client: StubClient(log: log, clock: clock))
        for query in ["d", "du", "dun", "dune", "dunes"] {
            try await store.send(QueryChanged(query: query)) { $0.search.query = query }
            await clock.advance(by: .milliseconds(30))
        }
        #expect(log.queries.isEmpty)
        await clock.advance(by: .milliseconds(70))
        try await store.receive(SearchResponse.self) { $0.search.results = [Book(title: "dunes")] }
        try await store.finish()
        #expect(log.queries == ["dunes"])
        #expect(clock.now.offset == .milliseconds(220))
    }

    @Test("on an ImmediateClock, the debounced search answers without anyone moving time")
    func immediateClock() async throws {
        let clock = ImmediateClock()
        let log = SearchLog()
        let store = makeStore(clock: clock, client: StubClient(log: log, clock: TestClock()))
        try await store.send(QueryChanged(query: "dune")) { $0.search.query = "dune" }
        try await store.receive(SearchResponse.self) { $0.search.results = [Book(title: "dune")] }
        try await store.finish()
        #expect(log.queries == ["dune"])
        #expect(clock.now.offset == .milliseconds(100))
    }

    @Test("a query typed during a search cancels it, and its late result never reaches the state")
    func newerQueryCancels() async throws {
        let clock = TestClock()
        let log = SearchLog()
        let store = makeStore(
            clock: clock,
            client: StubClient(log: log, clock: clock, latency: .milliseconds(200), ignoresCancellation: true)
        )
        var seenResults: [[Book]] = []
        let subscription = store.store.subscribe(to: \.search.results) { results, _ in
            seenResults.append(results)
        }
        try await store.send(QueryChanged(query: "du")) { $0.search.query = "du" }
        await clock.advance(by: .milliseconds(100))  // the search for "du" is in flight
        #expect(log.queries == ["du"])
        try await store.send(QueryChanged(query: "dun")) { $0.search.query = "dun" }
        await clock.advance(by: .milliseconds(100))  // the search for "dun" starts
        await clock.advance(by: .milliseconds(100))  // "du" answers late: dropped
        #expect(store.store.state.search.results.isEmpty)
        await clock.advance(by: .milliseconds(100))  // "dun" answers
        try await store.receive(SearchResponse.self) { $0.search.results = [Book(title: "dun")] }
        try await store.finish()
        #expect(log.queries == ["du", "dun"])
        #expect(seenResults == [[Book(title: "dun")]])
        subscription.cancel()
    }

    @Test("a failing client puts the error in the state")
    func failingClient() async throws {
        let clock = TestClock()
        let store = makeStore(
            clock: clock, client: StubClient(log: SearchLog(), clock: clock, failure: "offline"))
        try await store.send(QueryChanged(query: "dune")) { $0.search.query = "dune" }
        await clock.advance(by: .milliseconds(100))
        try await store.receive(SearchFailed.self) { $0.search.error = "offline" }
        try await store.finish()
    }

    @Test("ClearQuery cancels the search by id")
    func clearCancels() async throws {
        let clock = TestClock()
        let log = SearchLog()
        let store = makeStore(
            clock: clock, client: StubClient(log: log, clock: clock, latency: .milliseconds(200)))
        try await store.send(QueryChanged(query: "dune")) { $0.search.query = "dune" }
        await clock.advance(by: .milliseconds(150))  // searching
        #expect(log.queries == ["dune"])
        try await store.send(ClearQuery()) { $0.search.query = "" }
        await clock.advance(by: .seconds(1))
        try await store.finish()
        #expect(store.store.state.search == SearchState())
        #expect(clock.sleeperCount == 0)
    }

    @Test("ClearQuery during the debounce means no search at all")
    func clearDuringDebounce() async throws {
        let clock = TestClock()
        let log = SearchLog()
        let store = makeStore(clock: clock, client: StubClient(log: log, clock: clock))
        try await store.send(QueryChanged(query: "dune")) { $0.search.query = "dune" }
        await clock.advance(by: .milliseconds(50))
        try await store.send(ClearQuery()) { $0.search.query = "" }
        await clock.run()
        try await store.finish()
        #expect(log.queries.isEmpty)
    }

    @Test("the store's cancelTasks(id:) cancels from outside the middleware")
    func storeCancels() async throws {
        let clock = TestClock()
        let log = SearchLog()
        let store = makeStore(clock: clock, client: StubClient(log: log, clock: clock))
        try await store.send(QueryChanged(query: "dune")) { $0.search.query = "dune" }
        await clock.advance(by: .milliseconds(10))
        store.store.cancelTasks(id: SearchTask())
        await clock.advance(by: .seconds(1))
        try await store.finish()
        #expect(log.queries.isEmpty)
    }
}
