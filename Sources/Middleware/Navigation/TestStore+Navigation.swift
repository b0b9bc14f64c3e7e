public import ReMVVMStore

extension TestStore {
    /// Registers the reducer of ``NavigationAction`` for the ``NavigationState`` at `keyPath`
    /// in the store underneath, as `store.register(navigation:)` does.
    ///
    /// ```swift
    /// let store = TestStore(with: initialState)
    /// store.register(navigation: \.navigation)
    /// try await store.send(NavigationAction.push(Screen.greetings)) {
    ///     $0.navigation.apply(.push(.greetings))
    /// }
    /// ```
    ///
    /// - Parameter keyPath: Where the navigation lives in the state.
    public func register<Screen: Sendable>(
        navigation keyPath: WritableKeyPath<State, NavigationState<Screen>>
    ) {
        store.register(navigation: keyPath)
    }
}

extension StoreRegistering {
    /// Registers the reducer of ``NavigationAction`` for the ``NavigationState`` at `keyPath`,
    /// and ties the view models of its entries to their entries, on a store or a test store:
    /// `Store.register(navigation:)`.
    ///
    /// <!-- snippet: given store: TestStore<AppState> -->
    /// ```swift
    /// @MainActor
    /// func setUp(_ store: some StoreRegistering<AppState>) {
    ///     store.register(navigation: \.navigation)
    /// }
    /// setUp(store)
    /// ```
    ///
    /// - Parameter keyPath: Where the navigation lives in the state.
    public func register<Screen: Sendable>(
        navigation keyPath: WritableKeyPath<State, NavigationState<Screen>>
    ) {
        storeBeingSetUp.register(navigation: keyPath)
    }
}
