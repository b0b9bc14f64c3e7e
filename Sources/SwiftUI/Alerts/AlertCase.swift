public import ReMVVMMiddleware
import ReMVVMStore

/// The case of an app's screen enum that holds alerts (`Screen.alert`): a front end shows an
/// entry of that case as an alert or a confirmation dialog, and its buttons dispatch the
/// `AlertTapped` the store expects.
///
/// ```swift
/// enum Screen: Hashable, Sendable {
///     case list
///     case alert(AlertState<DetailAlert>)
/// }
/// let alerts = [AlertCase(Screen.alert)]
/// ```
///
/// Give the cases to `StoreNavigationStack` (SwiftUI), and register the taps with
/// `store.register(reducer:alertsIn:)` or `store.register(alerts:in:)`.
public struct AlertCase<Screen> {
    /// The alert of an entry when its screen is this case.
    let alert: (NavigationEntry<Screen>) -> ShownAlert?

    /// The case whose constructor is `embed`.
    ///
    /// - Parameter embed: The case's constructor, such as `Screen.alert`.
    public init<Value: Sendable>(_ embed: @escaping (AlertState<Value>) -> Screen) {
        let screenCase = CaseOfScreen(embed: embed)
        alert = { entry in
            screenCase.payload(of: entry.screen).map { ShownAlert($0, entry: entry.id) }
        }
    }
}

/// An alert as a front end shows it, whatever its buttons' value type: its text, and for each
/// button the action a tap dispatches.
struct ShownAlert: Sendable {
    /// One button: its label, its role and the tap it dispatches.
    struct Button: Sendable {
        let label: String
        let role: AlertButton<Never>.Role
        let tap: any StoreAction
    }

    /// The entry that shows the alert.
    let entry: Int
    let title: String
    let message: String?
    let style: AlertStyle
    /// The buttons in order; one OK button that only closes when the alert has none.
    let buttons: [Button]
    /// What the system's own closing (the escape key, a tap outside a dialog) dispatches: the
    /// cancel button's tap, or a tap that only closes.
    let dismissal: any StoreAction

    init<Value: Sendable>(_ alert: AlertState<Value>, entry: Int) {
        self.entry = entry
        title = alert.title
        message = alert.message
        style = alert.style
        if alert.buttons.isEmpty {
            buttons = [
                Button(label: "OK", role: .default, tap: AlertTapped<Value>(entry: entry, action: nil))
            ]
        } else {
            buttons = alert.buttons.map { button in
                Button(
                    label: button.label,
                    role: AlertButton<Never>.Role(rawValue: button.role.rawValue) ?? .default,
                    tap: alert.tap(button, entry: entry))
            }
        }
        let cancel = alert.buttons.first { $0.role == .cancel }
        dismissal = AlertTapped<Value>(entry: entry, action: cancel?.action)
    }

    /// What to dispatch when the UI says the alert is no longer presented: the dismissal while
    /// the entry is still shown (the system closed it); nothing once it is gone (a button's tap
    /// closed it already, and SwiftUI reports the closing after the tap).
    func closedByTheSystem<Screen>(in navigation: NavigationState<Screen>) -> (any StoreAction)? {
        navigation.contains(id: entry) ? dismissal : nil
    }
}
