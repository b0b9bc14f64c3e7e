/// A factory of one view-model type for rows, made from the row's id as its own type: what
/// `CompositeViewModelFactory.add { (id: ID) -> VM? in ... }` adds.
///
/// ```swift
/// struct BookRowViewModel { let id: Int }
/// let factory = RowViewModelFactory { (id: Int) in BookRowViewModel(id: id) }
/// let row: BookRowViewModel? = factory.create(id: 3)
/// ```
public struct RowViewModelFactory<ID: Hashable & Sendable, ViewModel>: ViewModelFactory {
    private let make: @MainActor (ID) -> ViewModel?

    /// Creates a factory that makes view models with `create`.
    ///
    /// - Parameter create: Makes the view model of the row whose id it is given, or `nil`.
    public nonisolated init(with create: @escaping @MainActor (ID) -> ViewModel?) {
        make = create
    }

    /// Whether `type` is the view-model type this factory makes.
    ///
    /// - Parameter type: The view-model type asked for.
    /// - Returns: `true` for `ViewModel`.
    public func creates<VM>(type: VM.Type) -> Bool {
        type == ViewModel.self
    }

    /// Makes nothing: a row's view model needs its row's id (``create(id:)``).
    ///
    /// - Parameter key: Ignored.
    /// - Returns: `nil`.
    public func create<VM>(key: String?) -> VM? {
        nil
    }

    /// Makes the view model of the row whose id is `id`, when `VM` is `ViewModel` and `id` is
    /// of type `ID`.
    ///
    /// - Parameter id: The row's id.
    /// - Returns: The view model, or `nil`.
    public func create<VM, OtherID: Hashable & Sendable>(id: OtherID) -> VM? {
        guard VM.self == ViewModel.self, let id = id as? ID else { return nil }
        return make(id) as? VM
    }
}

extension RowViewModelFactory: IndexedViewModelFactory {
    package var viewModelType: any Any.Type { ViewModel.self }
}
