import ReMVVMStore

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
