extension Dispatcher {
    /// The dependencies of this dispatcher's store, for a middleware and the tasks it starts.
    ///
    /// ```swift
    /// dispatcher.task(id: SearchTask(), cancelInFlight: true) {
    ///     try await dispatcher.dependencies.clock.sleep(for: .milliseconds(300))
    ///     let books = try await dispatcher.dependencies.searchClient.search(query)
    ///     dispatcher.dispatch(action: SearchResponse(books: books))
    /// }
    /// ```
    ///
    /// Once the store is gone, the live values: what the work does then reaches no store.
    public var dependencies: DependencyValues {
        level.engine(State.self)?.dependencies ?? DependencyValues(context: .live)
    }
}
