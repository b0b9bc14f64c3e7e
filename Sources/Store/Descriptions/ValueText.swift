/// The one way the package writes a value for people: an action in a trace, a ``TestStore``
/// failure or a diagnostic, a value in a difference. Type names are ``TypeName``'s.
///
/// A value is written as Swift source would write it, without module prefixes: strings quoted,
/// optionals through their value, `[1, 2]`, `Catalog.Book(id: 1, title: "Dune")`, an enum case
/// after one dot (`.loaded(page: 2)`). An action is written with its type before it, so an enum
/// action has one dot too: `FavoritesFeature.Toggle(id: 3)`,
/// `NavigationAction<Screen>.push(.list)`. A type that conforms to ``TextualValue`` is written as
/// its `description`. Long texts are cut in the middle, so one huge value cannot flood a message
/// while both its ends stay readable.
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

    private static func actionText(_ action: Any) -> String {
        if let textual = action as? any TextualValue { return textual.description }
        let text = render(action, depth: 0)
        switch Mirror(reflecting: action).displayStyle {
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
        if let textual = value as? any TextualValue { return textual.description }
        if value is any CustomStringConvertible, !(value is any StoreState) && !(value is any StoreAction) {
            // The type's own text (numbers, dates, types that chose one), unless it is a
            // compound value whose text would repeat module-qualified element types.
            let mirror = Mirror(reflecting: value)
            if mirror.children.isEmpty || mirror.displayStyle == nil { return String(describing: value) }
        }
        let mirror = Mirror(reflecting: value)
        guard depth < depthLimit else { return "…" }
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

    private static func argument(_ label: String?, _ value: String) -> String {
        guard let label, !label.hasPrefix(".") else { return value }
        return "\(label): \(value)"
    }
}
