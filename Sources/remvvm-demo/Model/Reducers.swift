import ReMVVMStore

struct LoginReducer: Reducer {
    static func reduce(state: AppState, with action: LoginAction) -> AppState {
        AppState(factory: state.factory, user: User(firstName: action.firstName, lastName: action.lastName))
    }
}

struct LogoutReducer: Reducer {
    static func reduce(state: AppState, with action: LogoutAction) -> AppState {
        AppState(factory: state.factory, user: nil)
    }
}
