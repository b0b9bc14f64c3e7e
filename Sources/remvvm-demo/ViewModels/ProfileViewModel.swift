import ReMVVMMiddleware
import ReMVVMStore

/// What the profile screen shows.
struct ProfileViewState: Equatable {
    let firstName: String
    let lastName: String

    init(user: User?) {
        firstName = user?.firstName ?? ""
        lastName = user?.lastName ?? ""
    }
}

/// What the profile screen can tell its view model.
enum ProfileEvent: Equatable {
    /// The back button was pressed.
    case back
    /// The logout button was pressed.
    case logOut
}

/// The profile screen's view model: the user's names, and two buttons that become actions.
@MainActor
final class ProfileViewModel: ViewModeling, StoreSubscriber {
    private(set) var state: ProfileViewState
    private let responder: Responder<any StoreAction>

    /// The profile view model of `store`, which it does not keep alive.
    init(store: Store<AppState>) {
        state = ProfileViewState(user: store.state.user)
        responder = Responder { [weak store] action in store?.dispatch(action: action) }
    }

    func send(event: ProfileEvent) {
        switch event {
        case .back: responder.send(NavigationAction<Screen>.pop(count: 1))
        case .logOut: responder.send(LogoutAction())
        }
    }

    func didChange(state: AppState, oldState: AppState) {
        let viewState = ProfileViewState(user: state.user)
        if viewState != self.state { self.state = viewState }
    }
}
