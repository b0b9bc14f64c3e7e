public import ReMVVMStore

/// Performs navigation as a side effect of actions: after the state changed and every subscriber
/// saw it, it performs the step its routes give for the action's type.
///
/// The flow of the app is the list of routes: screens never navigate to each other, so changing
/// the flow means changing the routes only.
///
/// ```swift
/// let navigator = Navigator(root: Screen.login)
/// let navigation = NavigationMiddleware<AppState, Screen>(navigator: navigator, routes: [
///     .on(LoginAction.self, navigate: .present(.greetings)),
///     .on(LogoutAction.self, navigate: .dismiss),
/// ])
/// let store = Store(with: initialState, middleware: [navigation])
/// ```
///
/// Navigation runs in the completion of `Dispatcher.next(completion:)`, so it happens
/// only when the action was reduced: an action that a later middleware blocks, or that has no
/// reducer, does not navigate. View models made for the new screen see the new state.
/// When two routes name one action type, the later one wins.
@MainActor
public struct NavigationMiddleware<State: StoreState, Screen>: StateMiddleware {
    /// The navigator that performs the steps.
    public let navigator: Navigator<Screen>
    private let routes: [ObjectIdentifier: NavigationRoute<State, Screen>]

    /// Creates the middleware.
    ///
    /// - Parameters:
    ///   - navigator: The navigator that performs the steps.
    ///   - routes: The step for each action type; later routes replace earlier ones for the
    ///     same action type.
    public init(navigator: Navigator<Screen>, routes: [NavigationRoute<State, Screen>]) {
        self.navigator = navigator
        var table: [ObjectIdentifier: NavigationRoute<State, Screen>] = [:]
        for route in routes { table[route.actionType] = route }
        self.routes = table
    }

    /// The step that follows `action` in state `state`, or `nil` when none does.
    func step(after action: some StoreAction, in state: State) -> NavigationStep<Screen>? {
        routes[ObjectIdentifier(type(of: action))]?.step(action, state)
    }

    /// Passes every action on; for an action with a route, performs the route's step once the
    /// state changed.
    ///
    /// - Parameters:
    ///   - state: The store's state.
    ///   - action: The action.
    ///   - dispatcher: Passes the action on.
    public func applyMiddleware<Action: StoreAction>(
        for state: State,
        action: Action,
        dispatcher: Dispatcher<Action, State>
    ) {
        guard let route = routes[ObjectIdentifier(Action.self)] else {
            dispatcher.next()
            return
        }
        let navigator = self.navigator
        dispatcher.next { newState in
            guard let step = route.step(action, newState) else { return }
            navigator.perform(step)
        }
    }
}
