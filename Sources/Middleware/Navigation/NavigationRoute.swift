public import ReMVVMStore

/// One entry of an app's flow: the navigation step that follows an action type.
///
/// ```swift
/// let routes: [NavigationRoute<AppState, Screen>] = [
///     .on(LoginAction.self, navigate: .present(.greetings)),
///     .on(LogoutAction.self, navigate: .dismiss),
///     .on(OpenItem.self) { action, state in .push(.item(id: action.id)) },
/// ]
/// ```
///
/// Give the routes to a ``NavigationMiddleware``. A route with a fixed step reads no state, so
/// routes that are all fixed steps need no type named: in
/// `NavigationMiddleware(navigator: navigator, routes: [.on(LoginAction.self, navigate:
/// .push(.greetings))])` they are `NavigationRoute<AnyStoreState, Screen>`, routes for a store of
/// any state. A route whose closure reads the state names it once, in the list's type or the
/// middleware's.
@MainActor
public struct NavigationRoute<State, Screen> {
    /// How a route finds its step.
    enum Step {
        case fixed(NavigationStep<Screen>)
        case reading(@MainActor (_ action: any StoreAction, _ state: State) -> NavigationStep<Screen>?)
    }

    let actionType: ObjectIdentifier
    let step: Step

    /// Navigates with `step` after every action of type `actionType`.
    ///
    /// ```swift
    /// let navigation = NavigationMiddleware(navigator: navigator, routes: [
    ///     .on(LoginAction.self, navigate: .present(.greetings))
    /// ])
    /// ```
    ///
    /// - Parameters:
    ///   - actionType: The action type.
    ///   - step: The step performed after the state changed.
    /// - Returns: The route.
    public static func on<Action: StoreAction>(
        _ actionType: Action.Type,
        navigate step: NavigationStep<Screen>
    ) -> Self {
        Self(actionType: ObjectIdentifier(actionType), step: .fixed(step))
    }

    /// The step after `action` in `state`: the fixed step, or what the closure returns for
    /// them; `nil` when the closure returns `nil` or `state` is not of the route's state type.
    func step(after action: some StoreAction, in state: some Any) -> NavigationStep<Screen>? {
        switch step {
        case .fixed(let step):
            return step
        case .reading(let step):
            // The middleware runs reading routes only in a store of their state type.
            guard let state = state as? State else { return nil }
            return step(action, state)
        }
    }
}

extension NavigationRoute where State: StoreState {
    /// Navigates after every action of type `actionType` with the step `step` returns for the
    /// action and the new state, or not at all when it returns `nil`.
    ///
    /// ```swift
    /// let openItem: NavigationRoute<AppState, Screen> = .on(OpenItem.self) { action, state in
    ///     state.user == nil ? nil : .push(.item(id: action.id))
    /// }
    /// ```
    ///
    /// The route reads the state, so its type names it: here `NavigationRoute<AppState, Screen>`;
    /// in a list given straight to ``NavigationMiddleware``, `NavigationMiddleware<AppState,
    /// Screen>(navigator:routes:)`.
    ///
    /// - Parameters:
    ///   - actionType: The action type.
    ///   - step: Returns the step for the action and the state after it, or `nil`.
    /// - Returns: The route.
    public static func on<Action: StoreAction>(
        _ actionType: Action.Type,
        step: @escaping @MainActor (_ action: Action, _ state: State) -> NavigationStep<Screen>?
    ) -> Self {
        Self(
            actionType: ObjectIdentifier(actionType),
            step: .reading { action, state in
                // Routes are looked up by the action's type, so the cast always succeeds.
                guard let action = action as? Action else { return nil }
                return step(action, state)
            })
    }
}
