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
    /// Every entry, root first, each modal's entries after the entries of its presenter's
    /// stack; ``top`` is the last, and there is always one.
    ///
    /// ```swift
    /// let screens = store.state.navigation.entries.map(\.screen)   // [.login, .greetings]
    /// ```
    @inlinable
    public var entries: [NavigationEntry<Screen>] { shownEntries }
    /// The storage of ``entries``.
    @usableFromInline var shownEntries: [NavigationEntry<Screen>]
    /// Where each modal's stack starts in ``entries``, in increasing order; each above 0.
    ///
    /// One flat array rather than an array of stacks, so that a push or a pop copies one
    /// buffer, not two (measured with the `navigation` benchmark workload: 2 mallocs per
    /// action with nested arrays, 1 flat).
    @usableFromInline var modalStarts: [Int]
    /// The identifier the next new entry takes; greater than every identifier in ``entries``.
    @usableFromInline var nextID: Int

    /// Creates a state that shows `root`.
    ///
    /// ```swift
    /// let navigation = NavigationState(root: Screen.login)
    /// navigation.entries.map(\.screen)     // [.login]
    /// ```
    ///
    /// - Parameter root: The first screen; its entry's identifier is 1.
    @inlinable
    public init(root: Screen) {
        shownEntries = [NavigationEntry(screen: root, id: 1)]
        modalStarts = []
        nextID = 2
    }

    /// Creates a state from its stored parts, as a `SessionTestExporter` writes a state in the
    /// code of a test (with `@testable import ReMVVMMiddleware`); they must keep the promises
    /// of every state.
    @usableFromInline
    init(shownEntries: [NavigationEntry<Screen>], modalStarts: [Int], nextID: Int) {
        self.shownEntries = shownEntries
        self.modalStarts = modalStarts
        self.nextID = nextID
    }

    /// Creates a state from stacks that were checked to be valid.
    init(validStacks: [[NavigationEntry<Screen>]], nextID: Int) {
        shownEntries = Array(validStacks.joined())
        modalStarts = []
        var start = 0
        for stack in validStacks.dropLast() {
            start += stack.count
            modalStarts.append(start)
        }
        self.nextID = nextID
    }

    /// The entry on top: the last entry of the topmost stack.
    ///
    /// ```swift
    /// if case .greetings = store.state.navigation.top.screen { showGreetings() }
    /// ```
    @inlinable
    public var top: NavigationEntry<Screen> {
        // `entries` is never empty: every mutation keeps the root.
        shownEntries[shownEntries.count - 1]
    }

    /// The root stack first, then one stack per modal, the topmost last; none is empty.
    ///
    /// ```swift
    /// let modalCount = store.state.navigation.stacks.count - 1
    /// ```
    ///
    /// - Complexity: O(*n*) for *n* entries: the stacks are made from ``entries``.
    public var stacks: [[NavigationEntry<Screen>]] {
        var stacks: [[NavigationEntry<Screen>]] = []
        stacks.reserveCapacity(modalStarts.count + 1)
        var start = 0
        for end in modalStarts {
            stacks.append(Array(shownEntries[start..<end]))
            start = end
        }
        stacks.append(Array(shownEntries[start...]))
        return stacks
    }

    /// Where the top stack starts in ``entries``.
    @inlinable
    var topStackStart: Int { modalStarts.last ?? 0 }

    /// Whether the entry at `index` of ``entries`` is the first of a modal's stack.
    @inlinable
    func startsModal(at index: Int) -> Bool {
        index > 0 && modalStarts.contains(index)
    }

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
    @inlinable
    public func contains(id: Int) -> Bool {
        shownEntries.contains { $0.id == id }
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
    @inlinable
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
    /// - Complexity: O(1), or O(*m*) for a replace with *m* modals.
    @inlinable
    public func problem(with action: NavigationAction<Screen>) -> String? {
        switch action {
        case .push, .present, .popToRoot:
            return nil
        case .pop(let count):
            if count < 1 {
                return "cannot pop \(count) screens: the count must be at least 1."
            }
            let shown = shownEntries.count - topStackStart
            guard count < shown else {
                let screens = count == 1 ? "1 screen" : "\(count) screens"
                return "cannot pop \(screens): the top stack shows \(shown) and its first one stays "
                    + "(pop(count:) takes at most \(shown - 1); dismiss closes a modal)."
            }
            return nil
        case .dismiss:
            return modalStarts.isEmpty ? "cannot dismiss: no modal is presented." : nil
        case .replace(let screens):
            return screens.isEmpty ? "cannot replace the screens with none: give at least a root." : nil
        case .replaceWithModals(let screens, let modals):
            if screens.isEmpty { return "cannot replace the screens with none: give at least a root." }
            guard let empty = modals.firstIndex(where: \.isEmpty) else { return nil }
            return "cannot present modal \(empty + 1) of \(modals.count) with no screen: "
                + "every modal shows at least the screen it is presented with."
        case .synchronize(let visibleCount):
            let count = shownEntries.count
            guard visibleCount >= 1 && visibleCount <= count else {
                return "cannot synchronize to \(visibleCount) visible entries: there are \(count), "
                    + "and the root always stays (1...\(count))."
            }
            return nil
        }
    }

    /// Makes the change; `action` was checked by ``problem(with:)``.
    @inlinable
    mutating func perform(_ action: NavigationAction<Screen>) {
        switch action {
        case .push(let screen):
            shownEntries.append(makeEntry(screen))
        case .pop(let count):
            shownEntries.removeLast(count)
        case .popToRoot:
            shownEntries.removeSubrange((topStackStart + 1)...)
        case .present(let screen):
            modalStarts.append(shownEntries.count)
            shownEntries.append(makeEntry(screen))
        case .dismiss:
            shownEntries.removeSubrange(modalStarts.removeLast()...)
        case .replace(let screens):
            replace(screens, presenting: [])
        case .replaceWithModals(let screens, let modals):
            replace(screens, presenting: modals)
        case .synchronize(let visibleCount):
            shownEntries.removeSubrange(visibleCount...)
            while let last = modalStarts.last, last >= visibleCount { modalStarts.removeLast() }
        }
    }

    /// Makes the entries exactly `screens`, then each of `modals` as a modal's stack; none is
    /// empty.
    @inlinable
    mutating func replace(_ screens: [Screen], presenting modals: [[Screen]]) {
        var made: [NavigationEntry<Screen>] = []
        made.reserveCapacity(modals.reduce(screens.count) { $0 + $1.count })
        for screen in screens { made.append(makeEntry(screen)) }
        modalStarts = []
        for modal in modals {
            modalStarts.append(made.count)
            for screen in modal { made.append(makeEntry(screen)) }
        }
        shownEntries = made
    }

    @inlinable
    mutating func makeEntry(_ screen: Screen) -> NavigationEntry<Screen> {
        defer { nextID += 1 }
        return NavigationEntry(screen: screen, id: nextID)
    }
}

extension NavigationState: Sendable where Screen: Sendable {}
extension NavigationState: Equatable where Screen: Equatable {}
extension NavigationState: Hashable where Screen: Hashable {}
