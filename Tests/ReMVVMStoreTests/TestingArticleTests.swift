import ReMVVMStore
import ReMVVMTesting
import Testing

// The examples of the Testing article, compiled and run.

private struct User {
    let firstName: String
    let lastName: String
}

private struct AppState: StoreState {
    let factory: ViewModelFactory
    let user: User?
}

private struct LoginAction: StoreAction {
    let firstName: String
    let lastName: String
}
private struct LogoutAction: StoreAction {}

private struct LoginReducer: Reducer {
    static func reduce(state: AppState, with action: LoginAction) -> AppState {
        AppState(factory: state.factory, user: User(firstName: action.firstName, lastName: action.lastName))
    }
}

private struct LogoutReducer: Reducer {
    static func reduce(state: AppState, with action: LogoutAction) -> AppState {
        AppState(factory: state.factory, user: nil)
    }
}

@MainActor
private final class Navigator {
    var screens: [String] = ["login"]
}

private struct LoginMiddleware: Middleware {
    let navigator: Navigator
    func applyMiddleware(
        for state: AppState,
        action: LoginAction,
        dispatcher: Dispatcher<LoginAction, AppState>
    ) {
        dispatcher.next { state in navigator.screens.append("greetings") }
    }
}

private struct Todo: Equatable, Sendable {
    let id: Int
    var title: String
}

private struct TodoState: StoreState, Equatable {
    var todos: [Todo] = []
    var isLoading = false
}

private struct LoadTodos: StoreAction {}
private struct TodosLoaded: StoreAction { let todos: [Todo] }

private struct LoadTodosReducer: Reducer {
    static func reduce(state: TodoState, with action: LoadTodos) -> TodoState {
        TodoState(todos: state.todos, isLoading: true)
    }
}

private struct TodosLoadedReducer: Reducer {
    static func reduce(state: TodoState, with action: TodosLoaded) -> TodoState {
        TodoState(todos: action.todos, isLoading: false)
    }
}

private struct LoadMiddleware: Middleware {
    let api: @Sendable () async -> [Todo]
    func applyMiddleware(
        for state: TodoState,
        action: LoadTodos,
        dispatcher: Dispatcher<LoadTodos, TodoState>
    ) {
        dispatcher.next()
        dispatcher.task {
            let todos = await api()
            guard !Task.isCancelled else { return }
            dispatcher.dispatch(action: TodosLoaded(todos: todos))
        }
    }
}

@MainActor
@Suite("The Testing article's examples")
struct TestingArticleTests {
    @Test("logging in sets the user and shows the greetings screen")
    func login() async throws {
        let navigator = Navigator()
        let store = TestStore(
            with: AppState(factory: CompositeViewModelFactory(), user: nil),
            middleware: [LoginMiddleware(navigator: navigator)]
        )
        store.register(reducer: LoginReducer.self)
        store.register(reducer: LogoutReducer.self)

        try await store.send(LoginAction(firstName: "Ada", lastName: "Lovelace")) {
            $0 = AppState(factory: $0.factory, user: User(firstName: "Ada", lastName: "Lovelace"))
        }
        #expect(navigator.screens == ["login", "greetings"])

        try await store.send(LogoutAction()) { $0 = AppState(factory: $0.factory, user: nil) }
        try await store.finish()
    }

    @Test("the article's failure text for a wrong last name")
    func loginFailureText() async {
        let store = TestStore(with: AppState(factory: CompositeViewModelFactory(), user: nil))
        store.register(reducer: LoginReducer.self)
        let text = await caughtTestStoreFailure {
            try await store.send(LoginAction(firstName: "Ada", lastName: "Lovelace")) {
                $0 = AppState(factory: $0.factory, user: User(firstName: "Ada", lastName: "Lovelace "))
            }
        }?.message
        #expect(
            text == """
                send LoginAction(firstName: "Ada", lastName: "Lovelace"): the state differs from the expected one:
                  user.lastName: expected "Lovelace ", got "Lovelace"
                """
        )
    }

    @Test("loading fetches the todos")
    func load() async throws {
        let store = TestStore(
            with: TodoState(),
            middleware: [LoadMiddleware { [Todo(id: 1, title: "milk")] }]
        )
        store.register(reducer: LoadTodosReducer.self)
        store.register(reducer: TodosLoadedReducer.self)

        try await store.send(LoadTodos()) { $0.isLoading = true }
        try await store.receive(TodosLoaded.self) {
            $0.todos = [Todo(id: 1, title: "milk")]
            $0.isLoading = false
        }
        try await store.finish()
    }

    @Test("with exhaustivity off only what the closures set is compared")
    func loadNonExhaustive() async throws {
        let store = TestStore(
            with: TodoState(),
            middleware: [LoadMiddleware { [Todo(id: 1, title: "milk")] }]
        )
        store.register(reducer: LoadTodosReducer.self)
        store.register(reducer: TodosLoadedReducer.self)
        store.exhaustivity = .off
        try await store.send(LoadTodos()) { $0.isLoading = true }
        try await store.receive(TodosLoaded.self) { $0.todos[0].title = "milk" }
        try await store.finish()
    }
}
