extension BindingAction: CustomStringConvertible {
    /// The action as traces, test failures and histories show an action: its type, then the
    /// part's name and the value written as values are.
    ///
    /// ```swift
    /// let action = BindingAction(path: "draft.title", value: "Dune")
    /// action.description   // BindingAction<String>(path: "draft.title", value: "Dune")
    /// ```
    public var description: String {
        let entry = entry.map { ", entry: \($0)" } ?? ""
        return
            "\(TypeName.of(Self.self))(path: \(ValueText.value(path)), value: \(ValueText.value(value))\(entry))"
    }
}

// The describers use the description as it is: it is written their way already.
extension BindingAction: TextualValue {}
