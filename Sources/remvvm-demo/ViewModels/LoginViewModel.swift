import ReMVVMStore

/// What the login screen shows: the names in its fields.
struct LoginViewState: Equatable {
    var firstName = ""
    var lastName = ""
}

/// What the login screen can tell its view model.
enum LoginEvent: Equatable {
    /// The names were typed into the fields and the login button pressed.
    case logIn(firstName: String, lastName: String)
}

/// The login screen's view model. It keeps the fields as typed, sends the login action up its
/// responder (to the store), and, as a store subscriber, clears the fields when the user logs
/// out, as the seed's does.
@MainActor
final class LoginViewModel: ViewModeling, StoreSubscriber {
    private(set) var state = LoginViewState()
    private let responder: Responder<LoginAction>

    /// - Parameter responder: Receives the login action; the store in the app, a recorder in
    ///   a test, `.noop` in a preview.
    init(responder: Responder<LoginAction>) {
        self.responder = responder
    }

    func send(event: LoginEvent) {
        switch event {
        case .logIn(let firstName, let lastName):
            state = LoginViewState(firstName: firstName, lastName: lastName)
            responder.send(LoginAction(firstName: firstName, lastName: lastName))
        }
    }

    func didChange(state: AppState, oldState: AppState) {
        if oldState.user != nil && state.user == nil {
            self.state = LoginViewState()
        }
    }
}
