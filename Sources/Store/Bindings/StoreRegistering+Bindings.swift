extension StoreRegistering {
    /// Declares a part of the state that a view may set directly, named after its key path:
    /// `\.draft.title` is `draft.title`.
    ///
    /// ```swift
    /// struct Draft: Equatable { var title = "" }
    /// struct Editor: StoreState { var draft = Draft() }
    ///
    /// @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    /// @MainActor
    /// func setUpEditor(_ store: some StoreRegistering<Editor>) {
    ///     store.register(binding: \.draft.title)      // named "draft.title"
    /// }
    /// ```
    ///
    /// A ``StoreBinding`` of the part (``Store/binding(_:)``) then dispatches a
    /// ``BindingAction`` that carries the part's name and the new value; the store registers
    /// its reducer with the first part of each value type. The name is what an action log
    /// stores, so it must not change between runs: it is the key path's text, which the Swift
    /// runtime writes from the names of stored properties. A path with a computed property or a
    /// subscript has no such text (the runtime writes an address there), so it is reported as
    /// ``StoreDiagnostic/Kind/invalidBinding`` and not registered: name it with
    /// ``register(binding:named:)``. Apple systems before macOS 14, iOS 17, tvOS 17 and
    /// watchOS 10 cannot write the text reliably, hence this method's availability; an app that
    /// supports them names its parts.
    ///
    /// Registering the same part twice, or a part under another's name, is reported as
    /// ``StoreDiagnostic/Kind/invalidBinding`` and changes nothing: the first registration
    /// stays.
    ///
    /// - Parameter keyPath: Where the part lives in the state.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    public func register<Value: Sendable>(binding keyPath: WritableKeyPath<State, Value>) {
        guard let name = BindingName.derived(from: keyPath) else {
            _storeBeingSetUp.reportInvalidBinding(
                keyPath,
                because: "no stable name can be derived from its key path (a computed property or a "
                    + "subscript on the path); name it with register(binding:named:)")
            return
        }
        _storeBeingSetUp.registerBinding(keyPath, named: name)
    }

    /// Declares a part of the state that a view may set directly, under a name of your choice.
    ///
    /// <!-- snippet: given store: Store<Library> -->
    /// ```swift
    /// store.register(binding: \.editing, named: "editing")
    /// store.binding(\.editing).set(Draft(title: "Dune"))
    /// ```
    ///
    /// As ``register(binding:)``, which derives the name from the key path; name a part when
    /// that cannot be done (a computed property or a subscript on the path, an Apple system
    /// before macOS 14 or iOS 17), or to keep the name of a part that moved, so that logs
    /// recorded before still replay. The name is what ``BindingAction/path`` carries and what
    /// an action log stores; each part has one, and two parts cannot share one.
    ///
    /// - Parameters:
    ///   - keyPath: Where the part lives in the state.
    ///   - name: The part's name: stable across runs, not empty, unique in the store.
    public func register<Value: Sendable>(binding keyPath: WritableKeyPath<State, Value>, named name: String)
    {
        _storeBeingSetUp.registerBinding(keyPath, named: name)
    }
}
