extension Store {
    /// The part at `keyPath` as a value a view reads and sets; setting it dispatches a
    /// ``BindingAction``.
    ///
    /// ```swift
    /// struct Draft: Equatable { var title = "" }
    /// struct Editor: StoreState { var draft = Draft() }
    ///
    /// let store = Store(with: Editor())
    /// store.register(binding: \.draft.title, named: "draft.title")
    /// store.binding(\.draft.title).set("Dune")
    /// // store.state.draft.title == "Dune"
    /// ```
    ///
    /// The part must be declared with `register(binding:)` (or `register(binding:named:)`):
    /// the binding of an undeclared part reads it, but setting it changes nothing and is
    /// reported as ``StoreDiagnostic/Kind/unregisteredBinding``. The check is at the set, not
    /// here, since a view makes its bindings at every render.
    ///
    /// - Parameter keyPath: Where the part lives in the state.
    /// - Returns: The part's binding.
    /// - Complexity: O(1); a set costs a dispatch and a lookup of the part's name.
    public func binding<Value: Sendable>(_ keyPath: WritableKeyPath<State, Value>) -> StoreBinding<
        State, Value
    > {
        StoreBinding(store: self, keyPath: keyPath)
    }
}
