/// Compares two states field by field, as text.
enum StateDiff {
    /// The named fields whose text differs; for a state without named fields, one change named
    /// `state` when its text differs.
    static func changes<State>(from oldState: State, to newState: State) -> [ActionTrace.Change] {
        let oldFields = Mirror(reflecting: oldState).children
        let newFields = Mirror(reflecting: newState).children
        guard !oldFields.isEmpty, oldFields.allSatisfy({ $0.label != nil }),
            oldFields.count == newFields.count
        else {
            let old = describe(oldState)
            let new = describe(newState)
            return old == new ? [] : [ActionTrace.Change(field: "state", oldValue: old, newValue: new)]
        }
        var changes: [ActionTrace.Change] = []
        for (old, new) in zip(oldFields, newFields) {
            let oldText = describe(old.value)
            let newText = describe(new.value)
            if oldText != newText {
                changes.append(
                    ActionTrace.Change(field: old.label ?? "state", oldValue: oldText, newValue: newText))
            }
        }
        return changes
    }

    /// A value as text: optionals unwrapped (`nil` or the value), strings quoted.
    static func describe(_ value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            guard let wrapped = mirror.children.first else { return "nil" }
            return describe(wrapped.value)
        }
        if let string = value as? String { return String(reflecting: string) }
        return String(describing: value)
    }
}
