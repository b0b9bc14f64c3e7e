/// One screen on display in a ``NavigationState``: the screen, and an identifier new for every
/// appearance.
///
/// The same screen pushed twice is two entries with two identifiers, so each appearance has
/// its own view models (`store.viewModel(for: entry)`)
/// and a UI can tell them apart when it animates.
///
/// ```swift
/// var navigation = NavigationState(root: Screen.login)
/// navigation.apply(.push(.greetings))
/// navigation.top.screen     // .greetings
/// navigation.top.id         // 2: the root is 1, and each new entry takes the next number
/// ```
///
/// Entries are made by the state only, so identifiers are unique within a state and never
/// reused by the states that follow it; a state restored from a file goes on from where it
/// stopped.
public struct NavigationEntry<Screen>: Identifiable {
    /// The screen this entry shows: settable, so that a screen's own state rides in its entry
    /// and a reducer changes it in place, where the entry stands and with its identifier.
    ///
    /// ```swift
    /// var navigation = NavigationState(root: Screen.home)
    /// navigation.apply(.push(.item(id: 3)))
    /// let id = navigation.top.id
    /// navigation[id: id]?.screen = .item(id: 4)   // the same entry, the same view models
    /// ```
    public var screen: Screen
    /// The entry's identifier: unique among the entries of its state, and never given to
    /// another entry by the states that follow it.
    public let id: Int

    @usableFromInline
    init(screen: Screen, id: Int) {
        self.screen = screen
        self.id = id
    }
}

extension NavigationEntry: Sendable where Screen: Sendable {}
extension NavigationEntry: Equatable where Screen: Equatable {}
extension NavigationEntry: Hashable where Screen: Hashable {}
extension NavigationEntry: Codable where Screen: Codable {}
