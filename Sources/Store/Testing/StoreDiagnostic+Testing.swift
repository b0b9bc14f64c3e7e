extension StoreDiagnostic.Kind {
    /// A `TestStore` whose exhaustivity is `.off(listingSkipped: true)` skipped an assertion:
    /// a change of the state that a step's closure did not set, or an action reduced that no
    /// `receive` took. Not a failure: the test goes on and passes. The message names the step's
    /// file and line, the step, and what it skipped, one thing per diagnostic:
    /// `CounterTests.swift:12: send Increment(): skipped the change count: 0 -> 1`.
    ///
    /// ```swift
    /// let store = TestStore(with: AppState(factory: factory))
    /// var skipped: [String] = []
    /// store.store.diagnosticsHandler = { skipped.append($0.message) }
    /// store.exhaustivity = .off(listingSkipped: true)
    /// ```
    public static let assertionSkipped = StoreDiagnostic.Kind("assertionSkipped")
}
