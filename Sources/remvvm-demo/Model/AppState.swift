import ReMVVMStore

/// The demo's whole application state: the seed's `AppState`.
struct AppState: StoreState {
    let factory: any ViewModelFactory
    /// Who is logged in; `var`, so `--state` can save and restore it by its key path.
    var user: User?
}

extension AppState: CustomStringConvertible {
    /// The state as the `state` command prints it; the factory is left out, it never changes.
    var description: String {
        guard let user else { return "AppState(user: nil)" }
        return "AppState(user: User(firstName: \(String(reflecting: user.firstName)), "
            + "lastName: \(String(reflecting: user.lastName))))"
    }
}
