public import ReMVVMStore

/// Performs navigation as a side effect of actions: after the state changed and every subscriber
/// saw it, it performs the step its routes give for the action's type.
///
/// The flow of the app is the list of routes: screens never navigate to each other, so changing
/// the flow means changing the routes only.
///
/// ```swift
/// let navigator = Navigator(root: Screen.login)
/// let navigation = NavigationMiddleware(navigator: navigator, routes: [
///     .on(LoginAction.self, navigate: .present(.greetings)),
///     .on(LogoutAction.self, navigate: .dismiss),
/// ])
/// let store = Store(with: initialState, middleware: [navigation])
/// ```
///
/// Routes of fixed steps read no state, so their middleware names no type: it is a
/// `NavigationMiddleware<AnyStoreState, Screen>` and works in a store of any state. Routes whose
/// closures read the state name it once, `NavigationMiddleware<AppState, Screen>(navigator:
/// routes:)` or a `[NavigationRoute<AppState, Screen>]`; such a middleware runs only in a store of
/// that state, and in another store it passes every action on and reports
/// `middlewareStateMismatch`.
///
/// Navigation runs in the completion of `Dispatcher.next(completion:)`, so it happens
/// only when the action was reduced: an action that a later middleware blocks, or that has no
/// reducer, does not navigate. View models made for the new screen see the new state.
/// When two routes name one action type, the later one wins.
@MainActor
public struct NavigationMiddleware<State, Screen>: AnyMiddleware {
    /// The navigator that performs the steps.
    public let navigator: Navigator<Screen>
    private let routes: [ObjectIdentifier: NavigationRoute<State, Screen>]

    /// Creates the middleware, for the state its routes read.
    ///
    /// ```swift
    /// let navigation = NavigationMiddleware<AppState, Screen>(navigator: navigator, routes: [
    ///     .on(LoginAction.self, navigate: .present(.greetings)),
    ///     .on(OpenItem.self) { action, state in state.user == nil ? nil : .push(.item(id: action.id)) },
    /// ])
    /// ```
    ///
    /// - Parameters:
    ///   - navigator: The navigator that performs the steps.
    ///   - routes: The step for each action type; later routes replace earlier ones for the
    ///     same action type.
    public init(navigator: Navigator<Screen>, routes: [NavigationRoute<State, Screen>]) {
        self.navigator = navigator
        self.routes = Self.table(of: routes)
    }

    /// The routes by action type; a later route replaces an earlier one of the same type.
    private static func table(
        of routes: [NavigationRoute<State, Screen>]
    ) -> [ObjectIdentifier: NavigationRoute<State, Screen>] {
        var table: [ObjectIdentifier: NavigationRoute<State, Screen>] = [:]
        for route in routes { table[route.actionType] = route }
        return table
    }

    /// The step that follows `action` in state `state`, or `nil` when none does.
    func step(after action: some StoreAction, in state: some Any) -> NavigationStep<Screen>? {
        routes[ObjectIdentifier(type(of: action))]?.step(after: action, in: state)
    }

    /// Passes every action on; for an action with a route, performs the route's step once the
    /// state changed.
    ///
    /// A middleware whose routes read a state (its `State` is not ``AnyStoreState``) does not
    /// run in a store of another state: it passes the action on and reports
    /// `middlewareStateMismatch`, as a typed middleware does.
    ///
    /// - Parameters:
    ///   - state: The store's state.
    ///   - action: The action.
    ///   - dispatcher: Passes the action on.
    public func applyMiddleware<Action: StoreAction, Current: StoreState>(
        for state: Current,
        action: Action,
        dispatcher: Dispatcher<Action, Current>
    ) {
        if State.self != AnyStoreState.self && State.self != Current.self {
            dispatcher.report(
                .middlewareStateMismatch,
                "\(TypeName.of(Self.self)) expects state \(TypeName.of(State.self)), "
                    + "but the store's state is \(TypeName.of(Current.self)); "
                    + "it passed \(TypeName.of(Action.self)) on without running."
            )
            dispatcher.next()
            return
        }
        guard let route = routes[ObjectIdentifier(Action.self)] else {
            dispatcher.next()
            return
        }
        let navigator = self.navigator
        dispatcher.next { newState in
            guard let step = route.step(after: action, in: newState) else { return }
            navigator.perform(step)
        }
    }
}

extension NavigationMiddleware where State == AnyStoreState {
    /// Creates the middleware from routes of fixed steps, for a store of any state.
    ///
    /// ```swift
    /// let navigation = NavigationMiddleware(navigator: navigator, routes: [
    ///     .on(LoginAction.self, navigate: .push(.greetings)),
    ///     .on(LogoutAction.self, navigate: .popToRoot),
    /// ])
    /// ```
    ///
    /// Routes of fixed steps read no state, so no type is named: the middleware is a
    /// `NavigationMiddleware<AnyStoreState, Screen>`. Routes whose closures read the state use
    /// the other initializer, with the state named.
    ///
    /// - Parameters:
    ///   - navigator: The navigator that performs the steps.
    ///   - routes: The step for each action type; later routes replace earlier ones for the
    ///     same action type.
    public init(navigator: Navigator<Screen>, routes: [NavigationRoute<AnyStoreState, Screen>]) {
        self.navigator = navigator
        self.routes = Self.table(of: routes)
    }
}
