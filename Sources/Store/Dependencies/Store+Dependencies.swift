extension Store {
    /// Creates a store with an initial state, a middleware stack, and its dependencies.
    ///
    /// ```swift
    /// let store = Store(with: AppState(), middleware: [SearchMiddleware()]) {
    ///     $0.searchClient = LiveSearchClient(baseURL: serverURL)
    /// }
    /// ```
    ///
    /// Every key starts as its ``DependencyKey/liveValue``, read once for this store and kept;
    /// `dependencies` changes any of them for this store only, as a preview does with canned
    /// data. Middleware and their tasks
    /// read them through ``Dispatcher/dependencies``. A `TestClock` given as the clock waits
    /// for this store's tasks when it advances.
    ///
    /// - Parameters:
    ///   - state: The initial state.
    ///   - middleware: The middleware stack; each action passes through it first to last.
    ///   - dependencies: Changes the dependencies from their live values.
    @inlinable
    public convenience init(
        with state: State,
        middleware: [any AnyMiddleware] = [],
        dependencies: (inout DependencyValues) -> Void
    ) {
        self.init(with: state, middleware: middleware)
        dependencies(&engine.dependencies)
        engine.watchTaskWatchingClock()
    }

    /// The store's dependencies: each key's live value unless the initializer set another.
    ///
    /// ```swift
    /// let store = Store(with: AppState()) { $0.clock = ContinuousClock() }
    /// let clock = store.dependencies.clock
    /// ```
    public var dependencies: DependencyValues { engine.dependencies }
}
