/// One thing a user can ask the demo to do.
enum Command: Equatable, Sendable {
    /// Type the names into the login screen and press its login button.
    case login(firstName: String, lastName: String)
    /// Press the greetings screen's logout button.
    case logout
    /// Print the application state.
    case state
    /// Switch the tracing middleware on or off.
    case trace(on: Bool)
    /// Go back to the state before the last action.
    case undo
    /// Take back the last undo.
    case redo
    /// List the session's actions, numbered.
    case history
    /// Go to the state right after action N of the session (0: before the first).
    case jump(to: Int)
    /// Leave action N out of the session, or put it back.
    case skip(Int)
    /// Print the list of commands.
    case help
    /// Leave.
    case quit
    /// A blank line or a comment: nothing to do.
    case nothing

    /// The command names, as typed.
    static let names = [
        "login", "logout", "state", "trace", "undo", "redo", "history", "jump", "skip", "help", "quit",
    ]

    /// The list the `help` command prints.
    static let list = """
        Commands:
          login <first> <last>  log in; quote a name with spaces: login "Ada Augusta" Lovelace
          logout                log out and go back to the login screen
          state                 print the application state
          trace on|off          trace every action on standard error
          undo                  go back to the state before the last action; the screen follows
          redo                  take back the last undo
          history               list the session's actions, numbered
          jump <n>              go to the state right after action n (0: before the first)
          skip <n>              leave action n out of the session, or put it back
          help                  show this list
          quit                  leave (Ctrl-D too)

        """
}
