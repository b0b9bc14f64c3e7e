public import ReMVVMStore

/// A part of the state of the screen in one navigation entry, as a view reads and sets it: what
/// `store.binding(_:entry:)` gives for a part declared with `register(binding:forEach:case:)`.
///
/// ```swift
/// let title = store.binding(\RecordState.note, entry: 2)
/// title.get()            // the note of the recording in entry 2
/// title.set("Ran late")     // dispatches BindingAction(path: "RecordState.note", value: "Ran late", entry: 2)
/// ```
///
/// Once the entry is gone, ``get()`` gives the value the part had when the binding was made (a
/// view may render once more while its screen leaves), and ``set(_:)`` dispatches an action the
/// store reports and ignores. It holds its store strongly, as a `StoreBinding` does.
@MainActor
public struct EntryBinding<State: StoreState, Value: Sendable> {
    private let store: Store<State>
    /// The part of the screen's state.
    public let part: AnyKeyPath
    /// The navigation entry whose screen holds the part.
    public let entry: Int
    private let registration: (name: String, get: @MainActor (State, Int) -> Value??)?
    private let initial: Value?

    init(store: Store<State>, part: AnyKeyPath, entry: Int) {
        self.store = store
        self.part = part
        self.entry = entry
        registration = store.entryBinding(part, of: Value.self)
        initial = registration?.get(store.state, entry) ?? nil
    }

    /// The part's value in the entry's screen now; once the entry is gone, the value it had when
    /// the binding was made. `nil` when the entry shows another screen, when the part was never
    /// registered, or when its entry was not shown when the binding was made.
    ///
    /// - Returns: The value.
    public func get() -> Value? {
        guard let registration else { return nil }
        // Gone: the value at the binding's making. Shown with another screen: none.
        return registration.get(store.state, entry) ?? initial
    }

    /// Sets the part in the entry's screen: dispatches its `BindingAction`, unless the value is
    /// the one it has (`Equatable` values). A part that was not registered changes nothing and is
    /// reported as `StoreDiagnostic.Kind.unregisteredBinding`.
    ///
    /// - Parameter newValue: The part's new value.
    public func set(_ newValue: Value) {
        guard let registration else {
            store.diagnosticsHandler(
                StoreDiagnostic(
                    kind: .unregisteredBinding,
                    message:
                        "A binding of \(part) in entry \(entry) was set, but that part is not registered; "
                        + "the state did not change. Declare it with store.register(binding:forEach:case:)."))
            return
        }
        if let current = registration.get(store.state, entry) ?? nil, BindingValues.areSame(current, newValue)
        {
            return
        }
        store.dispatch(action: BindingAction(path: registration.name, value: newValue, entry: entry))
    }
}

extension Store {
    /// The part at `part` of the state of the screen in navigation entry `entry`, as a view
    /// reads and sets it; declare the part with `register(binding:forEach:case:)` first.
    ///
    /// ```swift
    /// let title = store.binding(\RecordState.note, entry: 2)
    /// title.set("Ran late")
    /// ```
    ///
    /// - Parameters:
    ///   - part: The part of the screen's state.
    ///   - entry: The navigation entry.
    /// - Returns: The binding.
    public func binding<Payload, Value: Sendable>(
        _ part: WritableKeyPath<Payload, Value>, entry: Int
    ) -> EntryBinding<State, Value> {
        EntryBinding(store: self, part: part, entry: entry)
    }
}
