// Names the navigation-as-state docs take as given (ReMVVMMiddleware's NavigationState,
// NavigationAction, NavigationStateMiddleware and the article "Navigation as State").
public import Foundation
public import ReMVVMMiddleware
public import ReMVVMStore

private func given<T>() -> T { fatalError("DocsContext is type-checked, never run") }

extension AppState {
    /// The docs' app keeps its screens in the state.
    public var navigation: NavigationState<Screen> {
        get { given() }
        set {}
    }
}

/// The view model of the docs' profile screen.
@MainActor public final class ProfileViewModel: Initializable {
    public var name = ""
    public init() {}
}

/// A UI that shows or hides a screen, or the screen of an entry.
@MainActor public func show(_ value: some Any) {}
@MainActor public func hide(_ value: some Any) {}
@MainActor public func showGreetings() {}

/// Where the docs' app keeps its navigation between launches.
public var navigationFile: URL { given() }
