public import ReMVVMStore

extension StoreRegistering {
    /// Registers the reducer of ``NavigationAction`` for the ``NavigationState`` at `keyPath`,
    /// and ties the view models made for its entries to their entries' lifetimes, on a store or
    /// a test store.
    ///
    /// ```swift
    /// enum Screen: Hashable, Codable, Sendable { case login, greetings, profile(id: Int) }
    /// struct AppState: StoreState { var navigation = NavigationState(root: Screen.login) }
    ///
    /// let store = Store(with: AppState())
    /// store.register(navigation: \.navigation)
    /// store.dispatch(action: NavigationAction.present(Screen.profile(id: 3)))
    /// ```
    ///
    /// Call it once per screen type, right after making the store: its reducer is the one
    /// reducer of `NavigationAction<Screen>` (a second registration is a duplicate reducer, as
    /// for `Store.register(reducer:)`). A request that cannot be met changes nothing and
    /// reaches `diagnosticsHandler` as `StoreDiagnostic.Kind.impossibleNavigation`: the
    /// reducer stays a pure function, and the store reports what a pure check beside it finds.
    ///
    /// - Parameter keyPath: Where the navigation lives in the state.
    @inlinable
    public func register<Screen: Sendable>(
        navigation keyPath: WritableKeyPath<State, NavigationState<Screen>>
    ) {
        // Inlinable, so that the reducer is specialized for the client's state and screens (see
        // NavigationStateMiddleware.swift for the measurement).
        _storeBeingSetUp.register(
            reducer: NavigationReducer<Screen>.self, at: keyPath, diagnose: NavigationReducer.diagnose)
        _storeBeingSetUp.tieViewModels(to: keyPath)
    }
}

extension Store {
    /// Keeps the view models of the entries of the navigation at `keyPath` while their entries
    /// are shown.
    @usableFromInline
    func tieViewModels<Screen: Sendable>(to keyPath: WritableKeyPath<State, NavigationState<Screen>>) {
        let viewModels = attachment(EntryViewModels<State, Screen>.self) {
            EntryViewModels(navigation: keyPath)
        }
        // Kept by the view models, which the store keeps: the subscription lasts as long as it.
        viewModels.keep(
            subscribeUntilCancelled(timing: .beforeSubscribers) {
                [weak self, viewModels] state, oldState in
                if !viewModels.isEmpty { viewModels.stateChanged(to: state, from: oldState, in: self) }
            })
    }

    /// Returns the view model of type `VM` for a navigation entry: made by the current state's
    /// factory the first time, the same instance while the entry is on display, and let go in
    /// the dispatch that removes the entry.
    ///
    /// ```swift
    /// let entry = store.state.navigation.top
    /// let viewModel: ProfileViewModel? = store.viewModel(for: entry)
    /// ```
    ///
    /// A view model that is a `StoreSubscriber` of this store's state is subscribed when it is
    /// made, and unsubscribed when its entry leaves, before any view model made after it is told
    /// about that change. Each appearance of a screen is its own entry, so the same screen
    /// pushed twice has two view models. The store must have registered the navigation with
    /// `register(navigation:)`; for an entry that is not on display, or without that
    /// registration, no view model is made and `diagnosticsHandler` receives
    /// `StoreDiagnostic.Kind.navigationEntryNotShown`.
    ///
    /// - Parameters:
    ///   - entry: An entry of the state's navigation.
    ///   - key: Tells apart view models of one type for one entry, and is passed to the factory.
    /// - Returns: The view model, or `nil` when the factory makes none or the entry is not shown.
    /// - Complexity: O(1) on average for a view model already made; O(*n*) for *n* entries to
    ///   make one.
    public func viewModel<VM, Screen: Sendable>(for entry: NavigationEntry<Screen>, key: String? = nil) -> VM?
    {
        guard let viewModels = attachment(EntryViewModels<State, Screen>.self) else {
            diagnosticsHandler(
                StoreDiagnostic(
                    kind: .navigationEntryNotShown,
                    message:
                        "no \(TypeName.of(VM.self)) for the entry \(entry.id) "
                        + "(\(ValueText.value(entry.screen))): the store has no "
                        + "\(TypeName.of(NavigationState<Screen>.self)); "
                        + "call store.register(navigation:) first."
                ))
            return nil
        }
        return viewModels.viewModel(for: entry, key: key, in: self)
    }

    /// Returns the view model of type `VM` for a row of a list shown on a navigation entry:
    /// made by the current state's factory from the row's id the first time, the same instance
    /// while the row is in its list and the entry is on display, and let go in the change that
    /// removes either.
    ///
    /// <!-- snippet: given store: Store<Library> -->
    /// <!-- snippet: given factory: CompositeViewModelFactory -->
    /// <!-- snippet: given novel: Novel -->
    /// ```swift
    /// factory.add { (id: Novel.ID) -> NovelRowViewModel? in NovelRowViewModel(id: id) }
    /// let entry = store.state.navigation.top
    /// let row: NovelRowViewModel? = store.viewModel(for: entry, in: \.novels, id: novel.id)
    /// ```
    ///
    /// The factory gets the id as its own type (`create(id:)`). A view model that is a
    /// `StoreSubscriber` of this store's state is subscribed when it is made, and unsubscribed
    /// in the notification of the change that removes its row from the list or its entry from
    /// the navigation, before any subscriber is told about that change: not before, not later.
    /// For a row that is not in the list, or an entry not on display, no view model is made and
    /// `diagnosticsHandler` receives `StoreDiagnostic.Kind.rowNotFound` or
    /// `StoreDiagnostic.Kind.navigationEntryNotShown`. The store must have registered the
    /// navigation with `register(navigation:)`.
    ///
    /// - Parameters:
    ///   - entry: The entry of the screen that shows the list.
    ///   - rows: Where the list lives in the state.
    ///   - id: The row's id.
    /// - Returns: The view model, or `nil`.
    /// - Complexity: O(1) on average for a view model already made. Each change checks every
    ///   row view model kept, O(*k*) for *k* of them, with the list's id subscript.
    public func viewModel<VM, Screen: Sendable, Rows: IdentifiedCollection>(
        for entry: NavigationEntry<Screen>, in rows: KeyPath<State, Rows>, id: Rows.Element.ID
    ) -> VM? where Rows.Element.ID: Sendable {
        guard let viewModels = attachment(EntryViewModels<State, Screen>.self) else {
            diagnosticsHandler(
                StoreDiagnostic(
                    kind: .navigationEntryNotShown,
                    message:
                        "no \(TypeName.of(VM.self)) for the row \(String(reflecting: id)) "
                        + "of the entry \(entry.id): the store has no "
                        + "\(TypeName.of(NavigationState<Screen>.self)); "
                        + "call store.register(navigation:) first."
                ))
            return nil
        }
        return viewModels.viewModel(for: entry, in: rows, id: id, in: self)
    }
}
