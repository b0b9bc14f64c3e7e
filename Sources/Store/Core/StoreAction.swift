/// An intent to change the application state.
///
/// Actions are plain values: they say what happened, and the ``Reducer`` registered for their
/// type says how the state changes. Each action type has at most one reducer.
///
/// ```swift
/// struct LoginAction: StoreAction {
///     let firstName: String
///     let lastName: String
/// }
/// ```
public protocol StoreAction: Sendable {}
