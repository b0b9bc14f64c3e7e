/// An object told about every change of a ``Store``'s state.
///
/// Add a subscriber with ``Store/add(subscriber:)``. View models the store makes through
/// ``Store/viewModel(for:key:)`` are subscribed for you when they conform.
///
/// The store never keeps a subscriber alive: once nothing else holds it, the store stops
/// calling it and lets it go during its next dispatch.
///
/// ```swift
/// final class LoginViewModel: StoreSubscriber, Initializable {
///     var firstName = ""
///     func didChange(state: AppState, oldState: AppState) {
///         if oldState.user != nil && state.user == nil { firstName = "" }
///     }
/// }
/// ```
@MainActor
public protocol StoreSubscriber: AnyObject {
    /// The state type of the store this subscriber listens to.
    associatedtype State: StoreState

    /// Called with the new state before the store takes it on; `store.state` is still the old
    /// state. Optional: the default does nothing.
    ///
    /// - Parameter state: The state the store is about to take on.
    func willChange(state: State)

    /// Called after the store's state changed.
    ///
    /// - Parameters:
    ///   - state: The new state, equal to `store.state`.
    ///   - oldState: The state before the change.
    func didChange(state: State, oldState: State)
}

extension StoreSubscriber {
    /// Does nothing; implement it to act before the store takes on a new state.
    ///
    /// - Parameter state: The state the store is about to take on.
    public func willChange(state: State) {
        DefaultWillChange.subscriber = ObjectIdentifier(self)
    }
}
