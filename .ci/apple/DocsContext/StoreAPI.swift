// The names the `///` examples of ReMVVMStore (Sources/Store/**/*.swift) take as given, for the
// Apple check (.ci/apple/snippets.py); see Common.swift. Only what several examples share, or
// what an example's text introduced, is here: an example that shows a declaration keeps it.
public import ReMVVMStore

// MARK: - The todo list of TestStore's examples

/// Adds a todo to the list, numbered from 1.
public enum AddTodoReducer: Reducer {
    public static func reduce(state: AppState, with action: AddTodo) -> AppState {
        var state = state
        state.todos.append(Todo(id: state.todos.count + 1, title: action.title))
        return state
    }
}

/// Marks the list as saved.
public enum TodosSavedReducer: Reducer {
    public static func reduce(state: AppState, with action: TodosSaved) -> AppState {
        var state = state
        state.isSaved = true
        return state
    }
}

/// Saves the list after each ``AddTodo``, then dispatches ``TodosSaved``.
public struct SaveMiddleware: Middleware {
    public init() {}
    public func applyMiddleware(
        for state: AppState, action: AddTodo, dispatcher: Dispatcher<AddTodo, AppState>
    ) {
        dispatcher.next { _ in
            dispatcher.task { dispatcher.dispatch(action: TodosSaved()) }
        }
    }
}

/// Logs every action, whatever the store's state.
public struct LoggingMiddleware: AnyMiddleware {
    public init() {}
    public func applyMiddleware<Action: StoreAction, State: StoreState>(
        for state: State, action: Action, dispatcher: Dispatcher<Action, State>
    ) {
        logger.debug("\(action)")
        dispatcher.next()
    }
}

// MARK: - Subscribers and view models

/// A screen header that shows the user's name: a subscriber of ``AppState``.
public final class HeaderViewModel: StoreSubscriber {
    public var title = "Guest"
    public init() {}
    public func didChange(state: AppState, oldState: AppState) {
        title = state.user?.firstName ?? "Guest"
    }
}

/// The view state and events of the greetings screen's ``StoreViewModel``.
public struct GreetingsViewState: Equatable, Sendable {
    public var message: String
    public init(message: String) { self.message = message }
}
public enum GreetingsEvent: Sendable { case logOut }
