/// The screens on display, as state: a root stack, and the modals presented over it, each a
/// stack of its own.
///
/// Keep one in the app state and change it with ``NavigationAction``s, so the app's hierarchy
/// is recreated from state: restored from a file, built from a deep link, asserted by a
/// `TestStore`, undone like any other change.
///
/// ```swift
/// enum Screen: Hashable, Codable, Sendable { case login, greetings, profile(id: Int) }
/// struct AppState: StoreState { var navigation = NavigationState(root: Screen.login) }
///
/// let store = Store(with: AppState())
/// store.register(navigation: \.navigation)
/// store.dispatch(action: NavigationAction.push(Screen.greetings))
/// store.state.navigation.top.screen      // .greetings
/// ```
///
/// It is never empty: the root stack always holds its first entry, and a modal stack holds at
/// least the entry it was presented with. Each entry has an ``NavigationEntry/id`` new for
/// every appearance, taken from a counter the state carries, so reducing stays a pure function
/// and two stores that reduce the same actions from the same state reach equal states.
///
/// The same changes are available as ``apply(_:)``, which a test uses to say what it expects:
///
/// <!-- snippet: given testStore: TestStore<AppState> -->
/// ```swift
/// try await testStore.send(NavigationAction.push(Screen.greetings)) {
///     $0.navigation.apply(.push(.greetings))
/// }
/// ```
public struct NavigationState<Screen> {
    /// The root stack first, then one stack per modal, the topmost last; none is empty.
    public private(set) var stacks: [[NavigationEntry<Screen>]]
    /// The identifier the next new entry takes; greater than every identifier in ``stacks``.
    private(set) var nextID: Int

    /// Creates a state that shows `root`.
    ///
    /// ```swift
    /// let navigation = NavigationState(root: Screen.login)
    /// navigation.entries.map(\.screen)     // [.login]
    /// ```
    ///
    /// - Parameter root: The first screen; its entry's identifier is 1.
    public init(root: Screen) {
        stacks = [[NavigationEntry(screen: root, id: 1)]]
        nextID = 2
    }

    /// Creates a state from stacks that were checked to be valid.
    init(validStacks: [[NavigationEntry<Screen>]], nextID: Int) {
        stacks = validStacks
        self.nextID = nextID
    }

    /// The entry on top: the last entry of the topmost stack.
    ///
    /// ```swift
    /// if case .greetings = store.state.navigation.top.screen { showGreetings() }
    /// ```
    public var top: NavigationEntry<Screen> {
        // Neither `stacks` nor any of its stacks is ever empty (every mutation keeps it so).
        stacks[stacks.count - 1][stacks[stacks.count - 1].count - 1]
    }

    /// Every entry, root first, each modal's entries after the entries of its presenter's
    /// stack; ``top`` is the last.
    ///
    /// ```swift
    /// let screens = store.state.navigation.entries.map(\.screen)   // [.login, .greetings]
    /// ```
    ///
    /// - Complexity: O(*n*) for *n* entries.
    public var entries: [NavigationEntry<Screen>] { stacks.flatMap { $0 } }

    /// Whether an entry with `id` is on display.
    ///
    /// <!-- snippet: given entry: NavigationEntry<Screen> -->
    /// ```swift
    /// let shown = store.state.navigation.contains(id: entry.id)
    /// ```
    ///
    /// - Parameter id: An entry's identifier.
    /// - Returns: `true` when one of the entries has that identifier.
    /// - Complexity: O(*n*) for *n* entries.
    public func contains(id: Int) -> Bool {
        stacks.contains { stack in stack.contains { $0.id == id } }
    }

    // MARK: - Changes

    /// Makes the change `action` asks for, as the store's reducer does, or nothing when it
    /// cannot be met.
    ///
    /// ```swift
    /// var navigation = NavigationState(root: Screen.login)
    /// navigation.apply(.present(.greetings))
    /// navigation.apply(.dismiss)              // true: back on the login screen
    /// navigation.apply(.dismiss)              // false: no modal left, nothing changed
    /// ```
    ///
    /// - Parameter action: The change.
    /// - Returns: `true` when the state changed as asked; `false` when the request could not
    ///   be met (``problem(with:)`` says why) and the state is as it was.
    /// - Complexity: O(1) for a push, a present, a dismiss and a pop of one entry; O(*k*) for
    ///   *k* entries removed or added otherwise.
    @discardableResult
    public mutating func apply(_ action: NavigationAction<Screen>) -> Bool {
        guard problem(with: action) == nil else { return false }
        perform(action)
        return true
    }

    /// Why `action` cannot be met in this state, or `nil` when it can.
    ///
    /// ```swift
    /// let navigation = NavigationState(root: Screen.login)
    /// navigation.problem(with: .pop(count: 1))
    /// // "cannot pop 1 screen: the top stack shows 1 screen, and its first one stays (...)"
    /// ```
    ///
    /// - Parameter action: The change.
    /// - Returns: One line naming the request and what stands in its way, or `nil`.
    /// - Complexity: O(1).
    public func problem(with action: NavigationAction<Screen>) -> String? {
        switch action {
        case .push, .present, .popToRoot:
            return nil
        case .pop(let count):
            if count < 1 {
                return "cannot pop \(count) screens: the count must be at least 1."
            }
            let shown = stacks[stacks.count - 1].count
            guard count < shown else {
                let screens = count == 1 ? "1 screen" : "\(count) screens"
                return "cannot pop \(screens): the top stack shows \(shown) and its first one stays "
                    + "(pop(count:) takes at most \(shown - 1); dismiss closes a modal)."
            }
            return nil
        case .dismiss:
            return stacks.count > 1 ? nil : "cannot dismiss: no modal is presented."
        case .replace(let screens):
            return screens.isEmpty ? "cannot replace the screens with none: give at least a root." : nil
        case .synchronize(let visibleCount):
            let count = stacks.reduce(0) { $0 + $1.count }
            guard visibleCount >= 1 && visibleCount <= count else {
                return "cannot synchronize to \(visibleCount) visible entries: there are \(count), "
                    + "and the root always stays (1...\(count))."
            }
            return nil
        }
    }

    /// Makes the change; `action` was checked by ``problem(with:)``.
    mutating func perform(_ action: NavigationAction<Screen>) {
        switch action {
        case .push(let screen):
            stacks[stacks.count - 1].append(makeEntry(screen))
        case .pop(let count):
            stacks[stacks.count - 1].removeLast(count)
        case .popToRoot:
            stacks[stacks.count - 1].removeSubrange(1...)
        case .present(let screen):
            stacks.append([makeEntry(screen)])
        case .dismiss:
            stacks.removeLast()
        case .replace(let screens):
            var stack: [NavigationEntry<Screen>] = []
            stack.reserveCapacity(screens.count)
            for screen in screens { stack.append(makeEntry(screen)) }
            stacks = [stack]
        case .synchronize(let visibleCount):
            var remaining = visibleCount
            var kept = 0
            while kept < stacks.count && remaining > 0 {
                if stacks[kept].count > remaining { stacks[kept].removeSubrange(remaining...) }
                remaining -= stacks[kept].count
                kept += 1
            }
            stacks.removeSubrange(kept...)
        }
    }

    private mutating func makeEntry(_ screen: Screen) -> NavigationEntry<Screen> {
        defer { nextID += 1 }
        return NavigationEntry(screen: screen, id: nextID)
    }
}

extension NavigationState: Sendable where Screen: Sendable {}
extension NavigationState: Equatable where Screen: Equatable {}
extension NavigationState: Hashable where Screen: Hashable {}
