import Foundation
import Testing

@testable import remvvm_demo

/// One run of the built executable and everything it must print.
struct DemoCase: Sendable, CustomTestStringConvertible {
    let name: String
    var arguments: [String] = []
    var input: [UInt8] = []
    /// The bytes of `session.txt`, written next to the run when given.
    var script: [UInt8]?
    let expected: RunResult

    var testDescription: String { name }
}

private let login = Expected.loginScreen
private func greetings(_ name: String) -> String { Expected.greetingsScreen(name) }
private let loggedOut = Expected.loggedOutState
private func loggedIn(_ first: String, _ last: String) -> String { Expected.loggedInState(first, last) }
private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
private func ok(_ out: String) -> RunResult { RunResult(standardOutput: out, standardError: "", status: 0) }
private func failed(_ out: String, _ err: String) -> RunResult {
    RunResult(standardOutput: out, standardError: err, status: 1)
}

@Suite struct ExecutableTests {
    static let pipeCases: [DemoCase] = [
        DemoCase(
            name: "a whole session",
            input: bytes("login Ada Lovelace\nstate\nlogout\nstate\n"),
            expected: ok(login + greetings("Ada Lovelace") + loggedIn("Ada", "Lovelace") + login + loggedOut)
        ),
        DemoCase(
            name: "navigation: the profile over the greetings, back, undo and the state of the screens",
            input: bytes("login Ada Lovelace\nprofile\nstate\nback\nundo\nlogout\nstate\nback\n"),
            expected: failed(
                login + greetings("Ada Lovelace") + Expected.profileScreen("Ada", "Lovelace")
                    + "AppState(user: User(firstName: \"Ada\", lastName: \"Lovelace\"), "
                    + "navigation: [login #1] [greetings #2, profile #3])\n"
                    + greetings("Ada Lovelace") + Expected.profileScreen("Ada", "Lovelace") + login
                    + loggedOut,
                "error: line 8: nothing to go back to (back leaves the profile; logout closes the greetings)\n"
            )
        ),
        DemoCase(
            name: "quoted names",
            input: bytes("login \"Ada Augusta\" 'King Lovelace'\n"),
            expected: ok(login + greetings("Ada Augusta King Lovelace"))
        ),
        DemoCase(
            name: "CRLF and a last line without newline",
            input: bytes("login Ada Lovelace\r\nstate"),
            expected: ok(login + greetings("Ada Lovelace") + loggedIn("Ada", "Lovelace"))
        ),
        DemoCase(
            name: "blank lines and comments", input: bytes("\n# hi\n   \nstate\n"),
            expected: ok(login + loggedOut)),
        DemoCase(name: "no input", input: [], expected: ok(login)),
        DemoCase(name: "help", input: bytes("help\n"), expected: ok(login + Command.list)),
        DemoCase(name: "quit stops reading", input: bytes("quit\nfrob\n"), expected: ok(login)),
        DemoCase(
            name: "unknown command",
            input: bytes("frob\nstate\n"),
            expected: failed(
                login + loggedOut,
                "error: line 1: unknown command 'frob' (type 'help' to list the commands)\n"
            )
        ),
        DemoCase(
            name: "misspelt command",
            input: bytes("lgoin Ada Lovelace\n"),
            expected: failed(login, "error: line 1: unknown command 'lgoin' (did you mean 'login'?)\n")
        ),
        DemoCase(
            name: "control characters are escaped in errors",
            input: bytes("fr\u{1B}[2Job\n"),
            expected: failed(
                login,
                "error: line 1: unknown command 'fr\\u{1B}[2Job' (type 'help' to list the commands)\n"
            )
        ),
        DemoCase(
            name: "login without names",
            input: bytes("login\nstate\n"),
            expected: failed(
                login + loggedOut,
                "error: line 1: login needs a first and a last name (try: login Ada Lovelace)\n"
            )
        ),
        DemoCase(
            name: "login with one name",
            input: bytes("login Ada\n"),
            expected: failed(
                login, "error: line 1: login needs a first and a last name (try: login Ada Lovelace)\n")
        ),
        DemoCase(
            name: "login with three names",
            input: bytes("login Ada King Lovelace\n"),
            expected: failed(
                login,
                "error: line 1: login takes two names, got 3 "
                    + "(quote a name that has spaces: login \"Ada Augusta\" Lovelace)\n"
            )
        ),
        DemoCase(
            name: "unclosed quote",
            input: bytes("login \"Ada Lovelace\n"),
            expected: failed(
                login,
                "error: line 1: missing closing \" quote (close the quote: login \"Ada Augusta\" Lovelace)\n"
            )
        ),
        DemoCase(
            name: "logout while logged out",
            input: bytes("logout\nstate\n"),
            expected: failed(
                login + loggedOut,
                "error: line 1: nobody is logged in (log in first: login <first> <last>)\n"
            )
        ),
        DemoCase(
            name: "login while logged in",
            input: bytes("login Ada Lovelace\nlogin Grace Hopper\nstate\n"),
            expected: failed(
                login + greetings("Ada Lovelace") + loggedIn("Ada", "Lovelace"),
                "error: line 2: already logged in as 'Ada' 'Lovelace' (log out first: logout)\n"
            )
        ),
        DemoCase(
            name: "trace without on or off",
            input: bytes("trace loud\n"),
            expected: failed(login, "error: line 1: trace needs 'on' or 'off' (try: trace on)\n")
        ),
        DemoCase(
            name: "a line that is not UTF-8",
            input: [0x73, 0x74, 0x61, 0x74, 0x65, 0x0A, 0xFF, 0xFE, 0x0A] + bytes("state\n"),
            expected: failed(
                login + loggedOut + loggedOut,
                "error: line 2: the line is not valid UTF-8 (send UTF-8 text)\n"
            )
        ),
        DemoCase(
            name: "a failed command does not stop the next ones, but the status is 1",
            input: bytes("logout\nlogin Ada Lovelace\nquit\n"),
            expected: failed(
                login + greetings("Ada Lovelace"),
                "error: line 1: nobody is logged in (log in first: login <first> <last>)\n"
            )
        ),
        DemoCase(
            name: "trace on",
            input: bytes("trace on\nlogin Ada Lovelace\ntrace off\nlogout\n"),
            expected: ok(
                login + "Tracing is on: each action is traced on standard error.\n"
                    + greetings("Ada Lovelace")
                    + "Tracing is off.\n" + login
            ).withError(
                """
                trace #1 LoginAction(firstName: "Ada", lastName: "Lovelace")
                  reduced (# ms)
                    user: nil -> User(firstName: "Ada", lastName: "Lovelace")
                    navigation: [.login] -> [.login] presenting [.greetings]
                  completions (# ms)
                  total # ms

                """
            )
        ),
    ]

