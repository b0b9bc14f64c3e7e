/// A factory made of other factories: the newest one that makes a view model wins.
///
/// Add a factory for each screen, or a closure for each view-model type; view models that are
/// ``Initializable`` need nothing added, since the composite falls back to
/// ``InitializableViewModelFactory`` by default.
///
/// ```swift
/// let factory = CompositeViewModelFactory()
/// factory.add { _ -> GreetingsViewModel? in
///     guard let user = store.state.user else { return nil }
///     return GreetingsViewModel(with: user)
/// }
/// let login: LoginViewModel? = factory.create()   // Initializable: made with init()
/// ```
///
/// Factories that make one known type (closures added with `add`, and
/// ``SingleViewModelFactory``) are indexed by that type. Any other factory is asked
/// ``ViewModelFactory/creates(type:)`` once per view-model type, and the answer is kept until the
/// next factory is added, so a lookup does not scan every registered factory.
@MainActor
public final class CompositeViewModelFactory: ViewModelFactory {
    private struct Entry {
        let order: Int
        let factory: any ViewModelFactory
    }

    /// Indexed factories per view-model type, oldest first.
    private var indexed = TypeTable<[Entry]>()
    /// Factories that do not say which type they make, oldest first.
    private var general: [Entry] = []
    /// Per view-model type: every factory that makes it, newest first. Cleared by each `add`.
    private var resolved = TypeTable<[any ViewModelFactory]>()
    private var added = 0
    private let fallback: (any ViewModelFactory)?

    /// Creates a composite of `factories`, the last one newest.
    ///
    /// ```swift
    /// let factory = CompositeViewModelFactory(with: [LoginFactory(), GreetingsFactory()])
    /// ```
    ///
    /// - Parameters:
    ///   - factories: The factories to start with, oldest first.
    ///   - fallback: The factory asked when no added factory makes a view model; by default an
    ///     ``InitializableViewModelFactory``. Pass `nil` for none.
    public init(
        with factories: [any ViewModelFactory] = [],
        fallback: (any ViewModelFactory)? = InitializableViewModelFactory()
    ) {
        self.fallback = fallback
        for factory in factories { add(factory: factory) }
    }

    /// Creates a composite that starts with one closure for view models of type `VM`.
    ///
    /// - Parameter create: Makes a view model for an optional key, or returns `nil`.
    public convenience init<VM>(with create: @escaping @MainActor (String?) -> VM?) {
        self.init()
        add(create)
    }

    // MARK: - Adding factories

    /// Adds a factory; it takes precedence over every factory added before.
    ///
    /// - Parameter factory: The factory to add.
    /// - Complexity: O(1), plus clearing the per-type answers kept so far.
    public func add(factory: any ViewModelFactory) {
        added += 1
        let entry = Entry(order: added, factory: factory)
        if let single = factory as? any IndexedViewModelFactory {
            var entries = indexed.value(for: single.viewModelType) ?? []
            entries.append(entry)
            indexed.set(entries, for: single.viewModelType)
        } else {
            general.append(entry)
        }
        resolved = TypeTable()
    }

    /// Adds a closure that makes view models of type `VM` for an optional key.
    ///
    /// ```swift
    /// factory.add { key -> DetailViewModel? in
    ///     key.map(DetailViewModel.init(id:))
    /// }
    /// ```
    ///
    /// - Parameter create: Makes a view model, or returns `nil` to let older factories try.
    public func add<VM>(_ create: @escaping @MainActor (String?) -> VM?) {
        add(factory: SingleViewModelFactory(with: create))
    }

    /// Adds a closure that makes view models of type `VM` for a row, from the row's id.
    ///
    /// ```swift
    /// struct BookRowViewModel { let id: Int }
    /// factory.add { (id: Int) -> BookRowViewModel? in BookRowViewModel(id: id) }
    /// let row: BookRowViewModel? = factory.create(id: 3)
    /// ```
    ///
    /// The id comes as its own type, not as a string: ``create(id:)`` with an id of type `ID`
    /// reaches this closure; an id of another type, or a ``create(key:)``, does not.
    ///
    /// - Parameter create: Makes a view model for the row, or returns `nil` to let older
    ///   factories try.
    public func add<VM, ID: Hashable & Sendable>(_ create: @escaping @MainActor (ID) -> VM?) {
        add(factory: RowViewModelFactory(with: create))
    }

    /// Adds a closure that makes view models of type `VM`, or returns `nil` when it cannot now.
    ///
    /// - Parameter create: Makes a view model, or returns `nil` to let older factories try.
    public func add<VM>(_ create: @escaping @MainActor () -> VM?) {
        add(factory: SingleViewModelFactory<VM> { _ in create() })
    }

    /// Adds a closure that always makes a view model of type `VM`.
    ///
    /// ```swift
    /// factory.add { SettingsViewModel(theme: .dark) }
    /// ```
    ///
    /// - Parameter create: Makes a view model.
    public func add<VM>(_ create: @escaping @MainActor () -> VM) {
        add(factory: SingleViewModelFactory<VM> { _ in create() })
    }

    // MARK: - ViewModelFactory

    /// Tells whether any added factory, or the fallback, makes view models of `type`.
    ///
    /// - Parameter type: The view-model type asked for.
    /// - Returns: `true` when a view model of `type` may be created.
    /// - Complexity: O(1) after the first question about `type` since the last `add`.
    public func creates<VM>(type: VM.Type) -> Bool {
        !factories(for: type).isEmpty || fallback?.creates(type: type) == true
    }

    /// Creates a view model with the newest factory that makes one, then the fallback.
    ///
    /// - Parameter key: Passed to each factory asked.
    /// - Returns: The first view model made, or `nil` when no factory made one.
    /// - Complexity: O(1) lookup of the factories for `VM` after the first question about it
    ///   since the last `add`; then one call per factory that makes `VM` until one succeeds.
    public func create<VM>(key: String?) -> VM? {
        for factory in factories(for: VM.self) {
            if let viewModel: VM = factory.create(key: key) { return viewModel }
        }
        return fallback?.create(key: key)
    }

    /// Makes a view model of type `VM` for the row whose id is `id`: the newest factory for
    /// `VM` that makes one wins, as for ``create(key:)``. A factory added with
    /// `add { (id: ID) -> VM? in ... }` gets the id as its own type; one added for a key gets the id as
    /// a key string.
    ///
    /// - Parameter id: The row's id.
    /// - Returns: The view model, or `nil` when no factory makes one.
    public func create<VM, ID: Hashable & Sendable>(id: ID) -> VM? {
        for factory in factories(for: VM.self) {
            if let viewModel: VM = factory.create(id: id) { return viewModel }
        }
        return fallback?.create(id: id)
    }

    /// The factories that make `type`, newest first.
    private func factories(for type: any Any.Type) -> [any ViewModelFactory] {
        if let known = resolved.value(for: type) { return known }
        var entries = indexed.value(for: type) ?? []
        entries += general.filter { $0.factory.creates(type: type) }
        let ordered = entries.sorted { $0.order > $1.order }.map(\.factory)
        resolved.set(ordered, for: type)
        return ordered
    }
}
