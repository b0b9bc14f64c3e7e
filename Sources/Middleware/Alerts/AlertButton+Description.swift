import ReMVVMStore

extension AlertButton: CustomStringConvertible {
    /// The button as it is written: its role, its label, and the value its tap delivers.
    ///
    /// ```swift
    /// let button = AlertButton<DetailAlert>.destructive("Yes, delete", action: .confirmDeletion)
    /// button.description      // .destructive("Yes, delete", action: .confirmDeletion)
    /// AlertButton<DetailAlert>.cancel("Nevermind").description   // .cancel("Nevermind")
    /// ```
    public var description: String {
        let label = ValueText.value(self.label)
        guard let action else { return ".\(role.rawValue)(\(label))" }
        return ".\(role.rawValue)(\(label), action: \(ValueText.value(action)))"
    }
}

// The describers use the description as it is: it is written their way already.
extension AlertButton: TextualValue {}
