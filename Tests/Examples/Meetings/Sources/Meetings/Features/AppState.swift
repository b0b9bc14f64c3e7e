import ReMVVM

/// The app's state: the series, saved to disk, and the screens on display, each screen with
/// the state it owns.
struct AppState: StoreState, Equatable {
    var series: IdentifiedArray<Series> = []
    var navigation = NavigationState(root: Screen.list)
}

/// The screens of the app. A form, a recorder and an alert carry their own state, which goes
/// when their entry goes.
enum Screen: Hashable, Codable, Sendable {
    case list
    case detail(Series.ID)
    case form(FormState)
    case record(RecordState)
    case meeting(PastMeeting)
    case alert(AlertState<MeetingsAlert>)
}
