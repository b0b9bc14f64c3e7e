import ReMVVMStore

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
