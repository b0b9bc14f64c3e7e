/// A view model that can be made with no arguments.
///
/// ``InitializableViewModelFactory``, and so ``CompositeViewModelFactory`` by default, creates
/// such view models without a factory of their own.
///
/// ```swift
/// @MainActor
/// final class LoginViewModel: Initializable {
///     var firstName = ""
///     var lastName = ""
/// }
/// ```
@MainActor
public protocol Initializable {
    /// Creates a view model in its initial state.
    init()
}
