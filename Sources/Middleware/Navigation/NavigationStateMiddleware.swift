public import ReMVVMStore

/// Hands the UI what changed in the app's ``NavigationState`` after each action: the entries
/// pushed, popped, presented and dismissed, in order.
///
/// With navigation as state, a screen is shown because the state says so: an action changes
/// the state, and this middleware, after the reduce, tells the UI layer the steps that lead
/// from the screens it shows to the screens the state holds, so a UIKit or a text UI animates
/// exactly that.
///
/// ```swift
/// let navigation = NavigationStateMiddleware(at: \AppState.navigation) { changes, _ in
///     for change in changes {
///         switch change {
///         case .pushed(let entry), .presented(let entry): show(entry)
///         case .popped(let entry), .dismissed(let entry): hide(entry)
///         }
///     }
/// }
/// let store = Store(with: initialState, middleware: [navigation])
/// store.register(navigation: \.navigation)
/// ```
///
/// It sees every action, not only ``NavigationAction``s: any reducer that changes the
/// navigation (a logout that goes back to the login screen, an undo that restores an earlier
/// state) is handed over the same way. The changes are computed by entry identifier against
/// the navigation the UI was last handed, and `show` is not called when nothing changed.
/// After a ``NavigationAction/synchronize(visibleCount:)`` the UI already shows the screens,
/// so nothing is handed over for it.
///
/// `show` runs in the completion of `Dispatcher.next(completion:)`: after the state changed
/// and every subscriber saw it, and only when the action was reduced. The view models of the
/// entries that left were let go already; those of new entries can be made in `show`.
@MainActor
public final class NavigationStateMiddleware<State: StoreState, Screen: Sendable>: StateMiddleware {
    private let navigation: KeyPath<State, NavigationState<Screen>>
    private let show:
        @MainActor (_ changes: [NavigationChange<Screen>], _ navigation: NavigationState<Screen>) -> Void
    /// The navigation the UI was handed last; `nil` until the first action.
    private var shown: NavigationState<Screen>?
    /// The completions, made once: a closure made in `applyMiddleware`, a generic method, would
    /// carry its generic context in a new allocation at every action (measured with the
    /// `navigation` benchmark workload: one malloc per dispatch).
    private var completion: (@MainActor (State) -> Void)?
    private var silentCompletion: (@MainActor (State) -> Void)?

    /// Creates the middleware.
    ///
    /// ```swift
    /// let navigation = NavigationStateMiddleware(at: \AppState.navigation) { changes, navigation in
    ///     for change in changes { hide(change.entry) }
    ///     show(navigation.top)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: Where the navigation lives in the state.
    ///   - show: Called after each action that changed the navigation, with the changes in the
    ///     order to perform them and the navigation now in the state.
    public init(
        at keyPath: KeyPath<State, NavigationState<Screen>>,
        show:
            @escaping @MainActor (
                _ changes: [NavigationChange<Screen>], _ navigation: NavigationState<Screen>
            ) -> Void
    ) {
        navigation = keyPath
        self.show = show
        completion = { [weak self] state in self?.handOver(state, silently: false) }
        silentCompletion = { [weak self] state in self?.handOver(state, silently: true) }
    }

    /// The navigation the UI was handed last, or `nil` before the first action.
    ///
    /// <!-- snippet: given middleware: NavigationStateMiddleware<AppState, Screen> -->
    /// ```swift
    /// let onScreen = middleware.shownNavigation?.top
    /// ```
    public var shownNavigation: NavigationState<Screen>? { shown }

    /// Passes every action on, and once it was reduced hands the UI the changes of the
    /// navigation.
    ///
    /// - Parameters:
    ///   - state: The store's state when the action reaches this middleware.
    ///   - action: The action.
    ///   - dispatcher: Passes the action on.
    public func applyMiddleware<Action: StoreAction>(
        for state: State,
        action: Action,
        dispatcher: Dispatcher<Action, State>
    ) {
        if shown == nil { shown = state[keyPath: navigation] }
        dispatcher.next(completion: Self.isSynchronize(action) ? silentCompletion : completion)
    }

    private func handOver(_ state: State, silently: Bool) {
        let new = state[keyPath: navigation]
        guard let old = shown else { return }
        shown = new
        if silently || NavigationDiff.sameEntries(old, new) { return }
        show(NavigationDiff.changes(from: old, to: new), new)
    }

    private static func isSynchronize<Action: StoreAction>(_ action: Action) -> Bool {
        guard Action.self == NavigationAction<Screen>.self,
            let navigationAction = action as? NavigationAction<Screen>,
            case .synchronize = navigationAction
        else { return false }
        return true
    }
}
