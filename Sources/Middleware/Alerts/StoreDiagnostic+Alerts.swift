public import ReMVVMStore

extension StoreDiagnostic.Kind {
    /// An ``AlertTapped`` named a navigation entry that is not shown (its alert closed already,
    /// or the tap came from another state); the state did not change and the app's reducer did
    /// not run.
    ///
    /// ```swift
    /// store.diagnosticsHandler = { (diagnostic: StoreDiagnostic) in
    ///     if diagnostic.kind == .alertNotShown { logger.error(diagnostic.message) }
    /// }
    /// ```
    public static let alertNotShown = StoreDiagnostic.Kind("alertNotShown")
}
