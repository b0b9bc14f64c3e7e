// When a binding's set dispatches nothing: shared by a part of the state's binding and a part of
// a screen's (ReMVVMMiddleware's `EntryBinding`).

package enum BindingValues {
    /// Whether two values are equal, when their type is `Equatable`; `false` otherwise.
    package static func areSame<Value>(_ current: Value, _ newValue: Value) -> Bool {
        guard let current = current as? any Equatable else { return false }
        return isEqual(current, newValue)
    }

    private static func isEqual<Compared: Equatable, Value>(_ current: Compared, _ newValue: Value) -> Bool {
        (newValue as? Compared) == current
    }
}
