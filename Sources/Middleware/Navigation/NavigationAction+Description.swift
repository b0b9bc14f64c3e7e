extension NavigationAction: CustomStringConvertible {
    /// The action as a log or a history lists it, with each screen as it describes itself.
    ///
    /// ```swift
    /// let text = NavigationAction.push(Screen.profile(id: 3)).description
    /// // "NavigationAction.push(profile(id: 3))"
    /// ```
    ///
    /// A replace with modals is described as it is written,
    /// `NavigationAction.replace([home, item(id: 3)], presenting: [[cart]])`.
    public var description: String {
        let text =
            switch self {
            case .push(let screen): "push(\(screen))"
            case .pop(let count): "pop(count: \(count))"
            case .popToRoot: "popToRoot"
            case .present(let screen): "present(\(screen))"
            case .dismiss: "dismiss"
            case .replace(let screens): "replace(\(Self.list(screens)))"
            case .replaceWithModals(let screens, let modals):
                "replace(\(Self.list(screens)), presenting: [\(modals.map(Self.list).joined(separator: ", "))])"
            case .synchronize(let count): "synchronize(visibleCount: \(count))"
            }
        return "NavigationAction." + text
    }

    /// `[login, profile(id: 3)]`: the screens as they describe themselves.
    private static func list(_ screens: [Screen]) -> String {
        "[" + screens.map { "\($0)" }.joined(separator: ", ") + "]"
    }
}
