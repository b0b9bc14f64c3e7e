extension NavigationAction: CustomStringConvertible {
    /// The action as a log or a history lists it, with each screen as it describes itself.
    ///
    /// ```swift
    /// let text = NavigationAction.push(Screen.profile(id: 3)).description
    /// // "NavigationAction.push(profile(id: 3))"
    /// ```
    public var description: String {
        let text =
            switch self {
            case .push(let screen): "push(\(screen))"
            case .pop(let count): "pop(count: \(count))"
            case .popToRoot: "popToRoot"
            case .present(let screen): "present(\(screen))"
            case .dismiss: "dismiss"
            case .replace(let screens): "replace([\(screens.map { "\($0)" }.joined(separator: ", "))])"
            case .synchronize(let count): "synchronize(visibleCount: \(count))"
            }
        return "NavigationAction." + text
    }
}
