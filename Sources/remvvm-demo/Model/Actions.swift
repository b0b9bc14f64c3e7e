import ReMVVMStore

/// Logs a user in; reduced by ``LoginReducer``. `Codable`, so `--record` can record it.
struct LoginAction: StoreAction, Equatable, Codable {
    let firstName: String
    let lastName: String
}

/// Logs the user out; reduced by ``LogoutReducer``.
struct LogoutAction: StoreAction, Equatable, Codable {}
