/// Creates view models for screens.
///
/// A factory answers two questions: can it make a view model of a given type, and, given an
/// optional key, will it make one now. The application state holds the factory, so the state
/// decides which view models exist; screens only ask for them.
///
/// ```swift
/// struct GreetingsFactory: ViewModelFactory {
///     func creates<VM>(type: VM.Type) -> Bool { type == GreetingsViewModel.self }
///     func create<VM>(key: String?) -> VM? { GreetingsViewModel(message: key ?? "") as? VM }
/// }
/// ```
///
/// Factories are used from the main actor, as screens are. The protocol refines `Sendable` so
/// that a `Sendable` application state can store one.
@MainActor
public protocol ViewModelFactory: Sendable {
    /// Tells whether this factory makes view models of `type`.
    ///
    /// - Parameter type: The view-model type asked for.
    /// - Returns: `true` when ``create(key:)`` may return a view model of `type`.
    func creates<VM>(type: VM.Type) -> Bool

    /// Makes a view model of the type the caller asks for.
    ///
    /// - Parameter key: An optional key that tells apart view models of one type, such as the
    ///   identifier of the item a detail screen shows.
    /// - Returns: A new view model, or `nil` when this factory cannot make one now.
    func create<VM>(key: String?) -> VM?

    /// Makes a view model of the type the caller asks for, for the row whose id is `id`.
    ///
    /// - Parameter id: The row's id, as its own type.
    /// - Returns: A new view model, or `nil` when this factory cannot make one now.
    func create<VM, ID: Hashable & Sendable>(id: ID) -> VM?
}

extension ViewModelFactory {
    /// Creates a view model of type `VM` for the row whose id is `id`; `nil` when this
    /// factory makes none.
    ///
    /// The default passes the id on as a key, `String(describing: id)`, to ``create(key:)``,
    /// so a factory written before ids came keeps making view models for rows. A factory added
    /// with `CompositeViewModelFactory.add { (id: ID) -> VM? in ... }` gets the id as its own type.
    ///
    /// <!-- snippet: given factory: CompositeViewModelFactory -->
    /// ```swift
    /// let row: GreetingsViewModel? = factory.create(id: 42)
    /// ```
    ///
    /// - Parameter id: The row's id.
    /// - Returns: The view model, or `nil`.
    public func create<VM, ID: Hashable & Sendable>(id: ID) -> VM? {
        create(key: String(describing: id))
    }

    /// Makes a view model of the type the caller asks for, without a key.
    ///
    /// ```swift
    /// let viewModel: LoginViewModel? = factory.create()
    /// ```
    ///
    /// - Returns: A new view model, or `nil` when this factory cannot make one now.
    public func create<VM>() -> VM? {
        create(key: nil)
    }
}
