/// The line being typed at the prompt, with its cursor and the session's history: what each
/// key does to it, and the text that shows it on the terminal.
///
/// Pure: it computes what to write and the caller writes it, so tests check it without a
/// terminal. The screen text assumes one column per character and moves the cursor with
/// relative sequences, so it works after any prompt.
struct LineEditor {
    /// What a key asks the caller to do.
    enum Outcome: Equatable {
        /// Keep reading keys.
        case editing
        /// The line is finished: run it.
        case line([UInt8])
        /// Ctrl-D on an empty line: the input is over.
        case endOfInput
    }

    /// The characters of the line, each the bytes of one scalar.
    private(set) var characters: [[UInt8]] = []
    /// Where the cursor is: the index of the character it stands on.
    private(set) var cursor = 0
    private(set) var history: [[[UInt8]]] = []
    /// Which history entry is shown; `history.count` for the line being typed.
    private var historyIndex = 0
    private var draft: [[UInt8]] = []
    /// Whether typed characters are shown (the terminal's echo setting).
    let echoes: Bool
    /// Written before the line when the screen is cleared (Ctrl-L).
    var prompt: String

    init(prompt: String, echoes: Bool) {
        self.prompt = prompt
        self.echoes = echoes
    }

    var text: String { String(decoding: characters.joined(), as: UTF8.self) }

    /// What shows the line again right after the prompt: its text, if the terminal echoes,
    /// and the cursor moved back to where it was.
    var lineAfterPrompt: String {
        echoes ? text + Self.left(characters.count - cursor) : ""
    }

    /// Starts a new, empty line.
    mutating func startLine() {
        characters = []
        cursor = 0
        historyIndex = history.count
        draft = []
    }

    /// Applies `key`, appending to `output` what the terminal needs to show the change.
    mutating func apply(_ key: Key, output: inout String) -> Outcome {
        let before = characters
        let cursorBefore = cursor
        switch key {
        case .character(let bytes):
            characters.insert(bytes, at: cursor)
            cursor += 1
        case .enter:
            if echoes { output += "\n" }
            let line = Array(characters.joined())
            if !characters.isEmpty, history.last != characters { history.append(characters) }
            return .line(line)
        case .backspace:
            guard cursor > 0 else { return .editing }
            cursor -= 1
            characters.remove(at: cursor)
        case .delete:
            guard cursor < characters.count else { return .editing }
            characters.remove(at: cursor)
        case .endOfInput:
            if characters.isEmpty { return .endOfInput }
            guard cursor < characters.count else { return .editing }
            characters.remove(at: cursor)
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(characters.count, cursor + 1)
        case .home: cursor = 0
        case .end: cursor = characters.count
        case .deleteToEnd: characters.removeSubrange(cursor...)
        case .deleteToStart:
            characters.removeSubrange(..<cursor)
            cursor = 0
        case .interrupt:
            characters = []
            cursor = 0
            historyIndex = history.count
        case .up:
            guard historyIndex > 0 else { return .editing }
            if historyIndex == history.count { draft = characters }
            historyIndex -= 1
            characters = history[historyIndex]
            cursor = characters.count
        case .down:
            guard historyIndex < history.count else { return .editing }
            historyIndex += 1
            characters = historyIndex == history.count ? draft : history[historyIndex]
            cursor = characters.count
        case .redraw:
            // Home, clear the screen, then the prompt and the line with the cursor in place.
            output += "\u{1B}[H\u{1B}[2J" + prompt + lineAfterPrompt
            return .editing
        case .ignored:
            return .editing
        }
        if echoes {
            output += Self.redraw(from: before, cursor: cursorBefore, to: characters, cursor: cursor)
        }
        return .editing
    }

    /// Moves from the old cursor to the start of the line, writes the new line, clears what is
    /// left of the old one, and moves back to the new cursor.
    private static func redraw(from old: [[UInt8]], cursor oldCursor: Int, to new: [[UInt8]], cursor: Int)
        -> String
    {
        if oldCursor == old.count, cursor == new.count, new.count > old.count,
            Array(new.prefix(old.count)) == old
        {
            // Typed at the end of the line: just the new characters.
            return String(decoding: new[old.count...].joined(), as: UTF8.self)
        }
        if old == new {
            let step = cursor - oldCursor
            return step > 0 ? "\u{1B}[\(step)C" : left(-step)
        }
        let text = String(decoding: new.joined(), as: UTF8.self)
        return left(oldCursor) + text + "\u{1B}[K" + left(new.count - cursor)
    }

    private static func left(_ count: Int) -> String {
        count > 0 ? "\u{1B}[\(count)D" : ""
    }
}