    @Test("commands from a pipe", arguments: pipeCases)
    func pipe(_ testCase: DemoCase) throws {
        #expect(try DemoProcess.run(testCase.arguments, input: testCase.input) == testCase.expected)
    }

    static let scriptCases: [DemoCase] = [
        DemoCase(
            name: "a script",
            arguments: ["--script", "session.txt"],
            script: bytes("# log in and out\nlogin Ada Lovelace\nlogout\n"),
            expected: ok(login + greetings("Ada Lovelace") + login)
        ),
        DemoCase(
            name: "--script=FILE",
            arguments: ["--script=session.txt"],
            script: bytes("state\n"),
            expected: ok(login + loggedOut)
        ),
        DemoCase(
            name: "errors name the script and the line",
            arguments: ["--script", "session.txt"],
            script: bytes("state\nfrob\nlogin Ada\nlogout\n"),
            expected: failed(
                login + loggedOut,
                "error: session.txt:2: unknown command 'frob' (type 'help' to list the commands)\n"
                    + "error: session.txt:3: login needs a first and a last name (try: login Ada Lovelace)\n"
                    + "error: session.txt:4: nobody is logged in (log in first: login <first> <last>)\n"
            )
        ),
        DemoCase(
            name: "a script line that is not UTF-8",
            arguments: ["--script", "session.txt"],
            script: [0x6C, 0x6F, 0x67, 0x69, 0x6E, 0x20, 0xC3, 0x28, 0x20, 0x78, 0x0A],
            expected: failed(login, "error: session.txt:1: the line is not valid UTF-8 (send UTF-8 text)\n")
        ),
        DemoCase(
            name: "a missing script",
            arguments: ["--script", "missing.txt"],
            expected: failed(
                "",
                "error: cannot read script 'missing.txt': No such file or directory "
                    + "(check the path and that the file is readable)\n"
            )
        ),
        DemoCase(
            name: "a directory as script",
            arguments: ["--script", "."],
            expected: failed(
                "",
                "error: cannot read script '.': Is a directory (check the path and that the file is readable)\n"
            )
        ),
        DemoCase(
            name: "--script without a file",
            arguments: ["--script"],
            expected: failed(
                "", "error: --script needs a file name (try: remvvm-demo --script session.txt)\n")
        ),
        DemoCase(
            name: "--script with commands",
            arguments: ["--script", "session.txt", "state"],
            script: bytes("state\n"),
            expected: failed(
                "",
                "error: --script cannot be combined with commands "
                    + "(put the commands in the script, or leave out --script)\n"
            )
        ),
    ]

