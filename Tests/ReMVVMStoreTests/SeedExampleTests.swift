import ReMVVMStore
import Testing

// The seed's two-screen example, with a text `UIState` in place of UIKit.

private struct User: Equatable {
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
        let user = User(firstName: action.firstName, lastName: action.lastName)
        return AppState(factory: state.factory, user: user)
    }
}

private struct LogoutReducer: Reducer {
    static func reduce(state: AppState, with action: LogoutAction) -> AppState {
        AppState(factory: state.factory, user: nil)
    }
}

private final class LoginViewModel: StoreSubscriber, Initializable {
    var firstName = ""
    var lastName = ""

    func didChange(state: AppState, oldState: AppState) {
        if oldState.user != nil && state.user == nil {
            firstName = ""
            lastName = ""
        }
    }
}

private struct GreetingsViewModel {
    let messageLabel: String

    init(with user: User) {
        messageLabel = "Hello \(user.firstName) \(user.lastName) <3"
    }
}

/// A text stand-in for the seed's UIKit `UIState`: it records the screens shown.
@MainActor
private final class UIState {
    private(set) var screens: [String] = ["login"]
    private(set) var userWhenShown: [User?] = []
    weak var store: Store<AppState>?

    func showModal(_ screen: String) {
        userWhenShown.append(store?.state.user)
        screens.append(screen)
    }

    func dismissModal() {
        screens.removeLast()
    }
}

private struct LoginMiddleware: Middleware {
    let uiState: UIState

    func applyMiddleware(
        for state: AppState,
        action: LoginAction,
        dispatcher: Dispatcher<LoginAction, AppState>
    ) {
        dispatcher.next { _ in
            self.uiState.showModal("greetings")
        }
    }
}

private struct LogoutMiddleware: Middleware {
    let uiState: UIState

    func applyMiddleware(
        for state: AppState,
        action: LogoutAction,
        dispatcher: Dispatcher<LogoutAction, AppState>
    ) {
        dispatcher.next { _ in
            self.uiState.dismissModal()
        }
    }
}

private final class LoginScreen: ReMVVMDriven {
    var viewModel: LoginViewModel?

    func viewDidLoad() {
        viewModel = remvvm.viewModel(for: self)
    }

    func loginTapped() {
        guard let viewModel else { return }
        remvvm.dispatch(action: LoginAction(firstName: viewModel.firstName, lastName: viewModel.lastName))
    }
}

private final class GreetingsScreen: ReMVVMDriven {
    var message = ""

    func viewDidLoad() {
        guard let viewModel: GreetingsViewModel = remvvm.viewModel(for: self) else { return }
        message = viewModel.messageLabel
    }

    func logoutTapped() {
        remvvm.dispatch(action: LogoutAction())
    }
}

@MainActor
@Suite(.serialized)
struct SeedExampleTests {
    @Test("the seed's login and logout flow works as the seed describes")
    func loginFlow() throws {
        let uiState = UIState()
        let factory = CompositeViewModelFactory()
        let middleware: [AnyMiddleware] = [
            LoginMiddleware(uiState: uiState), LogoutMiddleware(uiState: uiState),
        ]
        let initialState = AppState(factory: factory, user: nil)
        let store = Store(with: initialState, middleware: middleware)
        factory.add { [weak store] _ -> GreetingsViewModel? in
            guard let user = store?.state.user else { return nil }
            return GreetingsViewModel(with: user)
        }
        store.register(reducer: LoginReducer.self)
        store.register(reducer: LogoutReducer.self)
        uiState.store = store
        ReMVVM.Config.initialize(with: store)

        let login = LoginScreen()
        login.viewDidLoad()
        let viewModel = try #require(login.viewModel)
        viewModel.firstName = "Ada"
        viewModel.lastName = "Lovelace"

        let greetingsBeforeLogin = GreetingsScreen()
        greetingsBeforeLogin.viewDidLoad()
        #expect(greetingsBeforeLogin.message == "")

        login.loginTapped()
        #expect(store.state.user == User(firstName: "Ada", lastName: "Lovelace"))
        #expect(uiState.screens == ["login", "greetings"])
        // Navigation happened after the reduce: the navigator saw the logged-in user.
        #expect(uiState.userWhenShown == [User(firstName: "Ada", lastName: "Lovelace")])

        let greetings = GreetingsScreen()
        greetings.viewDidLoad()
        #expect(greetings.message == "Hello Ada Lovelace <3")

        greetings.logoutTapped()
        #expect(store.state.user == nil)
        #expect(uiState.screens == ["login"])
        #expect(viewModel.firstName == "")
        #expect(viewModel.lastName == "")
    }
}
