/// The demo's screens, as the navigator knows them: names only. What each screen shows comes
/// from its view model; which screen follows which comes from the navigation routes.
enum Screen: Hashable, Sendable {
    case login
    case greetings
}
