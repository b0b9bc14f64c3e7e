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

extension StoreAction {
    /// The identity of the action's type, read from a value of type `any StoreAction` without
    /// asking the runtime for its dynamic type: `ObjectIdentifier(type(of: action))` calls the
    /// runtime, 53 instructions per call (callgrind, `app`: the undo history's check of every
    /// action). The static type of the value the existential holds: for an action of a class, its
    /// class as stored, not a subclass.
    @inlinable
    package var typeIdentifier: ObjectIdentifier { ObjectIdentifier(Self.self) }
}
