/// Draws each screen as text from its view model's view state, and nothing else.
@MainActor
enum ScreenRenderer {
    static let loginCommands = "Commands: login <first> <last>, state, trace on|off, help, quit"
    static let greetingsCommands = "Commands: profile, logout, state, trace on|off, help, quit"
    static let profileCommands = "Commands: back, logout, state, trace on|off, help, quit"

    static func render(_ state: LoginViewState?, style: TextStyle) -> String {
        var lines = [style.title("== Login ==")]
        if let state {
            lines.append("First name: \(field(state.firstName))")
            lines.append("Last name: \(field(state.lastName))")
        } else {
            lines.append("(no view model)")
        }
        lines.append(style.dim(loginCommands))
        return lines.joined(separator: "\n") + "\n"
    }

    static func render(_ state: GreetingsViewState?, style: TextStyle) -> String {
        let lines = [
            style.title("== Greetings =="),
            (state ?? GreetingsViewState(user: nil)).message,
            style.dim(greetingsCommands),
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    static func render(_ state: ProfileViewState?, style: TextStyle) -> String {
        var lines = [style.title("== Profile ==")]
        if let state {
            lines.append("First name: \(field(state.firstName))")
            lines.append("Last name: \(field(state.lastName))")
        } else {
            lines.append("(nobody is logged in)")
        }
        lines.append(style.dim(profileCommands))
        return lines.joined(separator: "\n") + "\n"
    }

    private static func field(_ text: String) -> String {
        text.isEmpty ? "(empty)" : text
    }
}
