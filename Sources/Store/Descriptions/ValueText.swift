/// The one way the package writes a value for people: an action in a trace, a `TestStore`
/// failure or a diagnostic, a value in a difference. Type names are ``TypeName``'s.
///
/// A value is written as Swift source would write it, without module prefixes: strings quoted,
/// optionals through their value, `[1, 2]`, `Catalog.Book(id: 1, title: "Dune")`, an enum case
/// after one dot (`.loaded(page: 2)`). An action is written with its type before it, so an enum
/// action has one dot too: `FavoritesFeature.Toggle(id: 3)`,
/// `NavigationAction<Screen>.push(.list)`. Beyond reflection:
///
/// - a list of the library (``ArrayLiteralValue``, an `IdentifiedArray`) is written as its
///   elements, `[Row(id: 1), Row(id: 2)]`, never as its storage;
/// - a `Duration` is written as the code that makes it: `.seconds(1.5)`, `.milliseconds(300)`;
/// - a type with its own `CustomStringConvertible` (or, lacking it,
///   `CustomDebugStringConvertible`) is written as its description: a tagged id as its raw
///   value, `UndoAction()` as `UndoAction()`. Arrays, sets, dictionaries, optionals and tuples
///   are still written element by element, so their elements follow these rules;
/// - a function is written `(function)`.
///
/// Long texts are cut in the middle, so one huge value cannot flood a message while both its
/// ends stay readable; two values that differ are cut so that the first place where they differ
/// stays in view on both sides (``cut(_:_:limit:)``).
package enum ValueText {
    /// How deep ``value(_:limit:)`` looks into nested values before it writes `…`.
    private static let depthLimit = 12

    /// An action as the package shows it: its type's name and its value.
    ///
    /// <!-- snippet: not checked (package API, which a client cannot call) -->
    /// ```swift
    /// ValueText.action(FavoritesFeature.Toggle(id: 3))     // "FavoritesFeature.Toggle(id: 3)"
    /// ValueText.action(NavigationAction.push(Screen.list)) // "NavigationAction<Screen>.push(.list)"
    /// ```
    ///
    /// - Parameters:
    ///   - action: An action, or any value written the same way.
    ///   - limit: How many characters the text may have; a longer one keeps its start and its
    ///     end, with `…(n more)…` between.
    /// - Returns: The text.
    package static func action(_ action: Any, limit: Int = .max) -> String {
        cutInMiddle(actionText(action), limit: limit)
    }

    /// A value as the package shows it, an enum case after one dot and without its type.
    ///
    /// <!-- snippet: not checked (package API, which a client cannot call) -->
    /// ```swift
    /// ValueText.value(Optional("Ada"))       // "\"Ada\""
    /// ValueText.value(Screen.detail(id: 3))  // ".detail(id: 3)"
    /// ```
    ///
    /// - Parameters:
    ///   - value: Any value.
    ///   - limit: How many characters the text may have.
    /// - Returns: The text.
    package static func value(_ value: Any, limit: Int = .max) -> String {
        cutInMiddle(render(value, depth: 0), limit: limit)
    }

    /// An action as ``action(_:limit:)`` writes it, cut at 200 characters; what the engine's
    /// reports about effects name their starters by.
    static func describe(_ value: Any, limit: Int = 200) -> String {
        action(value, limit: limit)
    }

    /// `text`, with its middle replaced by `…(n more)…` so that it is at most `limit`
    /// characters (at least one character of each end is kept).
    package static func cutInMiddle(_ text: String, limit: Int) -> String {
        let count = text.count
        guard count > limit else { return text }
        // "…(" and " more)…" around the number cut, which has at most as many digits as `count`.
        let marker = 9 + String(count).count
        let keep = max((limit - marker) / 2, 1)
        return "\(text.prefix(keep))…(\(count - 2 * keep) more)…\(text.suffix(keep))"
    }

    /// Two texts that differ, each cut to at most `limit` characters so that the first place
    /// where they differ stays in view on both sides, and each cut says how many characters it
    /// left out.
    ///
    /// When the difference lies in the start or the end that ``cutInMiddle(_:limit:)`` keeps, the
    /// cut is that one. Otherwise a text keeps its start (what the value is), then the place of
    /// the difference with a few characters before it:
    ///
    /// <!-- snippet: not checked (package API, which a client cannot call) -->
    /// ```swift
    /// ValueText.cut(long + ".detail(\"0123\")", long + ".detail(\"0124\")", limit: 40)
    /// // ("[.list, …(61 more)….detail(\"0123\")…(2 more)…", "[.list, …(61 more)….detail(\"0124\")…(2 more)…")
    /// ```
    ///
    /// - Parameters:
    ///   - first: One text.
    ///   - second: The other.
    ///   - limit: How many characters each may have.
    /// - Returns: The two texts, cut.
    package static func cut(_ first: String, _ second: String, limit: Int) -> (String, String) {
        let firstCharacters = Array(first)
        let secondCharacters = Array(second)
        var offset = 0
        while offset < firstCharacters.count, offset < secondCharacters.count,
            firstCharacters[offset] == secondCharacters[offset]
        {
            offset += 1
        }
        return (
            cut(firstCharacters, keepingInView: offset, limit: limit),
            cut(secondCharacters, keepingInView: offset, limit: limit)
        )
    }

    /// `characters` cut to at most `limit`, with the character at `offset` (or the end, when
    /// `offset` is past it) in view.
    private static func cut(_ characters: [Character], keepingInView offset: Int, limit: Int) -> String {
        let count = characters.count
        let text = String(characters)
        guard count > limit else { return text }
        let marker = 9 + String(count).count
        let keep = max((limit - marker) / 2, 1)
        // The middle cut shows the start and the end: enough when the difference is in either.
        if offset < keep || offset >= count - keep { return cutInMiddle(text, limit: limit) }
        let head = max((limit - 2 * marker) / 4, 1)
        func left(_ number: Int) -> String { "…(\(number) more)…" }
        // One cut, when the rest of the text from a little before the difference fits.
        let tail = limit - marker - head
        let tailStart = count - tail
        if tail > 0, tailStart > head, tailStart < offset {
            return String(characters[..<head]) + left(tailStart - head) + String(characters[tailStart...])
        }
        // Otherwise two: the start, the difference with some characters before it, and the rest
        // left out.
        let room = max(limit - 2 * marker - head, 1)
        let start = max(offset - min(room / 4, 8), head)
        let end = min(start + room, count)
        return String(characters[..<head]) + left(start - head) + String(characters[start..<end])
            + (end < count ? left(count - end) : "")
    }

    private static func actionText(_ action: Any) -> String {
        if let textual = action as? any TextualValue { return textual.description }
        let mirror = Mirror(reflecting: action)
        // An action that describes itself is written as it chose, its type included or not.
        if mirror.displayStyle == .struct || mirror.displayStyle == .class || mirror.displayStyle == .enum,
            let own = ownDescription(of: action, mirror: mirror)
        {
            return own
        }
        let text = render(action, depth: 0)
        switch mirror.displayStyle {
        case .struct, .class:
            return text
        case .enum:
            return TypeName.of(type(of: action)) + text
        default:
            return "\(TypeName.of(type(of: action)))(\(text))"
        }
    }

    /// The value written as Swift source would write it, without module prefixes:
    /// `Todo(id: 1, title: "milk")`, `[1, 2]`, `.loaded(page: 2)`.
    static func render(_ value: Any, depth: Int) -> String {
        if let string = value as? String { return string.debugDescription }
        if let character = value as? Character { return String(character).debugDescription }
        if let substring = value as? Substring { return String(substring).debugDescription }
        if let textual = value as? any TextualValue { return textual.description }
        if let duration = value as? Duration { return durationText(duration) }
        guard depth < depthLimit else { return "…" }
        if let list = value as? any ArrayLiteralValue {
            return "["
                + list.arrayLiteralElements.map { render($0, depth: depth + 1) }.joined(separator: ", ")
                + "]"
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional, .collection, .set, .dictionary, .tuple:
            // Written element by element below, so that each element follows these rules.
            break
        default:
            if let own = ownDescription(of: value, mirror: mirror) { return own }
        }
        let children = mirror.children.map { ($0.label, render($0.value, depth: depth + 1)) }
        switch mirror.displayStyle {
        case .optional:
            return children.first?.1 ?? "nil"
        case .collection, .set:
            return "[" + children.map(\.1).joined(separator: ", ") + "]"
        case .dictionary:
            let entries = mirror.children.map { entry -> String in
                let pair = Array(Mirror(reflecting: entry.value).children)
                guard pair.count == 2 else { return render(entry.value, depth: depth + 1) }
                return
                    "\(render(pair[0].value, depth: depth + 1)): \(render(pair[1].value, depth: depth + 1))"
            }
            return entries.isEmpty ? "[:]" : "[" + entries.joined(separator: ", ") + "]"
        case .enum:
            guard let payload = mirror.children.first else { return ".\(value)" }
            let inner = Mirror(reflecting: payload.value)
            let arguments =
                inner.displayStyle == .tuple
                ? inner.children.map { child in
                    argument(child.label, render(child.value, depth: depth + 1))
                }
                : [render(payload.value, depth: depth + 1)]
            return ".\(payload.label ?? "")(\(arguments.joined(separator: ", ")))"
        case .tuple:
            return "(" + children.map { argument($0.0, $0.1) }.joined(separator: ", ") + ")"
        case .class, .struct:
            return "\(TypeName.of(type(of: value)))("
                + children.map { argument($0.0, $0.1) }.joined(separator: ", ") + ")"
        default:
            return String(describing: value)
        }
    }

    /// Whether ``value(_:limit:)`` writes `value` as the text it chose for itself (its
    /// description, a `Duration`'s code) rather than part by part: what a difference treats
    /// as one value, not looked into.
    package static func describesItself(_ value: Any) -> Bool {
        if value is any TextualValue || value is any ArrayLiteralValue { return false }
        if value is Duration { return true }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional, .collection, .set, .dictionary, .tuple:
            return false
        default:
            return value is any CustomStringConvertible || value is any CustomDebugStringConvertible
        }
    }

    /// The text a value chose for itself: its `description`, else its `debugDescription`;
    /// `(function)` for a function; `nil` when it chose none and is written by reflection.
    private static func ownDescription(of value: Any, mirror: Mirror) -> String? {
        if let described = value as? any CustomStringConvertible { return described.description }
        if let described = value as? any CustomDebugStringConvertible { return described.debugDescription }
        // A function has no display style, no parts and a type written with an arrow.
        if mirror.displayStyle == nil, mirror.children.isEmpty, "\(type(of: value))".contains("->") {
            return "(function)"
        }
        return nil
    }

    /// A duration as the code that makes it: `.seconds(2)`, `.seconds(1.5)`, `.milliseconds(300)`,
    /// `.microseconds(20)`, `.nanoseconds(5)`; exact, however many digits that takes.
    package static func durationText(_ duration: Duration) -> String {
        let isNegative = duration < .zero
        let (seconds, attoseconds) = (isNegative ? .zero - duration : duration).components
        let sign = isNegative ? "-" : ""
        if seconds == 0, attoseconds != 0 {
            // Below a second: the largest unit that counts it whole.
            for (unit, size) in [
                ("milliseconds", Int64(1_000_000_000_000_000)), ("microseconds", 1_000_000_000_000),
                ("nanoseconds", 1_000_000_000),
            ] where attoseconds % size == 0 {
                return ".\(unit)(\(sign)\(attoseconds / size))"
            }
        }
        guard attoseconds != 0 else { return ".seconds(\(sign)\(seconds))" }
        var fraction = String(attoseconds)
        fraction = String(repeating: "0", count: 18 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return ".seconds(\(sign)\(seconds).\(fraction))"
    }

    private static func argument(_ label: String?, _ value: String) -> String {
        guard let label, !label.hasPrefix(".") else { return value }
        return "\(label): \(value)"
    }
}
