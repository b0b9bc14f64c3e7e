import ReMVVMStore

extension AlertTapped: CustomStringConvertible {
    /// The tap as traces, test failures and histories show an action: its type, then the entry
    /// and the button's value written as values are.
    ///
    /// ```swift
    /// let tap = AlertTapped(entry: 4, action: DetailAlert.confirmDeletion)
    /// tap.description     // AlertTapped<DetailAlert>(entry: 4, action: .confirmDeletion)
    /// ```
    public var description: String {
        let value = action.map { ValueText.value($0) } ?? "nil"
        return "\(TypeName.of(Self.self))(entry: \(entry), action: \(value))"
    }
}

// The describers use the description as it is: it is written their way already.
extension AlertTapped: TextualValue {}
