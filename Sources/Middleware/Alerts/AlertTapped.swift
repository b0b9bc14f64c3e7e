public import ReMVVMStore

/// A tap on a button of an ``AlertState`` shown by a navigation entry: closes the alert, and
/// delivers the button's value to the app's reducer, in one change.
///
/// A UI makes it with ``AlertState/tap(_:entry:)`` and dispatches it. The store handles it once
/// `store.register(reducer:alertsIn:)` (or `store.register(alerts:in:)`, for alerts whose buttons
/// only close) was called; the app's reducer then reduces it with the alert already closed:
///
/// ```swift
/// enum DetailAlertReducer: Reducer {
///     static func reduce(state: AppState, with tap: AlertTapped<DetailAlert>) -> AppState {
///         var state = state
///         switch tap.action {
///         case .confirmDeletion?: state.todos.removeAll()
///         case .openSettings?: state.navigation.apply(.push(.settings))
///         case nil: break   // not reduced: a tap without a value only closes the alert
///         }
///         return state
///     }
/// }
/// store.register(reducer: DetailAlertReducer.self, alertsIn: \.navigation)
/// ```
///
/// It is an action like any other: traced, recorded (it is `Codable` when its value is) and
/// replayed by the reducers alone, so a replay closes the alert and reduces the value again.
public struct AlertTapped<Value: Sendable>: StoreAction {
    /// The identifier of the navigation entry that shows the alert.
    public let entry: Int
    /// The value of the button tapped, or `nil` when the button only closes the alert.
    public let action: Value?

    /// Creates the tap on a button of the alert shown by `entry`; ``AlertState/tap(_:entry:)``
    /// makes it from the button.
    ///
    /// ```swift
    /// let entry = store.state.navigation.top.id
    /// store.dispatch(action: AlertTapped(entry: entry, action: DetailAlert.confirmDeletion))
    /// ```
    ///
    /// - Parameters:
    ///   - entry: The identifier of the navigation entry that shows the alert.
    ///   - action: The value of the button tapped, or `nil` for a button that only closes.
    public init(entry: Int, action: Value?) {
        self.entry = entry
        self.action = action
    }
}

extension AlertTapped: Equatable where Value: Equatable {}
extension AlertTapped: Hashable where Value: Hashable {}
extension AlertTapped: Codable where Value: Codable {}
