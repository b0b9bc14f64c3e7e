import ReMVVMStore

/// The greetings screen. Made each time it is shown; its view model exists only while a user
/// is logged in.
@MainActor
final class GreetingsView: ScreenView {
    private(set) var viewModel: GreetingsViewModel?

    init(store: Store<AppState>) {
        viewModel = store.viewModel(for: self)
    }

    /// Presses the logout button.
    func logOut() {
        viewModel?.send(event: .logOut)
    }

    func render(style: TextStyle) -> String {
        ScreenRenderer.render(viewModel?.state, style: style)
    }
}
