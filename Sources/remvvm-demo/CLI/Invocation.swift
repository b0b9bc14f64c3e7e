/// What the command line asks for. Parsed from the raw bytes of the arguments, so that an
/// argument that is not UTF-8 is reported rather than silently repaired.
enum Invocation: Equatable, Sendable {
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

    /// The argument that separates commands given as arguments: `login Ada Lovelace ';' state`.
    static let commandSeparator = ";"

    /// Parses the arguments after the program name.
    ///
    /// Options come first: `--help`/`-h`, `--version`, `--script FILE` (or `--script=FILE`),
    /// and `--` to end the options. The first other argument starts the commands; from there
    /// on every argument is a word of a command, and a `;` argument separates two commands.
    static func parse(arguments: [[UInt8]]) -> Result<Invocation, CommandError> {
        var words: [String] = []
        for (index, bytes) in arguments.enumerated() {
            guard let word = String(validating: bytes, as: UTF8.self) else {
                return .failure(.argumentNotUTF8(index + 1))
            }
            words.append(word)
        }
        return parse(words: words)
    }

    /// Parses arguments that are known to be text.
    static func parse(words: [String]) -> Result<Invocation, CommandError> {
        var script: String?
        var index = 0
        options: while index < words.count {
            let word = words[index]
            switch word {
            case "--help", "-h":
                return .success(.help)
            case "--version":
                return .success(.version)
            case "--script":
                guard script == nil else { return .failure(.scriptGivenTwice) }
                guard index + 1 < words.count, !words[index + 1].isEmpty else {
                    return .failure(.scriptNeedsFile)
                }
                script = words[index + 1]
                index += 2
            case "--":
                index += 1
                break options
            default:
                if word.hasPrefix("--script=") {
                    guard script == nil else { return .failure(.scriptGivenTwice) }
                    let path = String(word.dropFirst("--script=".count))
                    guard !path.isEmpty else { return .failure(.scriptNeedsFile) }
                    script = path
                    index += 1
                } else if word.hasPrefix("-") && word.count > 1 {
                    return .failure(.unknownOption(word))
                } else {
                    break options
                }
            }
        }
        let rest = words[index...]
        if let script {
            return rest.isEmpty ? .success(.script(path: script)) : .failure(.scriptWithCommands)
        }
        if rest.isEmpty { return .success(.standardInput) }
        let commands = rest.split(separator: commandSeparator, omittingEmptySubsequences: true).map(
            Array.init)
        return .success(.commands(commands))
    }

    static let versionText = "remvvm-demo 0.1.0"

    static let usage = """
        remvvm-demo: the ReMVVM login demo as a text UI.

        Usage:
          remvvm-demo                          commands from the terminal, or from a pipe
          remvvm-demo --script FILE            the commands in FILE, one per line
          remvvm-demo COMMAND [';' COMMAND]... commands given as arguments
          remvvm-demo --help | --version

        \(Command.list)
        As arguments, each argument is one word: quote a name with spaces for your shell
        (remvvm-demo login "Ada Augusta" Lovelace), and separate commands with a ';' argument
        (remvvm-demo login Ada Lovelace ';' state ';' logout). Options come before commands;
        '--' ends them. In a script or a pipe, blank lines and lines starting with # are skipped.

        Exit status: 0 when every command succeeded, 1 when one failed (a failed command
        changes nothing and the next one still runs). A terminal session always ends with 0.

        """
}
