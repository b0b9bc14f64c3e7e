import ReMVVMStore

extension NavigationState: CustomStringConvertible {
    /// The screens on display, as traces and test failures show the state: the root stack,
    /// then each modal's stack after `presenting`, the topmost last; each screen written as
    /// values are. The entries' identifiers are left out.
    ///
    /// ```swift
    /// var navigation = NavigationState(root: Screen.home)
    /// navigation.apply(.push(.item(id: 3)))
    /// navigation.description      // "[.home, .item(id: 3)]"
    /// navigation.apply(.present(.login))
    /// navigation.description      // "[.home, .item(id: 3)] presenting [.login]"
    /// ```
    ///
    /// A test store's failure and a trace show a change of it as one difference between two
    /// such texts, `navigation: [.home, .item(id: 3)] -> [.home]`.
    ///
    /// - Complexity: O(*n*) for *n* entries.
    public var description: String {
        stacks.map { stack in Self.list(stack.map(\.screen)) }.joined(separator: " presenting ")
    }

    /// `[.login, .profile(id: 3)]`: the screens written as values are.
    static func list(_ screens: [Screen]) -> String {
        "[" + screens.map { ValueText.value($0) }.joined(separator: ", ") + "]"
    }
}

// Differences between two states are told as their screens, not as paths into the storage.
extension NavigationState: TextualValue {
    /// The screens with each entry's identifier, and the identifier the next entry takes
    /// (`[#1 .list, #2 .detail(id: 3)] (next #3)`): what a difference shows of two states that
    /// show the same screens.
    package var detailedDescription: String {
        let stacks = stacks.map { stack in
            "[" + stack.map { "#\($0.id) \(ValueText.value($0.screen))" }.joined(separator: ", ") + "]"
        }
        return stacks.joined(separator: " presenting ") + " (next #\(nextID))"
    }
}
