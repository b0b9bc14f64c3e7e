import ReMVVMStore

/// Logs a user in; reduced by ``LoginReducer``. `Codable`, so `--record` can record it.
struct LoginAction: StoreAction, Equatable, Codable {
    let firstName: String
    let lastName: String
}

/// Logs the user out; reduced by ``LogoutReducer``.
struct LogoutAction: StoreAction, Equatable, Codable {}

/// The user did something: ran a command, any command. It changes no state: the
/// ``IdleTimeoutMiddleware`` takes it and restarts the idle timer, and it goes no further, so
/// the recording, the undo history and the timeline hold only what changed the state.
struct UserActivity: StoreAction {}
