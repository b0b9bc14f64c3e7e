extension TestStore {
    /// Runs a few steps with another exhaustivity, then restores the one before.
    ///
    /// <!-- snippet: given store: TestStore<AppState> -->
    /// ```swift
    /// try await store.withExhaustivity(.off) {
    ///     try await store.send(AddTodo(title: "milk")) { $0.todos[0].title = "milk" }
    /// }
    /// try await store.receive(TodosSaved.self) { $0.isSaved = true }   // exhaustive again
    /// ```
    ///
    /// ``exhaustivity`` is `exhaustivity` while `body` runs, and what it was before once `body`
    /// returned or threw, whatever `body` set it to meanwhile. Actions reduced in `body` and not
    /// received there are skipped, or left for the steps after it, by the step that meets them:
    /// a step in `body` under the exhaustivity given here, a step after it under the one
    /// restored.
    ///
    /// - Parameters:
    ///   - exhaustivity: How much the steps of `body` must assert.
    ///   - body: The steps.
    /// - Throws: What `body` throws: the ``TestStoreFailure`` of a step that failed.
    public func withExhaustivity(
        _ exhaustivity: Exhaustivity,
        _ body: () async throws -> Void
    ) async rethrows {
        let previous = self.exhaustivity
        self.exhaustivity = exhaustivity
        defer { self.exhaustivity = previous }
        try await body()
    }
}
