// The names the examples of ReMVVMViewModelFactory and ReMVVMMiddleware (Sources/ViewModelFactory,
// Sources/Middleware: their articles and `///` comments) take as given, for the Apple check
// (.ci/apple/snippets.py); see Common.swift. Only app types that several examples share, or
// that an example's text assumes, are here; values an example's text introduced are `given`
// markers in the example itself.
public import ReMVVMMiddleware
public import ReMVVMStore

// MARK: - Factories, one per screen

/// Makes the login screen's view model.
public struct LoginFactory: ViewModelFactory {
    public init() {}
    public func creates<VM>(type: VM.Type) -> Bool { type == LoginViewModel.self }
    public func create<VM>(key: String?) -> VM? { LoginViewModel() as? VM }
}

/// Makes the greetings screen's view model.
public struct GreetingsFactory: ViewModelFactory {
    public init() {}
    public func creates<VM>(type: VM.Type) -> Bool { type == GreetingsViewModel.self }
    public func create<VM>(key: String?) -> VM? { GreetingsViewModel(message: "Hello") as? VM }
}

// MARK: - The responder chain of a list

/// A row of a list screen: the actions it sends up to its list.
public enum Row {
    public enum Action: Equatable, Sendable {
        case tapped(Int)
        case swiped(Int)
    }
}

/// The actions of a list screen: a row's action wrapped, or the item to open.
public enum ListAction: Equatable, Sendable {
    case row(Row.Action)
    case open(Int)
}

// MARK: - View states

/// The view state of a screen that loads one text.
public enum LoadViewState: Equatable, Sendable {
    case initialized
    case loading
    case loaded(String)
}

/// The view state of a form that saves a user name.
public enum SaveViewState: Equatable, Sendable {
    case editing
    case saving
    case saved
    case failed(String)
}

/// The model behind a profile form.
public struct ProfileModel: Sendable {
    public init() {}
    /// The states of saving `username`: `.saving`, then `.saved` or `.failed`.
    public func saveStates(for username: String) -> AsyncStream<SaveViewState> {
        AsyncStream { continuation in
            continuation.yield(.saving)
            continuation.yield(.saved)
            continuation.finish()
        }
    }
}

/// A user's profile, as a profile screen shows it.
public struct Profile: Equatable, Sendable {
    public var name: String
    public init(name: String) { self.name = name }
}

// MARK: - A search feature

/// The state of a search screen: the query and its results.
public struct SearchState: StoreState, Equatable {
    public var query = ""
    public var isSearching = false
    public var results: [String] = []
    public init() {}
}

/// Reduces a ``SearchAction``: remembers the query, the search starts.
public enum SearchReducer: Reducer {
    public static func reduce(state: SearchState, with action: SearchAction) -> SearchState {
        var state = state
        state.query = action.query
        state.isSearching = true
        return state
    }
}

/// Reduces ``SearchResults``: the results of the search.
public enum SearchResultsReducer: Reducer {
    public static func reduce(state: SearchState, with action: SearchResults) -> SearchState {
        var state = state
        state.results = action.items
        state.isSearching = false
        return state
    }
}

/// Stars or unstars an item of ``AppState/favorites``.
public struct ToggleFavorite: StoreAction, Codable {
    public let id: Int
    public init(id: Int) { self.id = id }
}
