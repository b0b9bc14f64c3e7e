import ReMVVMMiddleware
import ReMVVMStore

/// The login screen. Its view model lives as long as its entry in the navigation state: the
/// root's, as long as the app.
@MainActor
final class LoginView: ScreenView {
    private(set) var viewModel: LoginViewModel?

    init(store: Store<AppState>, entry: NavigationEntry<Screen>) {
        viewModel = store.viewModel(for: entry)
    }

    /// Types the names into the fields and presses the login button.
    func logIn(firstName: String, lastName: String) {
        viewModel?.send(event: .logIn(firstName: firstName, lastName: lastName))
    }

    func render(style: TextStyle) -> String {
        ScreenRenderer.render(viewModel?.state, style: style)
    }
}
