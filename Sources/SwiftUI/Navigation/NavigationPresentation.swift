import ReMVVMMiddleware

/// The screens of a `NavigationState` as a front end lays them out: one navigation stack per
/// stack of the state (the root stack, then one per modal), each a first screen with the
/// entries pushed on it (SwiftUI's path), and the modal over each; and the other way, what the
/// UI did by itself (a back swipe, a swipe-down) as the store's `synchronize`.
struct NavigationPresentation<Screen: Sendable> {
    let navigation: NavigationState<Screen>
    /// The stacks: the root stack first; none is empty.
    let stacks: [[NavigationEntry<Screen>]]

    init(_ navigation: NavigationState<Screen>) {
        self.navigation = navigation
        stacks = navigation.stacks
    }

    /// The first entry of stack `level`: the root view of its navigation stack.
    func root(of level: Int) -> NavigationEntry<Screen>? {
        stacks.indices.contains(level) ? stacks[level][0] : nil
    }

    /// The entries pushed on the first entry of stack `level`: its navigation path.
    func path(of level: Int) -> [NavigationEntry<Screen>] {
        stacks.indices.contains(level) ? Array(stacks[level].dropFirst()) : []
    }

    /// The modal presented over stack `level`: the first entry of the stack after it.
    func modal(over level: Int) -> NavigationEntry<Screen>? {
        root(of: level + 1)
    }

    /// Where stack `level` starts among the state's entries.
    private func start(of level: Int) -> Int {
        stacks.prefix(level).reduce(0) { $0 + $1.count }
    }

    /// What the UI's setting of stack `level`'s path to `path` dispatches: a back swipe (a
    /// path that is a shorter start of the state's) is a `synchronize` that keeps what is
    /// shown; a path equal to the state's, or one the state did not make (the UI cannot make
    /// entries), dispatches nothing.
    func synchronize(level: Int, path: [NavigationEntry<Screen>]) -> NavigationAction<Screen>? {
        let shown = self.path(of: level)
        guard stacks.indices.contains(level), path.count < shown.count,
            path.map(\.id) == shown.prefix(path.count).map(\.id)
        else { return nil }
        return .synchronize(visibleCount: start(of: level) + 1 + path.count)
    }

    /// What the UI's closing of the modal over stack `level` by itself (a swipe-down)
    /// dispatches: a `synchronize` that keeps the stacks up to `level`; nothing when no modal
    /// is over it.
    func synchronize(dismissingModalOver level: Int) -> NavigationAction<Screen>? {
        guard level >= 0, stacks.indices.contains(level + 1) else { return nil }
        return .synchronize(visibleCount: start(of: level + 1))
    }

    /// What the UI's showing of `count` screens on stack `level` (a navigation controller's
    /// back swipe) dispatches: a `synchronize` when it shows fewer than the state, nothing
    /// otherwise.
    func synchronize(level: Int, visibleOnStack count: Int) -> NavigationAction<Screen>? {
        guard stacks.indices.contains(level), count >= 1, count < stacks[level].count else { return nil }
        return .synchronize(visibleCount: start(of: level) + count)
    }
}
