// The names the effects, time and dependencies docs of ReMVVMStore take as given (the `///`
// examples of Sources/Store/Effects, Dependencies and Testing, and AsyncEffect's): the book
// search of issue 19. See Common.swift.
public import ReMVVMMiddleware
public import ReMVVMStore

private func given<T>() -> T { fatalError("DocsContext is type-checked, never run") }

public struct Book: Equatable, Sendable {
    public let title: String
    public init(title: String) { self.title = title }
}
public var dune: Book { given() }

/// The docs' books are reached by id too (IdentifiedCollection's example keeps them on a shelf).
extension Book: Identifiable {
    public var id: String { title }
}

public struct BookSearchState: Equatable, Sendable {
    public var query = ""
    public var results: [Book] = []
    public var error: String?
    public init() {}
}

extension AppState {
    public init() { self.init(factory: given()) }
    public var search: BookSearchState {
        get { given() }
        set {}
    }
}

public struct QueryChanged: StoreAction {
    public let query: String
    public init(query: String) { self.query = query }
}
public struct SearchResponse: StoreAction {
    public let books: [Book]
    public init(books: [Book]) { self.books = books }
}
public struct ClearQuery: StoreAction { public init() {} }
public struct SearchDebounced: StoreAction { public init() {} }
public struct Logout: StoreAction { public init() {} }
public struct StartCountdown: StoreAction {
    public let seconds: Int
    public init(seconds: Int) { self.seconds = seconds }
}
public struct SaveTodos: StoreAction {
    public let todos: [Todo]
    public init(todos: [Todo]) { self.todos = todos }
}
extension API {
    public func save(_ todos: [Todo]) async {}
}

public struct SearchTask: Hashable, Sendable { public init() {} }
public var query: String { given() }
public var serverURL: String { given() }

public protocol SearchClient: Sendable {
    func search(_ query: String) async throws -> [Book]
}
public struct LiveSearchClient: SearchClient {
    public init() {}
    public init(baseURL: String) {}
    public func search(_ query: String) async throws -> [Book] { [] }
}
public struct UnimplementedSearchClient: SearchClient {
    public init() {}
    public func search(_ query: String) async throws -> [Book] { [] }
}
public struct StubSearchClient: SearchClient {
    public let results: [Book]
    public init(results: [Book]) { self.results = results }
    public func search(_ query: String) async throws -> [Book] { results }
}
public enum SearchClientKey: DependencyKey {
    public static let liveValue: any SearchClient = LiveSearchClient()
    public static let testValue: any SearchClient = UnimplementedSearchClient()
}
extension DependencyValues {
    public var searchClient: any SearchClient {
        get { self[SearchClientKey.self] }
        set { self[SearchClientKey.self] = newValue }
    }
}

public enum QueryChangedReducer: Reducer {
    public static func reduce(state: BookSearchState, with action: QueryChanged) -> BookSearchState { state }
}
public enum SearchResponseReducer: Reducer {
    public static func reduce(state: BookSearchState, with action: SearchResponse) -> BookSearchState { state }
}
public struct SearchMiddleware: Middleware {
    public init() {}
    public func applyMiddleware(
        for state: AppState, action: QueryChanged, dispatcher: Dispatcher<QueryChanged, AppState>
    ) {}
}
