import ReMVVMMiddleware
import ReMVVMStore

/// The greetings screen. Made each time it is shown; its view model exists only while a user
/// is logged in, and lives as long as its entry in the navigation state.
@MainActor
final class GreetingsView: ScreenView {
    private(set) var viewModel: GreetingsViewModel?

    init(store: Store<AppState>, entry: NavigationEntry<Screen>) {
        viewModel = store.viewModel(for: entry)
    }

    /// Presses the profile button.
    func openProfile() {
        viewModel?.send(event: .openProfile)
    }

    /// Presses the logout button.
    func logOut() {
        viewModel?.send(event: .logOut)
    }

    func render(style: TextStyle) -> String {
        ScreenRenderer.render(viewModel?.state, style: style)
    }
}
