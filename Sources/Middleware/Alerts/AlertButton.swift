/// One button of an ``AlertState``: its label, its role, and the value a tap on it delivers to
/// the app's reducer.
///
/// Make one with ``default(_:action:)``, ``cancel(_:action:)`` or ``destructive(_:action:)``;
/// a button without an action only closes its alert.
///
/// ```swift
/// let buttons: [AlertButton<DetailAlert>] = [
///     .destructive("Yes, delete", action: .confirmDeletion),
///     .cancel("Nevermind"),
/// ]
/// ```
public struct AlertButton<Value> {
    /// The text on the button.
    public var label: String
    /// How the UI shows the button: an ordinary choice, the one that cancels, or the one that
    /// destroys something.
    public var role: Role
    /// The value a tap on the button delivers to the app's reducer, with the alert closed in
    /// the same change; `nil` when a tap only closes the alert.
    public var action: Value?

    /// What a button does, as a UI shows it: platforms style a destructive button in red, and
    /// place the cancel button where users look for it.
    public enum Role: String, Sendable, Hashable, Codable {
        /// An ordinary choice.
        case `default`
        /// The choice that leaves things as they were.
        case cancel
        /// The choice that deletes or discards something.
        case destructive
    }

    /// An ordinary button.
    ///
    /// ```swift
    /// let button = AlertButton<DetailAlert>.default("Settings", action: .openSettings)
    /// ```
    ///
    /// - Parameters:
    ///   - label: The text on the button.
    ///   - action: The value a tap delivers to the app's reducer; `nil` (the default) when the
    ///     tap only closes the alert.
    /// - Returns: The button.
    public static func `default`(_ label: String, action: Value? = nil) -> Self {
        Self(label: label, role: .default, action: action)
    }

    /// The button that cancels: a UI places it where users look for it, and may give it to the
    /// system's own ways of dismissing (the escape key, a tap outside a dialog).
    ///
    /// ```swift
    /// let button = AlertButton<DetailAlert>.cancel("Nevermind")
    /// ```
    ///
    /// - Parameters:
    ///   - label: The text on the button.
    ///   - action: The value a tap delivers to the app's reducer; `nil` (the default) when the
    ///     tap only closes the alert.
    /// - Returns: The button.
    public static func cancel(_ label: String, action: Value? = nil) -> Self {
        Self(label: label, role: .cancel, action: action)
    }

    /// A button that deletes or discards something: a UI styles it as such (in red).
    ///
    /// ```swift
    /// let button = AlertButton<DetailAlert>.destructive("Yes, delete", action: .confirmDeletion)
    /// ```
    ///
    /// - Parameters:
    ///   - label: The text on the button.
    ///   - action: The value a tap delivers to the app's reducer; `nil` (the default) when the
    ///     tap only closes the alert.
    /// - Returns: The button.
    public static func destructive(_ label: String, action: Value? = nil) -> Self {
        Self(label: label, role: .destructive, action: action)
    }
}

extension AlertButton: Sendable where Value: Sendable {}
extension AlertButton: Equatable where Value: Equatable {}
extension AlertButton: Hashable where Value: Hashable {}
extension AlertButton: Codable where Value: Codable {}
