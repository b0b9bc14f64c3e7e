import ReMVVMMiddleware
import ReMVVMStore

/// The profile screen, pushed over the greetings. Its view model lives as long as its entry
/// in the navigation state.
@MainActor
final class ProfileView: ScreenView {
    private(set) var viewModel: ProfileViewModel?

    init(store: Store<AppState>, entry: NavigationEntry<Screen>) {
        viewModel = store.viewModel(for: entry)
    }

    /// Presses the back button.
    func goBack() {
        viewModel?.send(event: .back)
    }

    /// Presses the logout button.
    func logOut() {
        viewModel?.send(event: .logOut)
    }

    func render(style: TextStyle) -> String {
        ScreenRenderer.render(viewModel?.state, style: style)
    }
}
