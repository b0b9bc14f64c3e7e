import ReMVVM

struct User {
    let firstName: String
    let lastName: String
}

struct AppState: StoreState {
    let factory: ViewModelFactory
    let user: User?
}

struct LoginAction: StoreAction {
    let firstName: String
    let lastName: String
}
struct LogoutAction: StoreAction {}

enum LoginReducer: Reducer {
    static func reduce(state: AppState, with action: LoginAction) -> AppState {
        AppState(factory: state.factory, user: User(firstName: action.firstName, lastName: action.lastName))
    }
}

enum LogoutReducer: Reducer {
    static func reduce(state: AppState, with action: LogoutAction) -> AppState {
        AppState(factory: state.factory, user: nil)
    }
}

struct GreetingsViewModel {
    let message: String
}

// Navigation is a side effect, performed after the state changed.
struct LoginMiddleware: Middleware {
    func applyMiddleware(
        for state: AppState, action: LoginAction,
        dispatcher: Dispatcher<LoginAction, AppState>
    ) {
        dispatcher.next { state in print("-> greetings screen for \(state.user!.firstName)") }
    }
}

let factory = CompositeViewModelFactory()
let store = Store(with: AppState(factory: factory, user: nil), middleware: [LoginMiddleware()])
factory.add { [weak store] _ -> GreetingsViewModel? in
    guard let user = store?.state.user else { return nil }
    return GreetingsViewModel(message: "Hello \(user.firstName) \(user.lastName) <3")
}
store.register(reducer: LoginReducer.self)
store.register(reducer: LogoutReducer.self)

let subscription = store.subscribe(to: \.user?.firstName) { name, _ in
    print("user is now \(name ?? "nobody")")
}

store.dispatch(action: LoginAction(firstName: "Ada", lastName: "Lovelace"))
final class GreetingsScreen {}  // its view model lives as long as it does
let screen = GreetingsScreen()
let greetings: GreetingsViewModel? = store.viewModel(for: screen)
print(greetings?.message ?? "no greetings")  // Hello Ada Lovelace <3
store.dispatch(action: LogoutAction())
