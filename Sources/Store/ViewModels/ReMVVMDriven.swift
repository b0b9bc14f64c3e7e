/// An object, usually a screen, that gets its view model and dispatches actions through the
/// store configured with ``ReMVVM/Config/initialize(with:)``.
///
/// ```swift
/// final class LoginScreen: ReMVVMDriven {
///     func show() {
///         guard let viewModel: LoginViewModel = remvvm.viewModel(for: self) else { return }
///         render(viewModel)
///     }
///     func loginTapped(first: String, last: String) {
///         remvvm.dispatch(action: LoginAction(firstName: first, lastName: last))
///     }
/// }
/// ```
@MainActor
public protocol ReMVVMDriven: AnyObject {}

extension ReMVVMDriven {
    /// Gets view models from, and dispatches to, the configured store.
    ///
    /// ```swift
    /// final class GreetingsScreen: ReMVVMDriven {
    ///     func show() {
    ///         let viewModel: GreetingsViewModel? = remvvm.viewModel(for: self)
    ///         render(viewModel)
    ///     }
    ///     func logOutTapped() { remvvm.dispatch(action: LogoutAction()) }
    /// }
    /// ```
    public var remvvm: ReMVVM.Provider { ReMVVM.Provider() }
}
