import ReMVVMStore

/// A signed-in user: two short strings, as in the seed's login screen.
struct User: Codable, Equatable, Sendable {
    var firstName: String
    var lastName: String
}

/// The small state every workload uses: a counter, an optional user and the factory that
/// `StoreState` requires.
struct AppState: StoreState {
    var counter = 0
    var user: User?
    let factory: any ViewModelFactory
}

// MARK: - Actions

struct Increment: StoreAction {}

struct Login: StoreAction {
    let firstName: String
    let lastName: String
}

struct Logout: StoreAction {}

/// One link of the `chain` workload: its completion dispatches the next link until
/// `remaining` reaches zero.
struct ChainStep: StoreAction {
    let remaining: Int
}

// MARK: - Reducers

enum IncrementReducer: Reducer {
    static func reduce(state: AppState, with action: Increment) -> AppState {
        var state = state
        state.counter &+= 1
        return state
    }
}

enum LoginReducer: Reducer {
    static func reduce(state: AppState, with action: Login) -> AppState {
        var state = state
        state.user = User(firstName: action.firstName, lastName: action.lastName)
        return state
    }
}

enum LogoutReducer: Reducer {
    static func reduce(state: AppState, with action: Logout) -> AppState {
        var state = state
        state.user = nil
        return state
    }
}

enum ChainStepReducer: Reducer {
    static func reduce(state: AppState, with action: ChainStep) -> AppState {
        var state = state
        state.counter &+= 1
        return state
    }
}

/// Reduces any of the generated action types of the `act1000` workload.
enum TaggedReducer<Action: StoreAction>: Reducer {
    static func reduce(state: AppState, with action: Action) -> AppState {
        var state = state
        state.counter &+= 1
        return state
    }
}

// MARK: - Subscriber

/// The subscriber of every workload: it reads the new state, as a view model would.
final class CountingSubscriber: StoreSubscriber {
    private(set) var changes = 0
    private(set) var lastCounter = 0

    init() {}

    func didChange(state: AppState, oldState: AppState) {
        changes &+= 1
        lastCounter = state.counter
    }
}
