import ReMVVMStore

/// The login screen's fields. Made by the factory's `Initializable` fallback; as a store
/// subscriber it clears the fields when the user logs out, as the seed's does.
final class LoginViewModel: StoreSubscriber, Initializable {
    var firstName = ""
    var lastName = ""

    init() {}

    func didChange(state: AppState, oldState: AppState) {
        if oldState.user != nil && state.user == nil {
            firstName = ""
            lastName = ""
        }
    }

    /// The action the login button sends: the fields as they are now.
    var loginAction: LoginAction {
        LoginAction(firstName: firstName, lastName: lastName)
    }
}
