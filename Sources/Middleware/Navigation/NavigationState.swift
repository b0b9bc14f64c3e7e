import ReMVVMStore

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
/// An entry is reached by its identifier too, which a screen's view model knows: the
/// subscript ``subscript(id:)`` reads it and changes its screen in place (a screen's own state
/// rides in its entry), and ``NavigationAction/popTo(id:)`` and ``NavigationAction/close(id:)``
/// go back to it or close it, wherever it is.
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
    /// Which navigation this is a version of: every change keeps it, and a navigation made anew
    /// (``init(root:)``, decoded) takes a new one. Identifiers are unique within a lineage
    /// only: a navigation made anew gives its first entries identifiers an older one gave too,
    /// and the store's places (ScreenCase.swift, NavigationDiff.swift) tell the two apart by it.
    /// Not part of `==`, the hash or the encoding.
    @usableFromInline let lineage: NavigationLineage

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
        lineage = NavigationLineage()
    }

    /// Creates a state from its stored parts, as a `SessionTestExporter` writes a state in the
    /// code of a test (with `@testable import ReMVVMMiddleware`); they must keep the promises
    /// of every state.
    @usableFromInline
    init(shownEntries: [NavigationEntry<Screen>], modalStarts: [Int], nextID: Int) {
        self.shownEntries = shownEntries
        self.modalStarts = modalStarts
        self.nextID = nextID
        lineage = NavigationLineage()
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
        lineage = NavigationLineage()
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

    /// The entry with identifier `id`, or `nil` when none is shown; set it to change that
    /// entry's screen in place, or to `nil` to close it.
    ///
    /// A screen's own state rides in its entry, so a reducer changes it through its entry's
    /// identifier, which a screen's view model knows:
    ///
    /// ```swift
    /// var navigation = NavigationState(root: Screen.home)
    /// navigation.apply(.push(.item(id: 3)))
    /// let id = navigation.top.id                   // 2
    /// navigation[id: id]?.screen = .item(id: 4)    // [.home, .item(id: 4)], the entry still 2
    /// navigation[id: id] = nil                     // [.home]: as NavigationAction.close(id: 2)
    /// navigation[id: 9]?.screen = .home            // no entry 9: nothing happens
    /// ```
    ///
    /// Setting an entry replaces only the screen of the entry with identifier `id`: it keeps
    /// that identifier and its place, whatever the new value's ``NavigationEntry/id`` says (an
    /// identifier belongs to one appearance, and the state alone gives them), so its view
    /// models stay and a UI sees no entry come or go. Setting `nil` closes the entry with every
    /// entry above it, as ``NavigationAction/close(id:)`` does: a modal whose first entry it is
    /// is dismissed, with every modal over it. Setting an entry that is not shown, or `nil` for
    /// the root entry (which always stays), changes nothing; ``problem(with:)`` says why for a
    /// close.
    ///
    /// - Parameter id: An entry's identifier.
    /// - Returns: The entry, or `nil` when no shown entry has that identifier.
    /// - Complexity: O(*n*) for *n* entries, to find the entry; closing removes the entries
    ///   above it too.
    public subscript(id id: Int) -> NavigationEntry<Screen>? {
        get {
            entryIndex(of: id).map { shownEntries[$0] }
        }
        set {
            guard let index = entryIndex(of: id) else { return }
            if let newValue {
                shownEntries[index].screen = newValue.screen
            } else if index > 0 {
                keepFirst(index)
            }
        }
    }

    /// Where the entry with identifier `id` is in ``entries``, or `nil`; searched from the
    /// top, where the entries an app closes usually are.
    @inlinable
    func entryIndex(of id: Int) -> Int? {
        shownEntries.lastIndex { $0.id == id }
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
    ///   *k* entries removed or added otherwise, and O(*n*) for *n* entries to find the entry
    ///   of a ``NavigationAction/popTo(id:)`` or a ``NavigationAction/close(id:)``.
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
    /// - Complexity: O(1), O(*m*) for a replace with *m* modals, O(*n*) for *n* entries for
    ///   ``NavigationAction/popTo(id:)`` and ``NavigationAction/close(id:)``.
    @inlinable
    public func problem(with action: NavigationAction<Screen>) -> String? {
        switch action {
        case .push, .present, .popToRoot:
            return nil
        case .popTo(let id):
            return entryIndex(of: id) == nil ? notShown(id, "cannot pop to entry") : nil
        case .close(let id):
            guard let index = entryIndex(of: id) else { return notShown(id, "cannot close entry") }
            guard index > 0 else {
                return "cannot close entry \(id): it is the root, which always stays "
                    + "(replace makes a new root)."
            }
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

    /// `cannot close entry 7: no entry with that id is shown (shown: 1, 2, 5).`
    @usableFromInline
    func notShown(_ id: Int, _ request: String) -> String {
        let shown = shownEntries.map { String($0.id) }.joined(separator: ", ")
        return "\(request) \(id): no entry with that id is shown (shown: \(shown))."
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
            keepFirst(visibleCount)
        case .popTo(let id):
            if let index = entryIndex(of: id) { keepFirst(index + 1) }
        case .close(let id):
            if let index = entryIndex(of: id) { keepFirst(index) }
        }
    }

    /// Keeps the first `count` entries of ``entries`` (at least one): a modal whose first entry
    /// goes is dismissed, and one whose first entry stays keeps what is left of its stack.
    @inlinable
    mutating func keepFirst(_ count: Int) {
        shownEntries.removeSubrange(count...)
        while let last = modalStarts.last, last >= count { modalStarts.removeLast() }
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

extension NavigationState: Equatable where Screen: Equatable {
    /// Whether both show the same entries in the same stacks, and give the same identifier to
    /// the next entry; which navigation each is a version of does not count.
    @inlinable
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.nextID == rhs.nextID && lhs.modalStarts == rhs.modalStarts && lhs.shownEntries == rhs.shownEntries
    }
}

extension NavigationState: Hashable where Screen: Hashable {
    /// Hashes what `==` compares.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(shownEntries)
        hasher.combine(modalStarts)
        hasher.combine(nextID)
    }
}

/// Which navigation a ``NavigationState`` is a version of: a number no other navigation made in
/// this process has. It shows nothing to `Mirror`, so states compared or printed by their
/// stored properties look the same whatever their lineage.
@usableFromInline
struct NavigationLineage: Sendable, Equatable, CustomReflectable, CustomStringConvertible {
    @usableFromInline let number: UInt64

    /// A lineage no navigation had before.
    @inlinable
    init() {
        number = Self.next()
    }

    @usableFromInline
    static func next() -> UInt64 {
        navigationLineages.withLock { count in
            count &+= 1
            return count
        }
    }

    @usableFromInline var customMirror: Mirror { Mirror(self, children: []) }
    @usableFromInline var description: String { "" }
}

/// The last lineage given; any thread may make a navigation.
private let navigationLineages = Locked<UInt64>(0)
