/// Draws each screen as text from its view model, and nothing else.
@MainActor
enum ScreenRenderer {
    static let loginCommands = "Commands: login <first> <last>, state, trace on|off, help, quit"
    static let greetingsCommands = "Commands: logout, state, trace on|off, help, quit"

    static func render(_ viewModel: LoginViewModel?, style: TextStyle) -> String {
        var lines = [style.title("== Login ==")]
        if let viewModel {
            lines.append("First name: \(field(viewModel.firstName))")
            lines.append("Last name: \(field(viewModel.lastName))")
        } else {
            lines.append("(no view model)")
        }
        lines.append(style.dim(loginCommands))
        return lines.joined(separator: "\n") + "\n"
    }

    static func render(_ viewModel: GreetingsViewModel?, style: TextStyle) -> String {
        let lines = [
            style.title("== Greetings =="),
            viewModel?.message ?? "(nobody is logged in)",
            style.dim(greetingsCommands),
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func field(_ text: String) -> String {
        text.isEmpty ? "(empty)" : text
    }
}
