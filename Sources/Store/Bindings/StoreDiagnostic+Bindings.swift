extension StoreDiagnostic.Kind {
    /// A binding of a part that no `register(binding:)` declared was set, or a ``BindingAction``
    /// named a part that the store has not registered with its value type (a hand-made action, a
    /// log from a build whose part had another name); the state did not change.
    ///
    /// ```swift
    /// store.diagnosticsHandler = { (diagnostic: StoreDiagnostic) in
    ///     if diagnostic.kind == .unregisteredBinding { logger.error(diagnostic.message) }
    /// }
    /// ```
    public static let unregisteredBinding = StoreDiagnostic.Kind("unregisteredBinding")

    /// `register(binding:)` did nothing: the part was registered already, its name is another
    /// part's, its name is empty, or no name can be derived from its key path (a computed
    /// property or a subscript on the path: name it with `register(binding:named:)`). The
    /// message names the key path and the reason.
    public static let invalidBinding = StoreDiagnostic.Kind("invalidBinding")
}
