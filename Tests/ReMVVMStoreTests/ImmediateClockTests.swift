import ReMVVMStore
import Testing

// ImmediateClock: sleeps end at once, time moves by what was slept, a cancelled sleep throws.

private struct Book: Equatable, Sendable {
    let title: String
}

private struct SearchState: Equatable {
    var query = ""
    var results: [Book] = []
}

private struct ImmediateState: StoreState, Equatable {
    var search = SearchState()
}

private struct QueryChanged: StoreAction { let query: String }
private struct SearchResponse: StoreAction { let books: [Book] }

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
        return state
    }
}

private struct SearchTask: Hashable, Sendable {}

/// Reduces the keystroke now, then answers after a 300 ms debounce on the store's clock.
private struct DebouncedSearchMiddleware: Middleware {
    func applyMiddleware(
        for state: ImmediateState, action: QueryChanged,
        dispatcher: Dispatcher<QueryChanged, ImmediateState>
    ) {
        dispatcher.next()
        let query = action.query
        dispatcher.task(id: SearchTask(), cancelInFlight: true) {
            try await dispatcher.dependencies.clock.sleep(for: .milliseconds(300))
            dispatcher.dispatch(action: SearchResponse(books: [Book(title: query)]))
        }
    }
}

@MainActor
@Suite("ImmediateClock: sleeps that end at once")
struct ImmediateClockTests {
    @Test("a debounced search answers in a TestStore without anyone moving time")
    func debouncedSearch() async throws {
        let clock = ImmediateClock()
        let store = TestStore(with: ImmediateState(), middleware: [DebouncedSearchMiddleware()]) {
            $0.clock = clock
        }
        store.register(reducer: QueryChangedReducer.self, at: \.search)
        store.register(reducer: SearchResponseReducer.self, at: \.search)
        try await store.send(QueryChanged(query: "dune")) { $0.search.query = "dune" }
        try await store.receive(SearchResponse.self) { $0.search.results = [Book(title: "dune")] }
        try await store.finish()
        #expect(clock.now.offset == .milliseconds(300))
    }

    @Test("the store's clock is the ImmediateClock the trailing closure set")
    func setInTrailingClosure() {
        let store = TestStore(with: ImmediateState()) { $0.clock = ImmediateClock() }
        #expect(store.store.dependencies.clock is ImmediateClock)
    }

    @Test("now moves forward by what was slept, and never back")
    func nowAdvances() async throws {
        let clock = ImmediateClock()
        let start = clock.now
        try await clock.sleep(for: .milliseconds(300))
        #expect(start.duration(to: clock.now) == .milliseconds(300))
        try await clock.sleep(for: .seconds(2))
        #expect(clock.now.offset == .milliseconds(2300))
        try await clock.sleep(until: start, tolerance: nil)
        #expect(clock.now.offset == .milliseconds(2300))
    }

    @Test("elapsed time measured on the clock includes the sleep")
    func measuresSleep() async throws {
        let clock = ImmediateClock(now: ImmediateClock.Instant(offset: .seconds(10)))
        let elapsed = try await clock.measure { try await clock.sleep(for: .seconds(5)) }
        #expect(elapsed == .seconds(5))
        #expect(clock.now == ImmediateClock.Instant(offset: .seconds(15)))
        #expect(clock.now.description == "ImmediateClock.Instant(offset: 15.0 seconds)")
    }

    @Test("a cancelled task's sleep throws CancellationError and moves nothing")
    func cancelledSleepThrows() async {
        let clock = ImmediateClock()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(for: .seconds(1))
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(clock.now.offset == .zero)
    }
}
