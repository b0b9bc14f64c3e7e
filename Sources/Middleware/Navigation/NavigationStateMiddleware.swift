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
/// It learns of every change of the state where the store applies it, not only of
/// ``NavigationAction``s: any reducer that changes the navigation (a logout that goes back to
/// the login screen, an undo that restores an earlier state) and time travel (an
/// ``ActionHistory``'s jump or skip, a replay) are handed over the same way. The changes are
/// computed by entry identifier against the navigation the UI was last handed, and `show` is
/// not called when nothing changed. After a ``NavigationAction/synchronize(visibleCount:)``
/// the UI already shows the screens, so nothing is handed over for it.
///
/// It is a `StoreFeature`: actions pass it by without a middleware step. `show` runs after
/// the state changed and every subscriber saw it. The view models of the entries that left
/// were let go already; those of new entries can be made in `show`.
@MainActor
public final class NavigationStateMiddleware<State: StoreState, Screen: Sendable>: StoreFeature {
    // The hand-off runs at every change, so it is specialized in the client: the subscription
    // made by the closure of the `@inlinable` initializer, and what it calls. Unspecialized, the generic code
    // looked up type metadata at each use: 2.7 µs per dispatch of the `navigation` benchmark
    // workload, about half of it in `swift_getGenericMetadata`.

    @usableFromInline let subscribe: @MainActor (Store<State>) -> StoreSubscription
    @usableFromInline let start: @MainActor (State) -> Void
    @usableFromInline let box: Shown
    /// The store whose navigation is handed over, and the subscription there: attached to
    /// another store, the middleware stops handing over the first one's changes.
    private let attachment = StoreAttachment<State>(of: NavigationStateMiddleware<State, Screen>.self)

    /// The navigation the UI was handed last; `nil` until the middleware is attached.
    @usableFromInline
    final class Shown {
        @usableFromInline var navigation: NavigationState<Screen>?
        @usableFromInline init() {}
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
        let navigationActionType = ObjectIdentifier(NavigationAction<Screen>.self)
        start = { state in box.navigation = state[keyPath: keyPath] }
        subscribe = { store in
            store.subscribeUntilCancelled(to: keyPath, timing: .afterSubscribers) { new, old, cause in
                // The UI shows what the state held before this change (the middleware learns of
                // every change), so a change that left the entries alone hands nothing over. Equal
                // entries make equal navigations: ids are new for each appearance.
                if NavigationDiff.sameEntries(old, new) { return }
                // After a synchronize the UI already shows the screens: it only follows the state.
                if case .action(let action) = cause,
                    ObjectIdentifier(type(of: action)) == navigationActionType,
                    case .synchronize = action as? NavigationAction<Screen>
                {
                    box.navigation = new
                    return
                }
                let shown = box.navigation ?? old
                box.navigation = new
                if NavigationDiff.sameEntries(shown, new) { return }
                show(NavigationDiff.changes(from: shown, to: new), new)
            }
        }
    }

    /// The navigation the UI was handed last, or `nil` before the middleware was attached to a
    /// store.
    ///
    /// <!-- snippet: given middleware: NavigationStateMiddleware<AppState, Screen> -->
    /// ```swift
    /// let onScreen = middleware.shownNavigation?.top
    /// ```
    public var shownNavigation: NavigationState<Screen>? { box.navigation }

    /// Starts handing the UI the changes of the store made with this middleware in its
    /// middleware list, from the navigation in its state now.
    ///
    /// - Parameter store: The store.
    public func attach<Other: StoreState>(to store: Store<Other>) {
        guard let store = matchingStore(store, of: State.self), attachment.attach(to: store) else { return }
        start(store.state)
        attachment.keep(subscribe)
    }
}
