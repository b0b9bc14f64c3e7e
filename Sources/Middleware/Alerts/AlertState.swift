/// An alert or a confirmation dialog, as state: shown as a screen of the app's
/// ``NavigationState``, and closed by a tap on one of its buttons, which delivers the button's
/// value to the app's reducer in the same change.
///
/// Give the app's screen type a case for the alerts of a feature, and present one like any
/// screen:
///
/// ```swift
/// let alert = AlertState<DetailAlert>(
///     title: "Delete?", message: "This is permanent.",
///     buttons: [.destructive("Yes, delete", action: .confirmDeletion), .cancel("Nevermind")])
/// store.dispatch(action: NavigationAction.present(Screen.alert(alert)))
/// ```
///
/// A UI shows the entry's alert and, at a tap, dispatches ``tap(_:entry:)``'s action: once
/// `store.register(reducer:alertsIn:)` is called, the store closes the alert and runs the app's
/// reducer of ``AlertTapped`` in one change, so subscribers are told once and see both. Since
/// the alert is state, a test asserts it, a session records it, and a restored state shows it
/// again.
///
/// An alert with no buttons is shown by UIs with one button, OK, whose tap only closes it. It
/// describes itself as a person reads it, `AlertState("Delete?", buttons: ["Yes, delete" ->
/// .confirmDeletion, "Nevermind"])`, in traces and test failures.
public struct AlertState<Value> {
    /// The title: the question or the news, in a few words.
    public var title: String
    /// The text under the title, or `nil` for none.
    public var message: String?
    /// The buttons, in the order a UI shows them; when there is none, a UI shows one OK button
    /// that only closes the alert.
    public var buttons: [AlertButton<Value>]
    /// Whether a UI shows it as an alert or as a confirmation dialog.
    public var style: AlertStyle

    /// Creates an alert or a confirmation dialog.
    ///
    /// ```swift
    /// let dialog = AlertState<DetailAlert>(
    ///     title: "End meeting?", message: nil,
    ///     buttons: [.destructive("Discard", action: .confirmDeletion), .cancel("Resume")],
    ///     style: .dialog)
    /// ```
    ///
    /// - Parameters:
    ///   - title: The title.
    ///   - message: The text under the title; none by default.
    ///   - buttons: The buttons, in the order a UI shows them; none by default, which UIs show
    ///     as one OK button that only closes the alert.
    ///   - style: ``AlertStyle/alert`` (the default) or ``AlertStyle/dialog``.
    public init(
        title: String, message: String? = nil, buttons: [AlertButton<Value>] = [], style: AlertStyle = .alert
    ) {
        self.title = title
        self.message = message
        self.buttons = buttons
        self.style = style
    }
}

extension AlertState where Value: Sendable {
    /// The action a tap on `button` dispatches, for the alert shown by the entry `entry`.
    ///
    /// <!-- snippet: given alert: AlertState<DetailAlert> -->
    /// ```swift
    /// let entry = store.state.navigation.top.id       // the entry that shows the alert
    /// for button in alert.buttons {
    ///     // a UI's button, tapped:
    ///     store.dispatch(action: alert.tap(button, entry: entry))
    /// }
    /// ```
    ///
    /// The store closes the entry and, when the button has a value, runs the app's reducer of
    /// ``AlertTapped`` with it, in one change (`store.register(reducer:alertsIn:)`). A UI that
    /// shows an alert with no buttons as one OK button dispatches
    /// `AlertTapped(entry: entry, action: nil)` for it, which only closes the alert.
    ///
    /// - Parameters:
    ///   - button: The button tapped, one of ``buttons``.
    ///   - entry: The identifier of the navigation entry that shows this alert.
    /// - Returns: The action: the entry, and the button's ``AlertButton/action``.
    public func tap(_ button: AlertButton<Value>, entry: Int) -> AlertTapped<Value> {
        AlertTapped(entry: entry, action: button.action)
    }
}

extension AlertState: Sendable where Value: Sendable {}
extension AlertState: Equatable where Value: Equatable {}
extension AlertState: Hashable where Value: Hashable {}
extension AlertState: Codable where Value: Codable {}
