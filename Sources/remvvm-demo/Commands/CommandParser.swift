/// Turns a line, or the words of the command line, into a ``Command``. Pure: no state, no I/O.
///
/// A line is split into words at spaces and tabs. Double quotes group words
/// (`login "Ada Augusta" Lovelace`), and a backslash in them escapes the next character;
/// single quotes group words and take
/// everything literally; outside quotes a backslash escapes the next character. A blank line,
/// or one whose first word starts with `#`, is ``Command/nothing``.
enum CommandParser {
    /// Parses one line of input.
    static func parse(_ line: String) -> Result<Command, CommandError> {
        switch words(in: line) {
        case .success(let words): parse(words: words)
        case .failure(let error): .failure(error)
        }
    }

    /// Parses a command given as words, as on the command line: each word is taken as it is.
    static func parse(words: [String]) -> Result<Command, CommandError> {
        guard let name = words.first else { return .success(.nothing) }
        let arguments = words.dropFirst()
        switch name {
        case "login":
            guard arguments.count >= 2 else { return .failure(.loginNeedsTwoNames) }
            guard arguments.count == 2 else { return .failure(.loginTakesTwoNames(got: arguments.count)) }
            let names = arguments.map { $0.trimmingSpaces() }
            if names.contains(where: \.isEmpty) { return .failure(.emptyName) }
            if names.contains(where: { $0.unicodeScalars.contains(where: CommandError.isUnsafe) }) {
                return .failure(.controlCharacterInName)
            }
            return .success(.login(firstName: names[0], lastName: names[1]))
        case "trace":
            guard arguments.count == 1, let setting = arguments.first, setting == "on" || setting == "off"
            else {
                return .failure(.traceNeedsOnOrOff)
            }
            return .success(.trace(on: setting == "on"))
        case "jump", "skip":
            guard arguments.count == 1, let number = arguments.first.flatMap({ Int($0) }), number >= 0 else {
                return .failure(.needsActionNumber(name))
            }
            return .success(name == "jump" ? .jump(to: number) : .skip(number))
        case "logout", "state", "undo", "redo", "history", "help", "quit":
            guard arguments.isEmpty else { return .failure(.takesNoArguments(name)) }
            switch name {
            case "logout": return .success(.logout)
            case "state": return .success(.state)
            case "undo": return .success(.undo)
            case "redo": return .success(.redo)
            case "history": return .success(.history)
            case "help": return .success(.help)
            default: return .success(.quit)
            }
        default:
            return .failure(.unknownCommand(name))
        }
    }

    /// Splits a line into words; see ``CommandParser`` for the quoting rules.
    static func words(in line: String) -> Result<[String], CommandError> {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in line {
            if escaped {
                word.append(character)
                escaped = false
                continue
            }
            switch (quote, character) {
            case ("'", "'"), ("\"", "\""):
                quote = nil
            case ("'", _):
                word.append(character)
            case ("\"", "\\"):
                escaped = true
            case ("\"", _):
                word.append(character)
            case (_, " "), (_, "\t"):
                if inWord { words.append(word) }
                word = ""
                inWord = false
            case (_, "\""), (_, "'"):
                quote = character
                inWord = true
            case (_, "\\"):
                escaped = true
                inWord = true
            case (_, "#") where !inWord && words.isEmpty:
                return .success([])
            default:
                word.append(character)
                inWord = true
            }
        }
        if let quote { return .failure(.missingClosingQuote(quote)) }
        if escaped { return .failure(.trailingBackslash) }
        if inWord { words.append(word) }
        return .success(words)
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    func trimmingSpaces() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) })
        else {
            return ""
        }
        return String(self[start...end])
    }
}
