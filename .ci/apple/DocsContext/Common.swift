// The world the docs' snippets live in, for the Apple check (.ci/apple/snippets.py).
//
// A snippet shows one idea and leaves out what the surrounding text already introduced: the
// seed's AppState, LoginAction and store, a screen's `render`, an `api` client. This module
// declares those recurring names once, as the docs use them, so that a snippet type-checks as
// written; a snippet that declares a name itself shadows the one here. Nothing here runs: the
// check only type-checks, so values the docs take for granted are `fatalError()` stand-ins.
public import ReMVVMMiddleware
public import ReMVVMStore

private func given<T>() -> T { fatalError("DocsContext is type-checked, never run") }

// MARK: - The seed's login app

public struct User: Equatable, Codable, Sendable {
    public var firstName: String
    public var lastName: String
    public var name: String
    public init(firstName: String, lastName: String) {
        self.firstName = firstName
        self.lastName = lastName
        name = firstName
    }
    public init(name: String) { self.init(firstName: name, lastName: "") }
}

public struct Todo: Equatable, Codable, Sendable {
    public var id: Int
    public var title: String
    public init(id: Int, title: String) {
        self.id = id
        self.title = title
    }
}

public struct AppState: StoreState {
    public var factory: any ViewModelFactory
    public var user: User?
    public var todos: [Todo] = []
    public var isSaved = false
    public var count = 0
    public var cart: [String] = []
    public var favorites: Set<Int> = []
    public init(factory: any ViewModelFactory, user: User? = nil) {
        self.factory = factory
        self.user = user
    }
}

public struct LoginAction: StoreAction, Codable {
    public let firstName: String
    public let lastName: String
    public init(firstName: String, lastName: String) {
        self.firstName = firstName
        self.lastName = lastName
    }
}
public struct LogoutAction: StoreAction, Codable { public init() {} }
public struct Login: StoreAction, Codable {
    public let name: String
    public init(name: String) { self.name = name }
}

public enum LoginReducer: Reducer {
    public static func reduce(state: AppState, with action: LoginAction) -> AppState {
        AppState(factory: state.factory, user: User(firstName: action.firstName, lastName: action.lastName))
    }
}
public enum LogoutReducer: Reducer {
    public static func reduce(state: AppState, with action: LogoutAction) -> AppState {
        AppState(factory: state.factory, user: nil)
    }
}

public final class LoginViewModel: StoreSubscriber, Initializable {
    public var firstName = ""
    public var lastName = ""
    public init() {}
    public func didChange(state: AppState, oldState: AppState) {}
}

public struct GreetingsViewModel {
    public let message: String
    public var messageLabel: String { message }
    public init(message: String) { self.message = message }
    public init(with user: User) { message = "Hello \(user.firstName) \(user.lastName) <3" }
}

public struct LoginMiddleware: Middleware {
    public init() {}
    public init(navigator: Navigator<Screen>) {}
    public func applyMiddleware(
        for state: AppState, action: LoginAction, dispatcher: Dispatcher<LoginAction, AppState>
    ) { dispatcher.next() }
}

public enum Screen: Hashable, Sendable, Codable {
    case login, greetings, home, cart, settings
    case item(id: Int)
    case detail(Int)
    case profile(id: Int)
    case alert(AlertState<DetailAlert>)
    case record(RecordState)
}

// MARK: - Values the docs take as given

@MainActor public var store: Store<AppState> { given() }
@MainActor public var otherStore: Store<AppState> { given() }
public var initialState: AppState { given() }
public var state: AppState { given() }
@MainActor public var factory: CompositeViewModelFactory { given() }
@MainActor public var navigator: Navigator<Screen> { given() }
@MainActor public var navigation: NavigationMiddleware<AppState, Screen> { given() }
@MainActor public var dispatcher: Dispatcher<LoginAction, AppState> { given() }
@MainActor public var remvvm: ReMVVM.Provider { given() }
@MainActor public var replayer: ActionReplayer { given() }
@MainActor public var trace: ActionTrace { given() }
public var ada: User { given() }

/// A screen object, for view models that live as long as their screen.
@MainActor public final class ScreenObject { public init() {} }
@MainActor public var screen: ScreenObject { given() }

@MainActor public func render(_ value: some Any) {}

/// A label of a text UI.
@MainActor public final class Label {
    public var text = ""
    public init() {}
}
@MainActor public var header: Label { given() }
@MainActor public var badge: Label { given() }

public struct Logger: Sendable {
    public func debug(_ message: String) {}
    public func info(_ message: String) {}
    public func error(_ message: String) {}
}
public var logger: Logger { given() }

// MARK: - Effects

public struct SearchAction: StoreAction, Codable {
    public let query: String
    public init(query: String) { self.query = query }
}
public struct SearchResults: StoreAction {
    public let query: String
    public let items: [String]
    public init(query: String, items: [String]) {
        self.query = query
        self.items = items
    }
}
public struct LoadUser: StoreAction {
    public let id: Int
    public init(id: Int) { self.id = id }
}
public struct UserLoaded: StoreAction {
    public let user: User
    public init(user: User) { self.user = user }
}
public struct LoadTodos: StoreAction { public init() {} }
public struct TodosLoaded: StoreAction {
    public let todos: [Todo]
    public init(todos: [Todo]) { self.todos = todos }
}
public struct AddTodo: StoreAction, Codable {
    public let title: String
    public init(title: String) { self.title = title }
}
public struct TodosSaved: StoreAction { public init() {} }
public struct OpenItem: StoreAction {
    public let id: Int
    public init(id: Int) { self.id = id }
}
public struct AddToCart: StoreAction {
    public let item: String
    public init(item: String) { self.item = item }
}

public struct API: Sendable {
    public func search(_ query: String) async -> [String] { [] }
    public func user(id: Int) async -> User { given() }
    public func todos() async -> [Todo] { [] }
}
public var api: API { given() }

public struct Loader: Sendable {
    public func load() async -> String { "" }
}
public var loader: Loader { given() }

// MARK: - View models of the docs' list and detail screens

public final class ItemViewModel: Initializable {
    public let itemID: String
    public init() { itemID = "" }
    public init(itemID: String) { self.itemID = itemID }
}
public final class DetailViewModel {
    public let id: String
    public init(id: String) { self.id = id }
}
public struct SettingsViewModel {
    public init(theme: Theme) {}
    public init(isDarkMode: Bool) {}
    public enum Theme: Sendable { case light, dark }
}
