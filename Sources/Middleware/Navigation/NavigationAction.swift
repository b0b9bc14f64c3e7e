public import ReMVVMStore

/// A change of the screens on display, reduced into the app's ``NavigationState``.
///
/// Register the reducer once with `store.register(navigation:)`, then dispatch
/// navigation as any other action:
///
/// ```swift
/// store.register(navigation: \.navigation)
/// store.dispatch(action: NavigationAction.push(Screen.greetings))
/// store.dispatch(action: NavigationAction<Screen>.pop(count: 1))
/// store.dispatch(action: NavigationAction.present(Screen.profile(id: 3)))
/// store.dispatch(action: NavigationAction<Screen>.dismiss)
/// store.dispatch(action: NavigationAction.replace([Screen.home, .item(id: 3)], presenting: [[.cart]]))
/// store.dispatch(action: NavigationAction<Screen>.popTo(id: 2))   // back to entry 2, which stays
/// store.dispatch(action: NavigationAction<Screen>.close(id: 2))   // entry 2 goes, with all above it
/// ```
///
/// A request that cannot be met (a pop below the first screen of the top stack, a count below
/// one, a dismiss with no modal, a replace with no screen or with a modal of no screen, a
/// synchronize to zero entries or to more entries than there are, a pop to or a close of an
/// entry that is not shown, a close of the root entry) changes nothing and is reported through
/// the store's diagnostics hook as `StoreDiagnostic.Kind.impossibleNavigation`.
public enum NavigationAction<Screen: Sendable>: StoreAction {
    /// Shows `screen` on top of the top stack (the root stack, or the topmost modal's).
    case push(Screen)
    /// Goes back `count` screens in the top stack; its first screen stays (close a modal with
    /// ``dismiss``).
    case pop(count: Int)
    /// Goes back to the first screen of the top stack; nothing happens when it shows already.
    case popToRoot
    /// Shows `screen` modally, over everything, as the first screen of a new stack.
    case present(Screen)
    /// Closes the topmost modal, with every screen on its stack.
    case dismiss
    /// Makes the screens exactly `screens`: the first one the new root, the others pushed on
    /// it, no modal (a deep link). Every entry is new.
    case replace([Screen])
    /// Makes the screens exactly `screens` and `modals`: the first screen the new root, the
    /// others pushed on it, then each array of `modals` presented in order, its first screen
    /// presented and the others pushed on it (a deep link to a sheet). Every entry is new.
    ///
    /// Write it ``replace(_:presenting:)``, which builds this case, or ``replace(_:)`` when
    /// `modals` is empty; a `switch` over the actions matches it here.
    case replaceWithModals([Screen], presenting: [[Screen]])
    /// The UI already went back by itself (the system's back gesture): keeps the first
    /// `visibleCount` entries of ``NavigationState/entries``, and nothing is handed back to the
    /// UI, which shows them already.
    case synchronize(visibleCount: Int)
    /// Goes back to the entry with identifier `id`, which stays: every entry above it goes, and
    /// the modals over it are dismissed. Nothing happens when it is on top already.
    ///
    /// The identifier is the entry's ``NavigationEntry/id``, which a screen's view model knows,
    /// so a screen deep in a flow returns to a screen it remembers without counting screens.
    ///
    /// - Complexity: O(*n*) for *n* entries, to find the entry.
    case popTo(id: Int)
    /// Closes the entry with identifier `id` and every entry above it: when it is the first
    /// entry of a modal's stack, that modal is dismissed (with the modals over it); otherwise
    /// it is popped with every entry above it. The root entry cannot be closed.
    ///
    /// A screen closes itself by its own entry, wherever it is shown: pushed or presented, on
    /// top or under a modal it presented.
    ///
    /// - Complexity: O(*n*) for *n* entries, to find the entry.
    case close(id: Int)
}

extension NavigationAction {
    /// Makes the screens exactly `screens` with `modals` presented over them, in one action: a
    /// deep link to a sheet.
    ///
    /// The first screen of `screens` is the new root and the others are pushed on it; then
    /// each array of `modals` is a modal with its own stack, presented in order over the one
    /// before. Every entry is new, and the UI is handed the old entries leaving and the new ones
    /// coming, as for ``replace(_:)``.
    ///
    /// ```swift
    /// store.dispatch(
    ///     action: NavigationAction.replace([Screen.home, .item(id: 3)], presenting: [[.cart]]))
    /// // stacks: [[.home, .item(id: 3)], [.cart]]
    /// ```
    ///
    /// A replace with no screen, or with a modal of no screen, cannot be met: it changes nothing
    /// and is reported through the store's diagnostics.
    ///
    /// - Parameters:
    ///   - screens: The root stack, its first screen the root.
    ///   - modals: The modals, lowest first, each a stack whose first screen is presented.
    /// - Returns: ``replace(_:)`` when `modals` is empty, so that the two spellings of one
    ///   request are equal; ``replaceWithModals(_:presenting:)`` otherwise.
    public static func replace(_ screens: [Screen], presenting modals: [[Screen]]) -> Self {
        modals.isEmpty ? .replace(screens) : .replaceWithModals(screens, presenting: modals)
    }
}

extension NavigationAction: Equatable where Screen: Equatable {}
extension NavigationAction: Hashable where Screen: Hashable {}
extension NavigationAction: Codable where Screen: Codable {}
