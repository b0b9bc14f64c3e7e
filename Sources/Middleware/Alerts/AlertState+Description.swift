import ReMVVMStore

extension AlertState: CustomStringConvertible {
    /// The alert as a person reads it, as traces and test failures show it: its title, then
    /// its buttons, each label with the value its tap delivers after an arrow.
    ///
    /// ```swift
    /// let alert = AlertState<DetailAlert>(
    ///     title: "Delete?", message: "This is permanent.",
    ///     buttons: [.destructive("Yes, delete", action: .confirmDeletion), .cancel("Nevermind")])
    /// alert.description
    /// // AlertState("Delete?", buttons: ["Yes, delete" -> .confirmDeletion, "Nevermind"])
    /// ```
    ///
    /// A confirmation dialog ends with `style: .dialog`; an alert without buttons is its title
    /// alone, `AlertState("Saved.")`. The message and the buttons' roles are left out: a
    /// difference between two alerts that describe themselves alike names them.
    public var description: String {
        var text = "AlertState(" + ValueText.value(title)
        if !buttons.isEmpty {
            let labels = buttons.map { button in
                let label = ValueText.value(button.label)
                return button.action.map { "\(label) -> \(ValueText.value($0))" } ?? label
            }
            text += ", buttons: [" + labels.joined(separator: ", ") + "]"
        }
        if style == .dialog { text += ", style: .dialog" }
        return text + ")"
    }
}

// The describers use the description as it is, and a difference between two alerts of the same
// description shows every part.
extension AlertState: TextualValue {
    /// Every part, written as the code that makes the alert:
    /// `AlertState(title: "Delete?", message: "This is permanent.", buttons:
    /// [.destructive("Yes, delete", action: .confirmDeletion), .cancel("Nevermind")], style: .alert)`.
    package var detailedDescription: String {
        "AlertState(title: \(ValueText.value(title)), message: \(ValueText.value(message as Any)), "
            + "buttons: [\(buttons.map(\.description).joined(separator: ", "))], style: .\(style.rawValue))"
    }
}
