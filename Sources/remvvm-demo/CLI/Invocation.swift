/// What the command line asks for. Parsed from the raw bytes of the arguments, so that an
/// argument that is not UTF-8 is reported rather than silently repaired.
struct Invocation: Equatable, Sendable {
    /// Where the commands come from, or what to print instead.
    enum Mode: Equatable, Sendable {
        /// Print the usage text.
        case help
        /// Print the version.
        case version
        /// Read commands from standard input: a terminal, a pipe or a file.
        case standardInput
        /// Run the commands in a script file.
        case script(path: String)
        /// Run commands given as arguments; each is a list of words.
        case commands([[String]])
        /// Print the Swift Testing test of the session recorded in a file.
        case exportTest(path: String)
    }

    var mode: Mode
    /// `--record FILE`: the file every action of the session is recorded to.
    var recordPath: String?
    /// `--replay FILE`: the action log replayed before the first command.
    var replayPath: String?
    /// `--state FILE`: the file who is logged in is kept in across runs.
    var statePath: String?
    /// `--idle-timeout SECONDS`: how long the user may go without a command before being
    /// logged out.
    var idleTimeout: Duration?

    static let help = Invocation(mode: .help)
    static let version = Invocation(mode: .version)
    static let standardInput = Invocation(mode: .standardInput)

    static func script(path: String) -> Invocation {
        Invocation(mode: .script(path: path))
    }

    static func commands(_ commands: [[String]]) -> Invocation {
        Invocation(mode: .commands(commands))
    }

    /// The argument that separates commands given as arguments: `login Ada Lovelace ';' state`.
    static let commandSeparator = ";"

    /// Parses the arguments after the program name.
    ///
    /// Options come first: `--help`/`-h`, `--version`, `--script FILE`, `--record FILE`,
    /// `--replay FILE`, `--state FILE`, `--idle-timeout SECONDS` (each also as `--option=VALUE`),
    /// and `--` to end the options. The first
    /// other argument starts the commands; from there on every argument is a word of a command,
    /// and a `;` argument separates two commands.
    static func parse(arguments: [[UInt8]]) -> Result<Invocation, CommandError> {
        var words: [String] = []
        for (index, bytes) in arguments.enumerated() {
            guard let word = String(validUTF8: bytes) else {
                return .failure(.argumentNotUTF8(index + 1))
            }
            words.append(word)
        }
        return parse(words: words)
    }

    /// The options that take a value: a file name, or a number of seconds.
    private enum ValueOption: String, CaseIterable {
        case script = "--script"
        case record = "--record"
        case replay = "--replay"
        case state = "--state"
        case exportTest = "--export-test"
        case idleTimeout = "--idle-timeout"

        var needsValue: CommandError {
            switch self {
            case .script: .scriptNeedsFile
            case .record, .replay, .exportTest: .optionNeedsFile(rawValue, example: "session.jsonl")
            case .state: .optionNeedsFile(rawValue, example: "state.json")
            case .idleTimeout: .idleTimeoutNeedsSeconds
            }
        }

        var givenTwice: CommandError {
            switch self {
            case .script: .scriptGivenTwice
            case .record, .replay, .state, .exportTest: .optionGivenTwice(rawValue, hint: "give one file")
            case .idleTimeout: .optionGivenTwice(rawValue, hint: "give one timeout")
            }
        }
    }

    /// The longest idle timeout: a day. A longer one is likelier a typo
    /// (`--idle-timeout 3000000`) than a wish.
    static let longestIdleTimeout: Double = 86_400

    /// The timeout `text` gives in seconds: a positive number up to a day, such as `300` or `0.5`.
    static func idleTimeout(_ text: String) -> Result<Duration, CommandError> {
        // Digits and a point: Double alone would also take `1e3`, `0x10`, `inf` and `nan`.
        let unsigned = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        guard unsigned.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let seconds = Double(text)
        else {
            return .failure(.idleTimeoutNotANumber(text))
        }
        guard seconds > 0, seconds <= longestIdleTimeout else {
            return .failure(.idleTimeoutOutOfRange(text))
        }
        // Whole milliseconds: finer than a person types, and exact in a `Duration`.
        let milliseconds = (seconds * 1000).rounded()
        guard milliseconds >= 1 else { return .failure(.idleTimeoutOutOfRange(text)) }
        return .success(.milliseconds(Int64(milliseconds)))
    }

