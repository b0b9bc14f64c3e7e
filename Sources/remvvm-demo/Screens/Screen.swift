/// The demo's screens, as the navigation state knows them: names only. What each screen shows
/// comes from its view model; which screen is on display comes from the state.
enum Screen: Hashable, Sendable, Codable {
    case login
    case greetings
    case profile
}
