/// One change of a ``Navigator``'s screens.
///
/// Steps are values, so an app's flow is data: a ``NavigationMiddleware`` maps each action type
/// to a step, and changing the flow means changing that mapping, not the screens.
///
/// ```swift
/// let step: NavigationStep<Screen> = .present(.greetings)
/// navigator.perform(step)
/// ```
public enum NavigationStep<Screen> {
    /// Shows `screen` on top of the current stack.
    case push(Screen)
    /// Goes back one screen in the current stack.
    case pop
    /// Goes back to the first screen of the current stack.
    case popToRoot
    /// Shows `screen` modally, over everything, as the root of a new stack.
    case present(Screen)
    /// Closes the topmost modal stack.
    case dismiss
    /// Closes every modal and replaces all screens with `screen`.
    case setRoot(Screen)
}

extension NavigationStep: Sendable where Screen: Sendable {}
extension NavigationStep: Equatable where Screen: Equatable {}
extension NavigationStep: Hashable where Screen: Hashable {}