    /// Parses arguments that are known to be text.
    static func parse(words: [String]) -> Result<Invocation, CommandError> {
        var files: [ValueOption: String] = [:]
        var index = 0
        options: while index < words.count {
            let word = words[index]
            switch word {
            case "--help", "-h":
                return .success(.help)
            case "--version":
                return .success(.version)
            case "--":
                index += 1
                break options
            default:
                if let option = ValueOption(rawValue: word) {
                    guard files[option] == nil else { return .failure(option.givenTwice) }
                    guard index + 1 < words.count, !words[index + 1].isEmpty else {
                        return .failure(option.needsValue)
                    }
                    files[option] = words[index + 1]
                    index += 2
                } else if let option = ValueOption.allCases.first(where: { word.hasPrefix($0.rawValue + "=") }
                ) {
                    guard files[option] == nil else { return .failure(option.givenTwice) }
                    let path = String(word.dropFirst(option.rawValue.count + 1))
                    guard !path.isEmpty else { return .failure(option.needsValue) }
                    files[option] = path
                    index += 1
                } else if word.hasPrefix("-") && word.count > 1 {
                    return .failure(.unknownOption(word))
                } else {
                    break options
                }
            }
        }
        let rest = words[index...]
        if let log = files[.exportTest] {
            guard rest.isEmpty, files.count == 1 else { return .failure(.exportTestAlone) }
            return .success(Invocation(mode: .exportTest(path: log)))
        }
        var invocation: Invocation
        if let script = files[.script] {
            guard rest.isEmpty else { return .failure(.scriptWithCommands) }
            invocation = .script(path: script)
        } else if rest.isEmpty {
            invocation = .standardInput
        } else {
            invocation = .commands(
                rest.split(separator: commandSeparator, omittingEmptySubsequences: true).map(Array.init))
        }
        invocation.recordPath = files[.record]
        invocation.replayPath = files[.replay]
        invocation.statePath = files[.state]
        if let text = files[.idleTimeout] {
            switch idleTimeout(text) {
            case .success(let timeout): invocation.idleTimeout = timeout
            case .failure(let error): return .failure(error)
            }
        }
        return .success(invocation)
    }

    static let versionText = "remvvm-demo 0.1.0"

    static let usage = """
        remvvm-demo: the ReMVVM login demo as a text UI.

        Usage:
          remvvm-demo                          commands from the terminal, or from a pipe
          remvvm-demo --script FILE            the commands in FILE, one per line
          remvvm-demo COMMAND [';' COMMAND]... commands given as arguments
          remvvm-demo --help | --version

        Options (before the commands; each also as --option=VALUE):
          --record FILE   record every action of the session to FILE, one JSON line each
          --replay FILE   replay the actions recorded in FILE, then go on with the input
          --state FILE    keep who is logged in in FILE across runs: restored before the
                          first screen, saved after each command that logs in or out
          --idle-timeout SECONDS
                          log the user out after SECONDS (up to 86400, fractions too: 0.5)
                          without a command; any command, even one that fails, starts the
                          wait again, and logout ends it
          --export-test FILE
                          print a Swift Testing test of the session recorded in FILE: it sends
                          the recorded actions and asserts every state (alone, no commands)

        \(Command.list)
        As arguments, each argument is one word: quote a name with spaces for your shell
        (remvvm-demo login "Ada Augusta" Lovelace), and separate commands with a ';' argument
        (remvvm-demo login Ada Lovelace ';' state ';' logout). Options come before commands;
        '--' ends them. In a script or a pipe, blank lines and lines starting with # are skipped.

        A replay shows only the screen it ends on. A file that cannot be replayed (unreadable,
        or a line that is bad) is one error line and exit status 1, before anything is shown.
        Replaying and recording together records the replayed actions too.

        A --state file that cannot be restored (unreadable, not JSON, not a saved user, or
        written by a newer demo) is renamed aside, never overwritten: the warning names the new
        file (state.json.not-json-20261125T081500Z, say), and the run starts logged out. A
        state file that cannot be set aside either is one error line and exit status 1. A
        state file that cannot be saved is a warning; the run goes on.

        Exit status: 0 when every command succeeded, 1 when one failed (a failed command
        changes nothing and the next one still runs). A terminal session always ends with 0.

        """
}
