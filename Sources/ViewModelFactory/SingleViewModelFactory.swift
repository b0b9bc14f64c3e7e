/// A factory that makes view models of one type with a closure.
///
/// ```swift
/// let factory = SingleViewModelFactory { (key: String?) -> GreetingsViewModel? in
///     GreetingsViewModel(message: "Hello")
/// }
/// ```
public struct SingleViewModelFactory<ViewModel>: ViewModelFactory {
    private let make: @MainActor (String?) -> ViewModel?

    /// Creates a factory that calls `create` for each view model of type `ViewModel`.
    ///
    /// - Parameter create: Makes a view model for an optional key, or returns `nil` when it
    ///   cannot make one now.
    public nonisolated init(with create: @escaping @MainActor (String?) -> ViewModel?) {
        make = create
    }

    /// Tells whether `type` is `ViewModel`.
    ///
    /// - Parameter type: The view-model type asked for.
    /// - Returns: `true` when `type` is exactly `ViewModel`.
    public func creates<VM>(type: VM.Type) -> Bool {
        type == ViewModel.self
    }

    /// Calls the closure when the type asked for is `ViewModel`.
    ///
    /// - Parameter key: Passed to the closure.
    /// - Returns: The closure's view model, or `nil` for any other type.
    public func create<VM>(key: String?) -> VM? {
        guard VM.self == ViewModel.self else { return nil }
        return make(key) as? VM
    }
}

extension SingleViewModelFactory: IndexedViewModelFactory {
    package var viewModelType: any Any.Type { ViewModel.self }
}

/// A factory that makes exactly one view-model type, so a composite can index it by that type.
@MainActor
package protocol IndexedViewModelFactory: ViewModelFactory {
    /// The one type this factory makes.
    var viewModelType: any Any.Type { get }
}
