/// A factory that creates every ``Initializable`` view model with `init()`.
///
/// ``CompositeViewModelFactory`` falls back to this factory when none of its own factories
/// makes the type asked for.
///
/// ```swift
/// let factory = InitializableViewModelFactory()
/// let viewModel: LoginViewModel? = factory.create()
/// ```
public struct InitializableViewModelFactory: ViewModelFactory {
    /// Creates the factory.
    public nonisolated init() {}

    /// Tells whether `type` conforms to ``Initializable``.
    ///
    /// - Parameter type: The view-model type asked for.
    /// - Returns: `true` when `type` is ``Initializable``.
    public func creates<VM>(type: VM.Type) -> Bool {
        type is any Initializable.Type
    }

    /// Creates a view model with `init()` when the type asked for is ``Initializable``.
    ///
    /// - Parameter key: Ignored: an `Initializable` view model takes no arguments.
    /// - Returns: A new view model, or `nil` when the type is not ``Initializable``.
    public func create<VM>(key: String?) -> VM? {
        guard let type = VM.self as? any Initializable.Type else { return nil }
        return type.init() as? VM
    }
}
