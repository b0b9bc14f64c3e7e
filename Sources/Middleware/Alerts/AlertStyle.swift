/// How a UI shows an ``AlertState``: as an alert, or as a confirmation dialog.
///
/// An alert interrupts with a question in the middle of the screen; a confirmation dialog
/// (an action sheet) offers a choice of actions from the bottom of the screen, or from the
/// control that asked. The state and the taps are the same for both: only the UI tells them
/// apart.
///
/// ```swift
/// let dialog = AlertState<DetailAlert>(
///     title: "End meeting?",
///     buttons: [.destructive("Discard", action: .confirmDeletion), .cancel("Resume")],
///     style: .dialog)
/// ```
public enum AlertStyle: String, Sendable, Hashable, Codable {
    /// An alert: a title, a message and its buttons in the middle of the screen.
    case alert
    /// A confirmation dialog: a choice of actions, presented from the bottom of the screen or
    /// from the control that asked.
    case dialog
}
