public import ReMVVMStore

extension StoreDiagnostic.Kind {
    /// A ``StatePersistence`` could not save its part (a full disk, a read-only folder, a folder
    /// that cannot be made, a value that does not encode), or will not save it because ``StatePersistence/restore(into:)``
    /// could not set a bad file aside. Reported once per streak of failures; the store goes on,
    /// and the next change of the part tries again.
    ///
    /// ```swift
    /// store.diagnosticsHandler = { (diagnostic: StoreDiagnostic) in
    ///     if diagnostic.kind == .persistenceFailed { logger.error(diagnostic.message) }
    /// }
    /// ```
    public static let persistenceFailed = StoreDiagnostic.Kind("persistenceFailed")
}
