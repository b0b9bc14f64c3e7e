extension Store {
    /// Returns the view model of type `VM` for `context`, made by the current state's factory
    /// the first time and kept as long as `context` lives.
    ///
    /// ```swift
    /// if let viewModel: LoginViewModel = store.viewModel(for: screen) {
    ///     render(viewModel)
    /// }
    /// ```
    ///
    /// A new view model that is a ``StoreSubscriber`` of this store's state is subscribed once,
    /// so it is kept up to date until the context lets it go.
    ///
    /// - Parameters:
    ///   - context: The object whose lifetime bounds the view model's, usually the screen.
    ///   - key: Tells apart view models of one type, and is passed to the factory.
    /// - Returns: The view model, or `nil` when the factory makes none.
    public func viewModel<VM>(for context: AnyObject, key: String? = nil) -> VM? {
        engine.viewModels.viewModel(for: context, key: key) { unboundViewModel(key: key) }
    }

    /// Returns a new view model of type `VM` made by the current state's factory, not bound to
    /// any context.
    ///
    /// Deprecated: a view model bound to no owner lives as long as the caller holds it. Bind it
    /// to its screen with ``viewModel(for:key:)``, or to a place (a navigation entry, a row)
    /// with ReMVVMMiddleware's `viewModel(for:key:)` and `viewModel(for:in:id:)`.
    ///
    /// - Parameter key: Passed to the factory.
    /// - Returns: The view model, or `nil` when the factory makes none.
    @available(*, deprecated, message: "use viewModel(for: context, key:), which binds it to its owner")
    public func viewModel<VM>(key: String? = nil) -> VM? {
        unboundViewModel(key: key)
    }

    /// Returns a new view model of type `VM` for the row whose id is `id`, made by the current
    /// state's factory, not bound to any context.
    ///
    /// Deprecated: a row's view model should leave with its row; use ReMVVMMiddleware's
    /// `viewModel(for:in:id:)`, or ``viewModel(for:key:)`` to bind it to its screen.
    ///
    /// - Parameter id: The row's id.
    /// - Returns: The view model, or `nil` when the factory makes none.
    @available(
        *, deprecated, message: "use viewModel(for: entry, in: rows, id:), which lets it go with its row"
    )
    public func viewModel<VM>(id: some Hashable & Sendable) -> VM? {
        unboundViewModel(id: id)
    }

    /// A new view model for the row whose id is `id`, subscribed when it is a
    /// ``StoreSubscriber`` of this store's state; for the package's features, which bind it
    /// to a place themselves.
    package func unboundViewModel<VM>(id: some Hashable & Sendable) -> VM? {
        let viewModel: VM? = state.factory.create(id: id)
        if let subscriber = viewModel as? any StoreSubscriber {
            engine.add(anySubscriber: subscriber)
        }
        return viewModel
    }

    /// A new view model made with `key`, subscribed when it is a ``StoreSubscriber`` of this
    /// store's state; for the package's features, which bind it to a place themselves.
    package func unboundViewModel<VM>(key: String?) -> VM? {
        let viewModel: VM? = state.factory.create(key: key)
        if let subscriber = viewModel as? any StoreSubscriber {
            engine.add(anySubscriber: subscriber)
        }
        return viewModel
    }
}
