import ReMVVMStore

/// A screen on display: the context object its view model lives with, and what it shows.
@MainActor
protocol ScreenView: AnyObject {
    /// The screen's text, made from its view model only.
    func render(style: TextStyle) -> String
}

/// The login screen. Its view model lives as long as the screen does.
@MainActor
final class LoginView: ScreenView {
    private let store: Store<AppState>
    private(set) var viewModel: LoginViewModel?

    init(store: Store<AppState>) {
        self.store = store
        viewModel = store.viewModel(for: self)
    }

    /// Types the names into the fields and presses the login button.
    func logIn(firstName: String, lastName: String) {
        guard let viewModel else { return }
        viewModel.firstName = firstName
        viewModel.lastName = lastName
        store.dispatch(action: viewModel.loginAction)
    }

    func render(style: TextStyle) -> String {
        ScreenRenderer.render(viewModel, style: style)
    }
}

/// The greetings screen. Made each time it is shown, so its view model is made from the user
/// who just logged in.
@MainActor
final class GreetingsView: ScreenView {
    private let store: Store<AppState>
    private(set) var viewModel: GreetingsViewModel?

    init(store: Store<AppState>) {
        self.store = store
        viewModel = store.viewModel(for: self)
    }

    /// Presses the logout button.
    func logOut() {
        store.dispatch(action: LogoutAction())
    }

    func render(style: TextStyle) -> String {
        ScreenRenderer.render(viewModel, style: style)
    }
}
