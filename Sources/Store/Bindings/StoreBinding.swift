/// A part of a store's state that a view reads and sets: setting it dispatches a
/// ``BindingAction``, so the change goes through the middleware and is traced, recorded and
/// undone like any other.
///
/// ```swift
/// struct Draft: Equatable { var title = "" }
/// struct Editor: StoreState { var draft = Draft() }
///
/// let store = Store(with: Editor())
/// store.register(binding: \.draft.title, named: "draft.title")
///
/// let title = store.binding(\.draft.title)
/// title.set("Dune")   // dispatches BindingAction(path: "draft.title", value: "Dune")
/// title.get()         // "Dune"
/// ```
///
/// The part must be declared with `register(binding:)`: setting an undeclared one changes
/// nothing and is reported as ``StoreDiagnostic/Kind/unregisteredBinding``. A binding holds its
/// store; keep it where you would keep the store (a view, a view model), not in the state.
@MainActor
public struct StoreBinding<State: StoreState, Value: Sendable> {
    private let store: Store<State>
    /// Where the part lives in the state.
    public let keyPath: WritableKeyPath<State, Value>

    init(store: Store<State>, keyPath: WritableKeyPath<State, Value>) {
        self.store = store
        self.keyPath = keyPath
    }

    /// The part's current value.
    ///
    /// <!-- snippet: given store: Store<Library> -->
    /// ```swift
    /// let draft = store.binding(\.editing).get()   // Draft?
    /// ```
    ///
    /// - Returns: The value at ``keyPath`` in the store's current state.
    public func get() -> Value {
        store.state[keyPath: keyPath]
    }

    /// Sets the part: dispatches a ``BindingAction`` with the part's name and `newValue`.
    ///
    /// <!-- snippet: given store: Store<Library> -->
    /// ```swift
    /// store.binding(\.editing).set(Draft(title: "Dune"))
    /// ```
    ///
    /// A value equal to the current one (for an `Equatable` value) dispatches nothing, as a text
    /// field that sets what it shows expects: no action, no trace, no step to undo. The action
    /// is dispatched as any other: at once on an idle store, after the current work when the
    /// store is busy. An undeclared part changes nothing, dispatches nothing and is reported as
    /// ``StoreDiagnostic/Kind/unregisteredBinding``.
    ///
    /// - Parameter newValue: The part's new value.
    public func set(_ newValue: Value) {
        guard let name = store.bindingRegistry.name(of: keyPath) else {
            store.reportUnregisteredBinding(keyPath)
            return
        }
        if BindingValues.areSame(store.state[keyPath: keyPath], newValue) { return }
        store.dispatch(action: BindingAction(path: name, value: newValue))
    }
}
