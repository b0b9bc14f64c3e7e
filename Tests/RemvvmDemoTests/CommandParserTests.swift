import Testing

@testable import remvvm_demo

@Suite struct CommandParserTests {
    @Test(
        "valid lines parse to their command",
        arguments: [
            ("login Ada Lovelace", Command.login(firstName: "Ada", lastName: "Lovelace")),
            ("  login\tAda   Lovelace  ", .login(firstName: "Ada", lastName: "Lovelace")),
            ("login \"Ada Augusta\" Lovelace", .login(firstName: "Ada Augusta", lastName: "Lovelace")),
            (
                "login 'Ada \"A\" Augusta' 'King Lovelace'",
                .login(firstName: "Ada \"A\" Augusta", lastName: "King Lovelace")
            ),
            ("login Ada\\ Augusta Lovelace", .login(firstName: "Ada Augusta", lastName: "Lovelace")),
            ("login \"say \\\"hi\\\"\" x", .login(firstName: "say \"hi\"", lastName: "x")),
            ("login \" Ada \" Lovelace", .login(firstName: "Ada", lastName: "Lovelace")),
            ("login Zoë 李", .login(firstName: "Zoë", lastName: "李")),
            ("login 👩‍💻 x", .login(firstName: "👩‍💻", lastName: "x")),
            ("login #1 x", .login(firstName: "#1", lastName: "x")),
            ("logout", .logout),
            ("state", .state),
            ("trace on", .trace(on: true)),
            ("trace off", .trace(on: false)),
            ("help", .help),
            ("quit", .quit),
            ("", .nothing),
            ("   \t ", .nothing),
            ("# a comment", .nothing),
            ("  #login Ada Lovelace", .nothing),
        ]
    )
    func valid(line: String, command: Command) {
        #expect(CommandParser.parse(line) == .success(command))
    }

    @Test(
        "bad lines give one message and a hint",
        arguments: [
            ("frob", "unknown command 'frob' (type 'help' to list the commands)"),
            ("lgoin Ada Lovelace", "unknown command 'lgoin' (did you mean 'login'?)"),
            ("LOGOUT", "unknown command 'LOGOUT' (did you mean 'logout'?)"),
            ("exit", "unknown command 'exit' (did you mean 'quit'?)"),
            ("fr\u{1B}[31mob", "unknown command 'fr\\u{1B}[31mob' (type 'help' to list the commands)"),
            (
                String(repeating: "x", count: 50),
                "unknown command '\(String(repeating: "x", count: 40))...' (type 'help' to list the commands)"
            ),
            ("login", "login needs a first and a last name (try: login Ada Lovelace)"),
            ("login Ada", "login needs a first and a last name (try: login Ada Lovelace)"),
            (
                "login Ada King Lovelace",
                "login takes two names, got 3 (quote a name that has spaces: login \"Ada Augusta\" Lovelace)"
            ),
            ("login \"\" Lovelace", "a name cannot be empty (try: login Ada Lovelace)"),
            ("login '  ' Lovelace", "a name cannot be empty (try: login Ada Lovelace)"),
            (
                "login Ada\u{7} Lovelace",
                "a name cannot contain control characters (type the name as plain text)"
            ),
            (
                "login \"Ada Lovelace",
                "missing closing \" quote (close the quote: login \"Ada Augusta\" Lovelace)"
            ),
            (
                "login 'Ada Lovelace",
                "missing closing ' quote (close the quote: login 'Ada Augusta' Lovelace)"
            ),
            ("login Ada Lovelace\\", "the line ends with a backslash (write \\\\ for a backslash)"),
            ("logout now", "'logout' takes no arguments (try: logout)"),
            ("state x", "'state' takes no arguments (try: state)"),
            ("help me", "'help' takes no arguments (try: help)"),
            ("quit now", "'quit' takes no arguments (try: quit)"),
            ("trace", "trace needs 'on' or 'off' (try: trace on)"),
            ("trace maybe", "trace needs 'on' or 'off' (try: trace on)"),
            ("trace on off", "trace needs 'on' or 'off' (try: trace on)"),
        ]
    )
    func invalid(line: String, message: String) throws {
        let result = CommandParser.parse(line)
        guard case .failure(let error) = result else {
            Issue.record("\(line.debugDescription) parsed to \(result)")
            return
        }
        #expect(error.description == message)
        #expect(!error.description.contains("\n"))
    }

    @Test("words from the command line are taken as they are, without quote processing")
    func words() {
        #expect(
            CommandParser.parse(words: ["login", "\"Ada", "Lovelace"])
                == .success(.login(firstName: "\"Ada", lastName: "Lovelace"))
        )
        #expect(
            CommandParser.parse(words: ["login", "Ada Augusta", "King"])
                == .success(.login(firstName: "Ada Augusta", lastName: "King")))
        #expect(CommandParser.parse(words: []) == .success(.nothing))
    }

    @Test("the edit distance counts insertions, deletions and substitutions")
    func editDistance() {
        #expect(CommandError.editDistance("login", "login") == 0)
        #expect(CommandError.editDistance("lgoin", "login") == 2)
        #expect(CommandError.editDistance("logn", "login") == 1)
        #expect(CommandError.editDistance("", "quit") == 4)
        #expect(CommandError.suggestion(for: "xyzzy") == nil)
    }
}