    @Test("commands from a script file", arguments: scriptCases)
    func script(_ testCase: DemoCase) throws {
        let directory = try DemoProcess.makeDirectory()
        if let script = testCase.script {
            try Data(script).write(to: directory.appendingPathComponent("session.txt"))
        }
        #expect(try DemoProcess.run(testCase.arguments, in: directory) == testCase.expected)
    }

    static let argumentCases: [DemoCase] = [
        DemoCase(
            name: "one command",
            arguments: ["login", "Ada", "Lovelace"],
            expected: ok(login + greetings("Ada Lovelace"))
        ),
        DemoCase(
            name: "an argument with a space is one name",
            arguments: ["login", "Ada Augusta", "Lovelace"],
            expected: ok(login + greetings("Ada Augusta Lovelace"))
        ),
        DemoCase(
            name: "commands separated by ';'",
            arguments: ["login", "Ada", "Lovelace", ";", "state", ";", "logout"],
            expected: ok(login + greetings("Ada Lovelace") + loggedIn("Ada", "Lovelace") + login)
        ),
        DemoCase(
            name: "a bad single command",
            arguments: ["login", "Ada"],
            expected: failed(login, "error: login needs a first and a last name (try: login Ada Lovelace)\n")
        ),
        DemoCase(
            name: "errors name the command when there are several",
            arguments: ["frob", ";", "state"],
            expected: failed(
                login + loggedOut,
                "error: command 1: unknown command 'frob' (type 'help' to list the commands)\n"
            )
        ),
        DemoCase(
            name: "logout while logged out",
            arguments: ["logout"],
            expected: failed(login, "error: nobody is logged in (log in first: login <first> <last>)\n")
        ),
        DemoCase(name: "quit stops", arguments: ["quit", ";", "frob"], expected: ok(login)),
        DemoCase(name: "--help", arguments: ["--help"], expected: ok(Invocation.usage)),
        DemoCase(name: "-h", arguments: ["-h"], expected: ok(Invocation.usage)),
        DemoCase(name: "--version", arguments: ["--version"], expected: ok("remvvm-demo 0.1.0\n")),
        DemoCase(
            name: "an unknown option",
            arguments: ["--frob"],
            expected: failed("", "error: unknown option '--frob' (see: remvvm-demo --help)\n")
        ),
    ]

    @Test("commands as arguments", arguments: argumentCases)
    func arguments(_ testCase: DemoCase) throws {
        #expect(try DemoProcess.run(testCase.arguments) == testCase.expected)
    }

    @Test("an argument that is not UTF-8 gives one error line and status 1")
    func argumentNotUTF8() throws {
        let result = try DemoProcess.runShell(#"exec "$0" login "$(printf 'A\377')" Lovelace"#)
        #expect(result == failed("", "error: argument 2 is not valid UTF-8 (pass UTF-8 text)\n"))
    }

    @Test("the usage text documents every command and option")
    func usage() {
        for word in [
            "--script FILE", "--help", "--version", "';'", "login <first> <last>", "trace on|off",
            "Exit status",
        ] {
            #expect(Invocation.usage.contains(word), "\(word)")
        }
    }
}

extension RunResult {
    fileprivate func withError(_ text: String) -> RunResult {
        RunResult(standardOutput: standardOutput, standardError: text, status: status)
    }
}
