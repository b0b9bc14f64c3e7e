/// The screens an app shows: a navigation stack, with modal stacks presented over it.
///
/// `Navigator` is generic over the app's own screen type, usually an enum, and knows nothing
/// about how a screen is drawn: a UIKit, SwiftUI or text front end observes ``onChange`` and
/// shows ``visibleScreen``. In a ReMVVM app only a ``NavigationMiddleware`` calls it, after the
/// state changed, so screens never navigate to each other.
///
/// ```swift
/// enum Screen { case login, greetings }
/// let navigator = Navigator(root: Screen.login)
/// navigator.perform(.present(.greetings))
/// navigator.visibleScreen        // .greetings
/// navigator.perform(.dismiss)
/// navigator.visibleScreen        // .login
/// ```
///
/// The model is the one UIKit uses: ``stacks`` holds the root stack first, then one stack per
/// presented modal. ``push(_:)`` and ``pop()`` act on the topmost stack; ``present(_:)`` starts a
/// new stack and ``dismiss()`` closes it. A step that cannot be performed (popping the first
/// screen of a stack, dismissing with no modal shown) changes nothing and returns `false`.
@MainActor
public final class Navigator<Screen> {
    /// The root stack first, then one stack per presented modal; none is ever empty.
    public private(set) var stacks: [[Screen]]

    /// Called after every step that changed the screens, with that step.
    ///
    /// A front end sets it to show ``visibleScreen``. It is not called for steps that changed
    /// nothing.
    public var onChange: (@MainActor (_ step: NavigationStep<Screen>) -> Void)?

    /// Creates a navigator that shows `root`.
    ///
    /// - Parameter root: The first screen.
    public init(root: Screen) {
        stacks = [[root]]
    }

    /// The screen on top: the last screen of the topmost stack.
    public var visibleScreen: Screen {
        // `stacks` and each of its stacks are never empty (see every mutation below).
        stacks[stacks.count - 1][stacks[stacks.count - 1].count - 1]
    }

    /// Every screen, from the root to ``visibleScreen``.
    public var path: [Screen] { stacks.flatMap { $0 } }

    /// The number of modal stacks presented over the root stack.
    public var modalCount: Int { stacks.count - 1 }

    // MARK: - Steps

    /// Performs one step.
    ///
    /// ```swift
    /// if !navigator.perform(.pop) { print("already at the first screen") }
    /// ```
    ///
    /// - Parameter step: The step.
    /// - Returns: `true` when the screens changed; `false` when the step was not possible.
    @discardableResult
    public func perform(_ step: NavigationStep<Screen>) -> Bool {
        switch step {
        case .push(let screen):
            stacks[stacks.count - 1].append(screen)
        case .pop:
            guard stacks[stacks.count - 1].count > 1 else { return false }
            stacks[stacks.count - 1].removeLast()
        case .popToRoot:
            guard stacks[stacks.count - 1].count > 1 else { return false }
            stacks[stacks.count - 1].removeSubrange(1...)
        case .present(let screen):
            stacks.append([screen])
        case .dismiss:
            guard stacks.count > 1 else { return false }
            stacks.removeLast()
        case .setRoot(let screen):
            stacks = [[screen]]
        }
        onChange?(step)
        return true
    }

    /// Shows `screen` on top of the current stack.
    ///
    /// - Parameter screen: The screen.
    public func push(_ screen: Screen) {
        perform(.push(screen))
    }

    /// Goes back one screen in the current stack.
    ///
    /// - Returns: `false` when the current stack shows only its first screen.
    @discardableResult
    public func pop() -> Bool {
        perform(.pop)
    }

    /// Shows `screen` modally, as the root of a new stack.
    ///
    /// - Parameter screen: The screen.
    public func present(_ screen: Screen) {
        perform(.present(screen))
    }

    /// Closes the topmost modal stack.
    ///
    /// - Returns: `false` when no modal is shown.
    @discardableResult
    public func dismiss() -> Bool {
        perform(.dismiss)
    }
}
