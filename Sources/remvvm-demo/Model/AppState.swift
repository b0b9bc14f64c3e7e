import ReMVVMMiddleware
import ReMVVMStore

/// The demo's whole application state: the seed's `AppState`, and the screens on display.
struct AppState: StoreState {
    let factory: any ViewModelFactory
    /// Who is logged in; `var`, so `--state` can save and restore it by its key path.
    var user: User?
    /// The screens on display: the login screen at the root, the greetings presented over it
    /// while a user is logged in.
    var navigation = NavigationState(root: Screen.login)
}

extension AppState: CustomStringConvertible {
    /// The state as the `state` command prints it; the factory is left out, it never changes.
    var description: String {
        let user = self.user.map {
            "User(firstName: \(String(reflecting: $0.firstName)), lastName: \(String(reflecting: $0.lastName)))"
        }
        let stacks = navigation.stacks.map { stack in
            "[" + stack.map { "\($0.screen) #\($0.id)" }.joined(separator: ", ") + "]"
        }
        return "AppState(user: \(user ?? "nil"), navigation: \(stacks.joined(separator: " ")))"
    }
}
