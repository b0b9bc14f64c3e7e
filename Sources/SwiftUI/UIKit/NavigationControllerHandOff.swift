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
    /// handOff.start(with: store)
    /// // window.rootViewController = handOff.navigationController
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
        /// to it from then on.
        ///
        /// - Parameter store: The store whose middleware holds ``middleware``.
        public func start(with store: Store<State>) {
            self.store = store
            show(store.state[keyPath: keyPath], animated: false)
        }

        /// Performs what leads from the stacks shown to those of `navigation`.
        private func show(_ navigation: NavigationState<Screen>, animated: Bool) {
            let stacks = navigation.stacks
            let plan = NavigationControllerPlan(from: shown, to: stacks.map { $0.map(\.id) })
            let shownIDs = Set(navigation.entries.map(\.id))
            viewControllers = viewControllers.filter { shownIDs.contains($0.key) }
            let present = { [self] in
                for stack in stacks.dropFirst(plan.kept.count) {
                    let modal = UINavigationController(rootViewController: viewController(for: stack[0]))
                    modal.setViewControllers(stack.map(viewController(for:)), animated: false)
                    modal.modalPresentationStyle =
                        modalStyle(stack[0].screen) == .fullScreenCover ? .fullScreen : .automatic
                    modal.delegate = self
                    modal.presentationController?.delegate = self
                    levels[levels.count - 1].present(modal, animated: animated, completion: nil)
                    levels.append(modal)
                }
            }
            for (level, stack) in stacks.prefix(plan.kept.count).enumerated() {
                levels[level].setViewControllers(stack.map(viewController(for:)), animated: animated)
            }
            shown = plan.kept + plan.presented
            if let level = plan.dismissFrom {
                levels.removeSubrange(level...)
                if plan.presented.isEmpty {
                    levels[level - 1].dismiss(animated: animated, completion: nil)
                } else {
                    // UIKit presents over a controller once its modal is gone.
                    levels[level - 1].dismiss(animated: animated) { present() }
                }
            } else {
                present()
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
