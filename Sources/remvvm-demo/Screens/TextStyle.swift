/// How text is decorated: plain, or with ANSI colours on a terminal.
struct TextStyle: Equatable, Sendable {
    /// Whether to use ANSI escape sequences.
    let usesColor: Bool

    static let plain = TextStyle(usesColor: false)
    static let color = TextStyle(usesColor: true)

    func title(_ text: String) -> String { wrap(text, "1;36") }
    func dim(_ text: String) -> String { wrap(text, "2") }
    func error(_ text: String) -> String { wrap(text, "1;31") }
    func prompt(_ text: String) -> String { wrap(text, "1") }

    private func wrap(_ text: String, _ code: String) -> String {
        usesColor ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
