/// The application state held by a ``Store``.
///
/// Besides the application's data, the state provides the ``ViewModelFactory`` that makes the
/// screens' view models, so the state decides which view models can exist.
///
/// A state that needs no factory of its own leaves ``factory`` out: the default makes every
/// ``Initializable`` view model, and a state of plain values gets a synthesized `==`.
///
/// ```swift
/// struct CounterState: StoreState, Equatable {
///     var count = 0
/// }
///
/// struct AppState: StoreState {
///     let factory: ViewModelFactory
///     let user: User?
/// }
/// ```
public protocol StoreState: Sendable {
    /// The factory that makes view models for the screens of this state.
    var factory: any ViewModelFactory { get }
}

extension StoreState {
    /// A factory shared by every state that does not store its own: it makes each
    /// ``Initializable`` view model with `init()`.
    ///
    /// ```swift
    /// struct CounterState: StoreState, Equatable { var count = 0 }
    /// let store = Store(with: CounterState())
    /// final class CounterViewModel: Initializable { init() {} }
    /// let counter: CounterViewModel? = store.viewModel()   // made with init()
    /// ```
    public var factory: any ViewModelFactory { sharedInitializableFactory }
}

/// The default ``StoreState/factory``: one instance for every state, so reading it allocates
/// nothing.
private let sharedInitializableFactory: any ViewModelFactory = InitializableViewModelFactory()
