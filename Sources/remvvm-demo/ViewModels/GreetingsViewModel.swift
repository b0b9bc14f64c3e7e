import ReMVVMMiddleware
import ReMVVMStore

/// What the greetings screen shows.
struct GreetingsViewState: Equatable {
    let message: String

    /// The greeting for `user`, or a note that nobody is logged in.
    init(user: User?) {
        message = user.map { "Hello \($0.firstName) \($0.lastName) <3" } ?? "(nobody is logged in)"
    }
}

/// What the greetings screen can tell its view model.
enum GreetingsEvent: Equatable {
    /// The logout button was pressed.
    case logOut
    /// The profile button was pressed.
    case openProfile
}

/// The greetings screen's view model: its view state derived from the state's user, its one
/// events mapped to the logout action and to pushing the profile.
///
/// From macOS 14 and iOS 17 on, `StoreViewModel` does exactly this with no code of its own
/// (`StoreViewModel<AppState, GreetingsViewState, GreetingsEvent>`); the demo runs from
/// macOS 13, the package's floor, so it subscribes to the store as any view model can.
@MainActor
final class GreetingsViewModel: ViewModeling, StoreSubscriber {
    private(set) var state: GreetingsViewState
    private let responder: Responder<any StoreAction>

    /// The greetings view model of `store`, which it does not keep alive.
    init(store: Store<AppState>) {
        state = GreetingsViewState(user: store.state.user)
        responder = Responder { [weak store] action in store?.dispatch(action: action) }
    }

    func send(event: GreetingsEvent) {
        switch event {
        case .logOut: responder.send(LogoutAction())
        case .openProfile: responder.send(NavigationAction.push(Screen.profile))
        }
    }

    func didChange(state: AppState, oldState: AppState) {
        let viewState = GreetingsViewState(user: state.user)
        if viewState != self.state { self.state = viewState }
    }
}
