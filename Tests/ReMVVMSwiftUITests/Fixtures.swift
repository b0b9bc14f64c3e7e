import ReMVVMMiddleware
import ReMVVMStore

// A small meetings app: a list, details pushed on it, a form presented as a sheet, and alerts.

enum MeetingAlert: Hashable, Sendable {
    case confirmDeletion
    case keepEditing
}

enum Screen: Hashable, Sendable {
    case list
    case detail(Int)
    case form(String)
    case alert(AlertState<MeetingAlert>)
    /// A second case with the alert payload type, which an `AlertCase(Screen.alert)` must skip.
    case otherAlert(AlertState<MeetingAlert>)
}

struct Draft: Equatable, Sendable {
    var title = ""
}

struct MeetingsState: StoreState, Equatable {
    var navigation = NavigationState(root: Screen.list)
    var draft = Draft()
    var deleted = 0
}

enum MeetingAlertReducer: Reducer {
    static func reduce(state: MeetingsState, with tap: AlertTapped<MeetingAlert>) -> MeetingsState {
        var state = state
        if tap.action == .confirmDeletion { state.deleted += 1 }
        return state
    }
}

@MainActor
func makeStore(_ state: MeetingsState = MeetingsState()) -> Store<MeetingsState> {
    let store = Store(with: state)
    store.register(navigation: \.navigation)
    store.register(reducer: MeetingAlertReducer.self, alertsIn: \.navigation)
    return store
}
