#if canImport(UIKit) && (os(iOS) || os(tvOS) || os(visionOS))
    public import ReMVVMMiddleware
    public import ReMVVMStore
    public import UIKit

    /// The UIKit hand-off of the app's `NavigationState`: a `UINavigationController` that
    /// performs the changes a `NavigationStateMiddleware` hands over (push, pop, present,
    /// dismiss, replace), and reports what the user did by itself (the back button, the back
    /// swipe, a sheet's swipe-down) to the store as `NavigationAction.synchronize(visibleCount:)`.
    ///
    /// ```swift
    /// let handOff = NavigationControllerHandOff(
    ///     navigationController: UINavigationController(), navigation: \AppState.navigation
    /// ) { entry in
    ///     let screen = UIViewController()   // the entry's screen
    ///     screen.title = "\(entry.screen)"
    ///     return screen
    /// }
    /// let store = Store(with: initialState, middleware: [handOff.middleware])
    /// store.register(navigation: \.navigation)
    /// // window.rootViewController = handOff.navigationController
    /// handOff.start(with: store)   // once its controller is in the window
    /// ```
    ///
    /// Each modal is presented in a navigation controller of its own, as a sheet or full
    /// screen (``ModalStyle``). A view controller is made once per entry and kept while its entry
    /// is shown. iOS, tvOS and visionOS only: watchOS and macOS have no `UINavigationController`.
    @MainActor
    public final class NavigationControllerHandOff<State: StoreState, Screen: Sendable>: NSObject,
        UINavigationControllerDelegate, UIAdaptivePresentationControllerDelegate
    {
        /// The navigation controller of the root stack: put it in the window.
        public let navigationController: UINavigationController
        private let keyPath: KeyPath<State, NavigationState<Screen>>
        private let modalStyle: @MainActor (Screen) -> ModalStyle
        private let makeViewController: @MainActor (NavigationEntry<Screen>) -> UIViewController
        private weak var store: Store<State>?
        /// The navigation controller of each shown stack, the root stack's first.
        private var levels: [UINavigationController]
        /// The entries each level shows, by identifier.
        private var shown: [[Int]] = [[]]
        private var viewControllers: [Int: UIViewController] = [:]
        /// Whether a dismissal or presentation runs, whose completion shows what ``waiting`` holds.
        private var isTransitioning = false
        /// The newest navigation handed over while a transition ran.
        private var waiting: (navigation: NavigationState<Screen>, animated: Bool)?

        /// Creates the hand-off.
        ///
        /// - Parameters:
        ///   - navigationController: The navigation controller of the root stack.
        ///   - keyPath: Where the navigation lives in the state.
        ///   - modalStyle: How each modal is shown, by its first screen: ``ModalStyle/sheet``
        ///     unless given.
        ///   - viewController: Makes the view controller of an entry.
        public init(
            navigationController: UINavigationController,
            navigation keyPath: KeyPath<State, NavigationState<Screen>>,
            modalStyle: @escaping @MainActor (Screen) -> ModalStyle = { _ in .sheet },
            viewController: @escaping @MainActor (NavigationEntry<Screen>) -> UIViewController
        ) {
            self.navigationController = navigationController
            self.keyPath = keyPath
            self.modalStyle = modalStyle
            makeViewController = viewController
            levels = [navigationController]
            super.init()
            navigationController.delegate = self
        }

        /// The middleware that hands this hand-off the changes: give it to the store once (each
        /// read makes a new one).
        public var middleware: NavigationStateMiddleware<State, Screen> {
            NavigationStateMiddleware(at: keyPath) { [weak self] _, navigation in
                self?.show(navigation, animated: true)
            }
        }

        /// Shows the navigation of `store`'s state now, and reports the user's own navigation
        /// to it from then on. Call it once ``navigationController`` is in the window: UIKit
        /// presents no modal over a controller that is not on screen.
        ///
        /// - Parameter store: The store whose middleware holds ``middleware``.
        public func start(with store: Store<State>) {
            self.store = store
            show(store.state[keyPath: keyPath], animated: false)
        }

        /// Performs what leads from the stacks shown to those of `navigation`.
        ///
        /// UIKit refuses to present over a controller that is being dismissed or is not on
        /// screen yet, so a change that dismisses and presents runs as one chain of completions
        /// (the dismissal, then each modal over the one before); a navigation handed over while
        /// a chain runs waits for it, and only the newest one is shown then. `levels` and `shown`
        /// are what the chain leads to from its start, so they always agree with each other.
        private func show(_ navigation: NavigationState<Screen>, animated: Bool) {
            guard !isTransitioning else {
                waiting = (navigation, animated)
                return
            }
            let stacks = navigation.stacks
            let plan = NavigationControllerPlan(from: shown, to: stacks.map { $0.map(\.id) })
            let shownIDs = Set(navigation.entries.map(\.id))
            viewControllers = viewControllers.filter { shownIDs.contains($0.key) }
            for (level, stack) in stacks.prefix(plan.kept.count).enumerated() {
                levels[level].setViewControllers(stack.map(viewController(for:)), animated: animated)
            }
            let modals = stacks.dropFirst(plan.kept.count).map(modal(for:))
            shown = plan.kept + plan.presented
            let dismissing = plan.dismissFrom.map { levels[$0 - 1] }
            if let level = plan.dismissFrom { levels.removeSubrange(level...) }
            let presenter = levels[levels.count - 1]
            levels.append(contentsOf: modals)
            guard dismissing != nil || !modals.isEmpty else { return }
            isTransitioning = true
            let present = { [weak self] in
                self?.present(modals[...], over: presenter, animated: animated)
            }
            if let dismissing {
                dismissing.dismiss(animated: animated) { present() }
            } else {
                present()
            }
        }

        /// The navigation controller of a modal stack, presented as its first screen asks.
        private func modal(for stack: [NavigationEntry<Screen>]) -> UINavigationController {
            let modal = UINavigationController(rootViewController: viewController(for: stack[0]))
            modal.setViewControllers(stack.map(viewController(for:)), animated: false)
            modal.modalPresentationStyle =
                modalStyle(stack[0].screen) == .fullScreenCover ? .fullScreen : .automatic
            modal.delegate = self
            modal.presentationController?.delegate = self
            return modal
        }

        /// Presents each modal over the one before, once that one is on screen, then ends the
        /// transition and shows what waited meanwhile.
        private func present(
            _ modals: ArraySlice<UINavigationController>, over presenter: UIViewController, animated: Bool
        ) {
            guard let first = modals.first else {
                isTransitioning = false
                if let next = waiting {
                    waiting = nil
                    show(next.navigation, animated: next.animated)
                }
                return
            }
            presenter.present(first, animated: animated) { [weak self] in
                self?.present(modals.dropFirst(), over: first, animated: animated)
            }
        }

        private func viewController(for entry: NavigationEntry<Screen>) -> UIViewController {
            if let viewController = viewControllers[entry.id] { return viewController }
            let viewController = makeViewController(entry)
            viewControllers[entry.id] = viewController
            return viewController
        }

        /// The back button or the back swipe: the controller shows fewer screens than the state.
        public func navigationController(
            _ navigationController: UINavigationController, didShow viewController: UIViewController,
            animated: Bool
        ) {
            guard let level = levels.firstIndex(where: { $0 === navigationController }), let store else {
                return
            }
            let count = navigationController.viewControllers.count
            guard
                let action = NavigationPresentation(store.state[keyPath: keyPath])
                    .synchronize(level: level, visibleOnStack: count)
            else { return }
            shown[level] = Array(shown[level].prefix(count))
            store.dispatch(action: action)
        }

        /// A sheet's swipe-down: its modal closed, with every modal over it.
        public func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
            guard
                let level = levels.firstIndex(where: { $0.presentationController === presentationController }
                ),
                level > 0, let store,
                let action = NavigationPresentation(store.state[keyPath: keyPath])
                    .synchronize(dismissingModalOver: level - 1)
            else { return }
            levels.removeSubrange(level...)
            shown = Array(shown.prefix(level))
            store.dispatch(action: action)
        }
    }
#endif
