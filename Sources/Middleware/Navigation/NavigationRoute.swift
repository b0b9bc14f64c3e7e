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
/// Give the routes to a ``NavigationMiddleware``.
@MainActor
public struct NavigationRoute<State: StoreState, Screen> {
    let actionType: ObjectIdentifier
    let step: @MainActor (_ action: any StoreAction, _ state: State) -> NavigationStep<Screen>?

    /// Navigates with `step` after every action of type `actionType`.
    ///
    /// - Parameters:
    ///   - actionType: The action type.
    ///   - step: The step performed after the state changed.
    /// - Returns: The route.
    public static func on<Action: StoreAction>(
        _ actionType: Action.Type,
        navigate step: NavigationStep<Screen>
    ) -> Self {
        Self(actionType: ObjectIdentifier(actionType), step: { _, _ in step })
    }

    /// Navigates after every action of type `actionType` with the step `step` returns for the
    /// action and the new state, or not at all when it returns `nil`.
    ///
    /// ```swift
    /// let openItem: NavigationRoute<AppState, Screen> = .on(OpenItem.self) { action, state in
    ///     state.user == nil ? nil : .push(.item(id: action.id))
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - actionType: The action type.
    ///   - step: Returns the step for the action and the state after it, or `nil`.
    /// - Returns: The route.
    public static func on<Action: StoreAction>(
        _ actionType: Action.Type,
        step: @escaping @MainActor (_ action: Action, _ state: State) -> NavigationStep<Screen>?
    ) -> Self {
        Self(actionType: ObjectIdentifier(actionType)) { action, state in
            // Routes are looked up by the action's type, so the cast always succeeds.
            guard let action = action as? Action else { return nil }
            return step(action, state)
        }
    }
}
