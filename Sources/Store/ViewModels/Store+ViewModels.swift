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
        engine.viewModels.viewModel(for: context, key: key) { makeViewModel(key: key) }
    }

    /// Returns a new view model of type `VM` made by the current state's factory, not bound to
    /// any context.
    ///
    /// ```swift
    /// let greetings: GreetingsViewModel? = store.viewModel()
    /// ```
    ///
    /// A view model that is a ``StoreSubscriber`` of this store's state is subscribed for as
    /// long as the caller holds it.
    ///
    /// - Parameter key: Passed to the factory.
    /// - Returns: The view model, or `nil` when the factory makes none.
    public func viewModel<VM>(key: String? = nil) -> VM? {
        makeViewModel(key: key)
    }

    /// Returns a new view model of type `VM` for the row whose id is `id`, made by the current
    /// state's factory, not bound to any context.
    ///
    /// ```swift
    /// let row: GreetingsViewModel? = store.viewModel(id: 3)
    /// ```
    ///
    /// The factory gets the id as its own type (a factory added with
    /// `CompositeViewModelFactory.add { (id: Book.ID) -> BookRowViewModel? in ... }`). A view
    /// model that is a ``StoreSubscriber`` of this store's state is subscribed for as long as
    /// the caller holds it. For a row's view model that leaves with its row, see
    /// ReMVVMMiddleware's `viewModel(for:in:id:)`.
    ///
    /// - Parameter id: The row's id.
    /// - Returns: The view model, or `nil` when the factory makes none.
    public func viewModel<VM>(id: some Hashable & Sendable) -> VM? {
        let viewModel: VM? = state.factory.create(id: id)
        if let subscriber = viewModel as? any StoreSubscriber {
            engine.add(anySubscriber: subscriber)
        }
        return viewModel
    }

    private func makeViewModel<VM>(key: String?) -> VM? {
        let viewModel: VM? = state.factory.create(key: key)
        if let subscriber = viewModel as? any StoreSubscriber {
            engine.add(anySubscriber: subscriber)
        }
        return viewModel
    }
}
