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
        Commands: logout, state, trace on|off, help, quit

        """
    }

    static let loggedOutState = "AppState(user: nil)\n"

    static func loggedInState(_ first: String, _ last: String) -> String {
        "AppState(user: User(firstName: \"\(first)\", lastName: \"\(last)\"))\n"
    }
}
