import ReMVVMMiddleware
import ReMVVMStore

/// Logs the user in and presents the greetings over the login screen, in one change: the
/// screen on display is state, so an undo takes both back. A login reduced while the greetings
/// are shown (a `skip` of the logout between two logins) leaves them as they are.
struct LoginReducer: Reducer {
    static func reduce(state: AppState, with action: LoginAction) -> AppState {
        var navigation = state.navigation
        if !navigation.entries.contains(where: { $0.screen == .greetings }) {
            navigation.apply(.present(.greetings))
        }
        return AppState(
            factory: state.factory,
            user: User(firstName: action.firstName, lastName: action.lastName),
            navigation: navigation
        )
    }
}

/// Logs the user out and closes every modal, back to the login screen.
struct LogoutReducer: Reducer {
    static func reduce(state: AppState, with action: LogoutAction) -> AppState {
        var navigation = state.navigation
        while navigation.apply(.dismiss) {}
        return AppState(factory: state.factory, user: nil, navigation: navigation)
    }
}
