import ReMVVMStore

/// Logs a user in; reduced by ``LoginReducer``.
struct LoginAction: StoreAction, Equatable {
    let firstName: String
    let lastName: String
}

/// Logs the user out; reduced by ``LogoutReducer``.
struct LogoutAction: StoreAction, Equatable {}
