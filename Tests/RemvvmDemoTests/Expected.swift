/// The demo's screens as it prints them without a terminal.
enum Expected {
    static let loginScreen = """
        == Login ==
        First name: (empty)
        Last name: (empty)
        Commands: login <first> <last>, state, trace on|off, help, quit

        """

    static func greetingsScreen(_ name: String) -> String {
        """
        == Greetings ==
        Hello \(name) <3
        Commands: profile, logout, state, trace on|off, help, quit

        """
    }

    static func profileScreen(_ first: String, _ last: String) -> String {
        """
        == Profile ==
        First name: \(first)
        Last name: \(last)
        Commands: back, logout, state, trace on|off, help, quit

        """
    }

    /// The state after no login, or after logging out: the login screen, the root entry 1.
    static let loggedOutState = "AppState(user: nil, navigation: [login #1])\n"

    /// The state after a login: the greetings presented over the login screen, as entry
    /// `greetings` (2 after the first login; each login makes a new entry).
    static func loggedInState(_ first: String, _ last: String, greetings: Int = 2) -> String {
        "AppState(user: User(firstName: \"\(first)\", lastName: \"\(last)\"), "
            + "navigation: [login #1] [greetings #\(greetings)])\n"
    }
}
