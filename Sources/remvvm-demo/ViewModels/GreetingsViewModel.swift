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
}

/// The greetings screen's view model: its view state derived from the state's user, its one
/// event mapped to the logout action. No code of its own beyond the two mappings.
typealias GreetingsViewModel = StoreViewModel<AppState, GreetingsViewState, GreetingsEvent>

extension GreetingsViewModel {
    /// The greetings view model of `store`.
    convenience init(store: Store<AppState>) {
        self.init(
            store: store,
            state: { GreetingsViewState(user: $0.user) },
            send: { event in
                switch event {
                case .logOut: LogoutAction()
                }
            }
        )
    }
}
