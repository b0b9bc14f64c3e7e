public import Observation

/// A view model whose view state is a pure function of the store's state and whose events map
/// to actions: a ``ViewModeling`` with no code of its own.
///
/// The view state is derived when the view model is created and again after each change of
/// the store's state, synchronously, before ``Store/dispatch(action:)`` returns. A new view
/// state is published only when it differs from the one before, so a view that reads
/// ``state`` is not told about changes elsewhere in the application state.
///
/// ```swift
/// struct GreetingsViewState: Equatable { var message: String }
/// enum GreetingsEvent { case logOut }
///
/// let greetings = StoreViewModel(
///     store: store,
///     state: { GreetingsViewState(message: "Hello \($0.user?.firstName ?? "")") },
///     send: { (event: GreetingsEvent) in
///         switch event {
///         case .logOut: LogoutAction()
///         }
///     }
/// )
/// greetings.state.message            // "Hello Ada"
/// greetings.send(event: .logOut)     // dispatches LogoutAction()
/// ```
///
/// The view model is `Observable`. The store does not keep it alive: once nothing else holds
/// it, it is not called again, and its subscription goes at the store's next dispatch. Nor does
/// the view model keep its store alive, so a store may keep its view models (as
/// ``Store/viewModel(for:key:)`` does) without a cycle; once the store is gone, ``state`` keeps
/// the last view state and ``send(event:)`` has nowhere to dispatch.
///
/// Observation ships with macOS 14, iOS 17, tvOS 17 and watchOS 10, so this type needs those
/// systems or later. At the package's floor, a view model that is a ``StoreSubscriber`` and
/// derives its view state in ``StoreSubscriber/didChange(state:oldState:)`` does the same.
///
/// - Complexity: Each change of the store's state calls `state` once and compares its result
///   with the current view state.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@MainActor
public final class StoreViewModel<State: StoreState, ViewState: Equatable, Event>: ViewModeling,
    Observable
{
    private weak let store: Store<State>?
    private let viewState: @MainActor (State) -> ViewState
    private let action: @MainActor (Event) -> (any StoreAction)?
    /// Read and compared for every view model at every change of the store's state: unchecked,
    /// because the dynamic exclusivity checks cost 11% of bench viewmodel100 (callgrind).
    @exclusivity(unchecked) private var current: ViewState
    private let registrar = ObservationRegistrar()
    /// Made once: a key path into a generic class is instantiated, with two allocations, each
    /// time its literal is evaluated (bench viewmodel100: 2 mallocs per dispatch without it).
    private let stateKeyPath = \StoreViewModel.state
    /// Released with the view model, which ends the subscription at the store's next dispatch.
    private var subscription: StoreSubscription?

    /// Creates a view model that derives its view state from `store` with `state` and sends
    /// the action `send` maps each event to.
    ///
    /// ```swift
    /// struct LoginViewState: Equatable { var isLoggedIn: Bool }
    /// enum LoginEvent { case logIn(first: String, last: String), typed(String) }
    ///
    /// let login = StoreViewModel(
    ///     store: store,
    ///     state: { LoginViewState(isLoggedIn: $0.user != nil) },
    ///     send: { (event: LoginEvent) -> (any StoreAction)? in
    ///         switch event {
    ///         case .logIn(let first, let last): LoginAction(firstName: first, lastName: last)
    ///         case .typed: nil   // nothing for the store
    ///         }
    ///     }
    /// )
    /// ```
    ///
    /// - Parameters:
    ///   - store: The store whose state the view state is derived from and that receives the
    ///     actions.
    ///   - state: Derives the view state from the store's state; a pure function, called at
    ///     once and after every change.
    ///   - send: Maps an event to the action to dispatch, or to `nil` to dispatch nothing.
    public init(
        store: Store<State>,
        state: @escaping @MainActor (State) -> ViewState,
        send: @escaping @MainActor (Event) -> (any StoreAction)?
    ) {
        self.store = store
        viewState = state
        action = send
        current = state(store.state)
        subscription = store.engine.subscribers.subscribe { [weak self] state, _ in
            self?.update(from: state)
        }
    }

    /// The view state derived from the store's current state.
    ///
    /// Reading it inside `withObservationTracking` (or a SwiftUI body) registers the read; the
    /// reader is told only when a change of the store's state gives a different view state.
    public var state: ViewState {
        registrar.access(self, keyPath: stateKeyPath)
        return current
    }

    /// Dispatches the action that `event` maps to; an event mapped to `nil` dispatches nothing.
    ///
    /// The event is mapped even when the store is gone, and the action then goes nowhere.
    ///
    /// ```swift
    /// let greetings = StoreViewModel(
    ///     store: store,
    ///     state: { GreetingsViewState(message: "Hello \($0.user?.firstName ?? "")") },
    ///     send: { (_: GreetingsEvent) in LogoutAction() }
    /// )
    /// greetings.send(event: .logOut)   // dispatches LogoutAction()
    /// ```
    ///
    /// - Parameter event: What the user did.
    public func send(event: Event) {
        guard let action = action(event) else { return }
        store?.dispatch(action: action)
    }

    private func update(from state: State) {
        let next = viewState(state)
        guard next != current else { return }
        registrar.withMutation(of: self, keyPath: stateKeyPath) {
            current = next
        }
    }
}
