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
    // The middleware runs for every action, so its work is specialized in the client: the
    // closures made in the `@inlinable` initializer and what they call. Unspecialized, the
    // generic code looked up type metadata at each use: 2.7 µs per dispatch of the `navigation`
    // benchmark workload, about half of it in `swift_getGenericMetadata`.

    /// What runs after each reduce, made once, specialized: hands the UI the changes (`false`),
    /// or only follows the state after a synchronize (`true`).
    @usableFromInline let handOff: Completions
    @usableFromInline let navigationActionType: ObjectIdentifier
    @usableFromInline let box: Shown

    /// The navigation the UI was handed last; `nil` until the first action.
    @usableFromInline
    final class Shown {
        @usableFromInline var navigation: NavigationState<Screen>?
        @usableFromInline init() {}
    }

    @usableFromInline
    struct Completions {
        @usableFromInline let handOver: @MainActor (State) -> Void
        @usableFromInline let follow: @MainActor (State) -> Void
        @usableFromInline let start: @MainActor (State) -> Void

        @inlinable
        init(
            handOver: @escaping @MainActor (State) -> Void,
            follow: @escaping @MainActor (State) -> Void,
            start: @escaping @MainActor (State) -> Void
        ) {
            self.handOver = handOver
            self.follow = follow
            self.start = start
        }
    }

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
    @inlinable
    public init(
        at keyPath: KeyPath<State, NavigationState<Screen>>,
        show:
            @escaping @MainActor (
                _ changes: [NavigationChange<Screen>], _ navigation: NavigationState<Screen>
            ) -> Void
    ) {
        let box = Shown()
        self.box = box
        navigationActionType = ObjectIdentifier(NavigationAction<Screen>.self)
        handOff = Completions(
            handOver: { state in
                let new = state[keyPath: keyPath]
                guard let old = box.navigation else { return }
                box.navigation = new
                if NavigationDiff.sameEntries(old, new) { return }
                show(NavigationDiff.changes(from: old, to: new), new)
            },
            follow: { state in box.navigation = state[keyPath: keyPath] },
            start: { state in if box.navigation == nil { box.navigation = state[keyPath: keyPath] } }
        )
    }

    /// The navigation the UI was handed last, or `nil` before the first action.
    ///
    /// <!-- snippet: given middleware: NavigationStateMiddleware<AppState, Screen> -->
    /// ```swift
    /// let onScreen = middleware.shownNavigation?.top
    /// ```
    public var shownNavigation: NavigationState<Screen>? { box.navigation }

    /// Hands the UI the changes from the navigation it was handed last to the one in `state`,
    /// for a change that did not come through this middleware: ``ActionHistory/jump(to:)``
    /// and ``ActionHistory/skip(_:)`` set the state without an action.
    ///
    /// <!-- snippet: given middleware: NavigationStateMiddleware<AppState, Screen> -->
    /// <!-- snippet: given history: ActionHistory<AppState> -->
    /// <!-- snippet: given store: Store<AppState> -->
    /// ```swift
    /// history.jump(to: 3)
    /// middleware.handOverChanges(in: store.state)
    /// ```
    ///
    /// Without it, the UI keeps showing the screens it was handed, and the next action's
    /// changes are computed from those: right for a UI that did not follow the jump, wrong for
    /// one that did. `show` is not called when the entries are the ones handed last, nor
    /// before the first action.
    ///
    /// - Parameter state: The store's state, which the UI is to show.
    public func handOverChanges(in state: State) {
        handOff.handOver(state)
    }

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
        handOff.start(state)
        // The action is read as a `NavigationAction<Screen>` only when `Action` is that type.
        if ObjectIdentifier(Action.self) == navigationActionType,
            case .synchronize = reinterpret(action, as: NavigationAction<Screen>.self)
        {
            dispatcher.next(completion: handOff.follow)
        } else {
            dispatcher.next(completion: handOff.handOver)
        }
    }
}
