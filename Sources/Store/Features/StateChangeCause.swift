/// How a change of a store's state came about, as a subscription that reads it learns it.
///
/// ```swift
/// let subscription = store.subscribe(to: \.self, timing: .afterSubscribers) { _, _, cause in
///     if case .action(let action) = cause { print("reduced \(action)") }
/// }
/// ```
public enum StateChangeCause: Sendable {
    /// An action was reduced: dispatched through the middleware, or sent by a test store.
    case action(any StoreAction)
    /// Actions were reduced together by the reducers alone and the result applied as one
    /// change: a log replayed into the store. Subscribers are told once.
    case actions([any StoreAction])
    /// The state was set without an action: time travel (an action history's jump or skip).
    case travel
}

extension StateChangeCause {
    /// What the engine hands observers that do not read the cause.
    @usableFromInline static let unread = StateChangeCause.travel
}
