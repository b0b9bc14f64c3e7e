/// One change of the screens on display, as a ``NavigationStateMiddleware`` hands it to the UI.
///
/// The changes of one action come in the order a UI performs them: what leaves first, the
/// topmost first, then what comes, the lowest first.
///
/// <!-- snippet: given changes: [NavigationChange<Screen>] -->
/// ```swift
/// for change in changes {
///     switch change {
///     case .pushed(let entry), .presented(let entry): show(entry)
///     case .popped(let entry), .dismissed(let entry): hide(entry)
///     }
/// }
/// ```
///
/// A modal that closes is one ``dismissed(_:)`` change, naming the entry it was presented
/// with: the entries pushed on it go with it. When the root itself is replaced (a
/// ``NavigationAction/replace(_:)`` deep link), the old root is ``popped(_:)`` and the new one
/// ``pushed(_:)``; after ``NavigationAction/replace(_:presenting:)``, each of its modals is then
/// ``presented(_:)`` in order, the screens of its stack ``pushed(_:)`` on it.
public enum NavigationChange<Screen> {
    /// The entry was pushed on the top stack.
    case pushed(NavigationEntry<Screen>)
    /// The entry was popped from the top stack.
    case popped(NavigationEntry<Screen>)
    /// A modal was presented with the entry as its first.
    case presented(NavigationEntry<Screen>)
    /// The modal presented with the entry closed, with every entry on its stack.
    case dismissed(NavigationEntry<Screen>)

    /// The entry that was pushed, popped, presented or dismissed.
    ///
    /// <!-- snippet: given changes: [NavigationChange<Screen>] -->
    /// ```swift
    /// let ids = changes.map(\.entry.id)
    /// ```
    public var entry: NavigationEntry<Screen> {
        switch self {
        case .pushed(let entry), .popped(let entry), .presented(let entry), .dismissed(let entry):
            entry
        }
    }
}

extension NavigationChange: Sendable where Screen: Sendable {}
extension NavigationChange: Equatable where Screen: Equatable {}
extension NavigationChange: Hashable where Screen: Hashable {}
