import ReMVVMMiddleware

/// Why a line, an argument or a command could not be carried out: one message and a hint that
/// says what to do instead. Printed as one line: `error: <message> (<hint>)`.
struct CommandError: Error, Equatable, Sendable, CustomStringConvertible {
    let message: String
    let hint: String

    var description: String { "\(message) (\(hint))" }

    // MARK: - Parsing

    static func unknownCommand(_ word: String) -> CommandError {
        let hint = suggestion(for: word).map { "did you mean '\($0)'?" } ?? "type 'help' to list the commands"
        return CommandError(message: "unknown command \(quoted(word))", hint: hint)
    }

    static let loginNeedsTwoNames = CommandError(
        message: "login needs a first and a last name",
        hint: "try: login Ada Lovelace"
    )

    static func loginTakesTwoNames(got count: Int) -> CommandError {
        CommandError(
            message: "login takes two names, got \(count)",
            hint: "quote a name that has spaces: login \"Ada Augusta\" Lovelace"
        )
    }

    static let emptyName = CommandError(message: "a name cannot be empty", hint: "try: login Ada Lovelace")

    static let controlCharacterInName = CommandError(
        message: "a name cannot contain control characters",
        hint: "type the name as plain text"
    )

    static func takesNoArguments(_ command: String) -> CommandError {
        CommandError(message: "'\(command)' takes no arguments", hint: "try: \(command)")
    }

    static let traceNeedsOnOrOff = CommandError(message: "trace needs 'on' or 'off'", hint: "try: trace on")

    static func missingClosingQuote(_ quote: Character) -> CommandError {
        CommandError(
            message: "missing closing \(quote) quote",
            hint: "close the quote: login \(quote)Ada Augusta\(quote) Lovelace"
        )
    }

    static let trailingBackslash = CommandError(
        message: "the line ends with a backslash",
        hint: "write \\\\ for a backslash"
    )

    static let lineNotUTF8 = CommandError(
        message: "the line is not valid UTF-8",
        hint: "send UTF-8 text"
    )

    // MARK: - Running

    static let notLoggedIn = CommandError(
        message: "nobody is logged in",
        hint: "log in first: login <first> <last>"
    )

    static func alreadyLoggedIn(_ user: User) -> CommandError {
        CommandError(
            message: "already logged in as \(quoted(user.firstName)) \(quoted(user.lastName))",
            hint: "log out first: logout"
        )
    }

    static let nothingToGoBackTo = CommandError(
        message: "nothing to go back to",
        hint: "back leaves the profile; logout closes the greetings"
    )

    static let profileNeedsGreetings = CommandError(
        message: "the profile opens from the greetings screen",
        hint: "log in first, then: profile"
    )

    static let nothingToUndo = CommandError(
        message: "nothing to undo",
        hint: "'history' lists the session's actions"
    )

    static func needsActionNumber(_ command: String) -> CommandError {
        CommandError(
            message: "\(command) needs the number of an action",
            hint: "try: \(command) 1 ('history' numbers the session's actions)"
        )
    }

    static func noSuchAction(_ number: Int, lowest: Int, highest: Int) -> CommandError {
        let range =
            highest < lowest ? "none yet" : highest == lowest ? "only \(lowest)" : "\(lowest) to \(highest)"
        return CommandError(
            message: "there is no action \(number) (the session has \(range))",
            hint: "'history' numbers the session's actions"
        )
    }

    static let nothingToRedo = CommandError(
        message: "nothing to redo",
        hint: "redo takes back an undo, until another action is done"
    )

    // MARK: - Command line

    static func unknownOption(_ option: String) -> CommandError {
        CommandError(message: "unknown option \(quoted(option))", hint: "see: remvvm-demo --help")
    }

    static let scriptNeedsFile = CommandError(
        message: "--script needs a file name",
        hint: "try: remvvm-demo --script session.txt"
    )

    static let scriptGivenTwice = CommandError(
        message: "--script was given twice",
        hint: "run one script at a time"
    )

    static let scriptWithCommands = CommandError(
        message: "--script cannot be combined with commands",
        hint: "put the commands in the script, or leave out --script"
    )

    static func optionNeedsFile(_ option: String, example: String) -> CommandError {
        CommandError(message: "\(option) needs a file name", hint: "try: remvvm-demo \(option) \(example)")
    }

