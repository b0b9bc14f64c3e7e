import ReMVVMStore

extension NavigationAction: CustomStringConvertible {
    /// The action as traces, test failures and histories show it: its type, qualified as every
    /// type name the library prints, one dot, then the case, with each screen written as values
    /// are.
    ///
    /// ```swift
    /// let text = NavigationAction.push(Screen.profile(id: 3)).description
    /// // "NavigationAction<Screen>.push(.profile(id: 3))"
    /// ```
    ///
    /// A replace with modals is described as it is written,
    /// `NavigationAction<Screen>.replace([.home, .item(id: 3)], presenting: [[.cart]])`.
    public var description: String {
        let text =
            switch self {
            case .push(let screen): "push(\(ValueText.value(screen)))"
            case .pop(let count): "pop(count: \(count))"
            case .popToRoot: "popToRoot"
            case .present(let screen): "present(\(ValueText.value(screen)))"
            case .dismiss: "dismiss"
            case .replace(let screens): "replace(\(Self.list(screens)))"
            case .replaceWithModals(let screens, let modals):
                "replace(\(Self.list(screens)), presenting: [\(modals.map(Self.list).joined(separator: ", "))])"
            case .synchronize(let count): "synchronize(visibleCount: \(count))"
            case .popTo(let id): "popTo(id: \(id))"
            case .close(let id): "close(id: \(id))"
            }
        return TypeName.of(Self.self) + "." + text
    }

    private static func list(_ screens: [Screen]) -> String {
        NavigationState<Screen>.list(screens)
    }
}

// The describers use the description as it is: it is written their way already.
extension NavigationAction: TextualValue {}
