/// The application state held by a ``Store``.
///
/// Besides the application's data, the state provides the ``ViewModelFactory`` that makes the
/// screens' view models, so the state decides which view models can exist.
///
/// ```swift
/// struct AppState: StoreState {
///     let factory: ViewModelFactory
///     let user: User?
/// }
/// ```
public protocol StoreState: Sendable {
    /// The factory that makes view models for the screens of this state.
    var factory: any ViewModelFactory { get }
}