    static func optionGivenTwice(_ option: String, hint: String) -> CommandError {
        CommandError(message: "\(option) was given twice", hint: hint)
    }

    private static let idleTimeoutExample = "try: remvvm-demo --idle-timeout 300"

    static let idleTimeoutNeedsSeconds = CommandError(
        message: "--idle-timeout needs a number of seconds", hint: idleTimeoutExample)

    static func idleTimeoutNotANumber(_ text: String) -> CommandError {
        CommandError(
            message: "--idle-timeout takes a number of seconds, got \(quoted(text))", hint: idleTimeoutExample
        )
    }

    static func idleTimeoutOutOfRange(_ text: String) -> CommandError {
        CommandError(
            message: "--idle-timeout must be from 0.001 to 86400 seconds (a day), got \(quoted(text))",
            hint: idleTimeoutExample)
    }

    static func cannotRecord(_ failure: ActionRecorder.Failure) -> CommandError {
        CommandError(message: failure.description, hint: "check the path and that its folder is writable")
    }

    static func cannotRestore(_ error: PersistenceError) -> CommandError {
        CommandError(
            message: "cannot restore the state: \(error)",
            hint: "move the file away, or make its folder writable")
    }

    static func cannotReplay(_ path: String, _ error: ActionLogError) -> CommandError {
        CommandError(
            message: "cannot replay \(quoted(path)): \(problem(in: error))",
            hint: "replay a file written by: remvvm-demo --record FILE"
        )
    }

    static let exportTestAlone = CommandError(
        message: "--export-test takes no other option and no commands",
        hint: "try: remvvm-demo --export-test session.jsonl > Tests/RemvvmDemoTests/SessionTests.swift"
    )

    static func cannotExport(_ path: String, _ error: ActionLogError) -> CommandError {
        CommandError(
            message: "cannot export \(quoted(path)): \(problem(in: error))",
            hint: "export a file written by: remvvm-demo --record FILE"
        )
    }

    /// What is wrong with a log, after its path: the system's reason for a file that cannot
    /// be read (the path is said already), the error itself otherwise.
    private static func problem(in error: ActionLogError) -> String {
        switch error {
        case .unreadable(_, let reason): reason
        default: String(describing: error)
        }
    }

    static func argumentNotUTF8(_ position: Int) -> CommandError {
        CommandError(message: "argument \(position) is not valid UTF-8", hint: "pass UTF-8 text")
    }

    static func unreadableScript(_ path: String, reason: String) -> CommandError {
        CommandError(
            message: "cannot read script \(quoted(path)): \(reason)",
            hint: "check the path and that the file is readable"
        )
    }

    // MARK: - Echoing input safely

    /// `text` in single quotes, cut to 40 characters, with control characters escaped, so that
    /// echoing bad input can neither flood nor drive the terminal.
    static func quoted(_ text: String) -> String {
        let limit = 40
        var result = "'"
        var count = 0
        for scalar in text.unicodeScalars {
            if count == limit {
                result += "..."
                break
            }
            result +=
                isUnsafe(scalar) ? "\\u{\(String(scalar.value, radix: 16, uppercase: true))}" : String(scalar)
            count += 1
        }
        return result + "'"
    }

    /// Control characters, the line and paragraph separators, which move the cursor, and the
    /// bidirectional controls, which reorder what a terminal shows. Joiners stay allowed: emoji
    /// sequences need them.
    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.properties.isBidiControl { return true }
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }

    /// The command `word` was probably meant to be: same letters in another case, or at most
    /// two edits away.
    static func suggestion(for word: String) -> String? {
        let lowered = word.lowercased()
        guard lowered.count <= 12 else { return nil }
        if let exact = Command.names.first(where: { $0 == lowered }) { return exact }
        if lowered == "exit" || lowered == "bye" { return "quit" }
        let scored = Command.names.map { ($0, editDistance(lowered, $0)) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= 2 else { return nil }
        return best.0
    }

    /// The Levenshtein distance between two short strings.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        var previous = Array(0...b.count)
        for (i, charA) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, charB) in b.enumerated() {
                current[j + 1] = min(
                    previous[j + 1] + 1, current[j] + 1, previous[j] + (charA == charB ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
