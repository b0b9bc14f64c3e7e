#if canImport(SwiftUI)
    public import ReMVVMMiddleware
    public import ReMVVMStore
    public import SwiftUI

    /// A SwiftUI `NavigationStack` that shows the app's `NavigationState`: its root stack as
    /// the stack's root view and path, each modal as a sheet (or a full-screen cover) with a
    /// navigation stack of its own, and alert entries as alerts or confirmation dialogs.
    ///
    /// ```swift
    /// StoreNavigationStack(store, navigation: \.navigation, alerts: [AlertCase(Screen.alert)]) { entry in
    ///     switch entry.screen {
    ///     case .home: Text("Meetings")
    ///     case .detail(let id): Text("Meeting \(id)")
    ///     default: EmptyView()
    ///     }
    /// }
    /// ```
    ///
    /// The state decides what is shown: an action that pushes, pops, presents or dismisses
    /// redraws the stack. What the system does by itself reaches the store as
    /// `NavigationAction.synchronize(visibleCount:)`: the back button and the back swipe, and
    /// the swipe-down of a sheet. A tap on an alert's button dispatches its `AlertTapped`, and
    /// the system's closing of an alert (the escape key, a tap outside a dialog) taps its cancel
    /// button.
    ///
    /// It follows the navigation's part of the state only, as an `ObservableObject`, so it
    /// works from iOS 16, macOS 13, tvOS 16 and watchOS 9.
    @MainActor
    public struct StoreNavigationStack<State: StoreState, Screen: Hashable & Sendable, Content: View>: View {
        private let store: Store<State>
        private let keyPath: KeyPath<State, NavigationState<Screen>>
        private let context: StackContext<State, Screen, Content>

        /// Creates the navigation stack of the navigation at `keyPath` of `store`'s state.
        ///
        /// - Parameters:
        ///   - store: The store.
        ///   - keyPath: Where the navigation lives in the state.
        ///   - alerts: The cases of the screen enum that hold alerts; their entries are shown
        ///     as alerts or confirmation dialogs.
        ///   - modalStyle: How each modal is shown, by its first screen: ``ModalStyle/sheet``
        ///     unless given.
        ///   - content: The view of an entry's screen.
        public init(
            _ store: Store<State>,
            navigation keyPath: KeyPath<State, NavigationState<Screen>>,
            alerts: [AlertCase<Screen>] = [],
            modalStyle: @escaping @MainActor (Screen) -> ModalStyle = { _ in .sheet },
            @ViewBuilder content: @escaping @MainActor (NavigationEntry<Screen>) -> Content
        ) {
            self.store = store
            self.keyPath = keyPath
            context = StackContext(store: store, alerts: alerts, modalStyle: modalStyle, content: content)
        }

        /// The root stack, and the modals over it. Identified by its store: given another store
        /// (a new session after a log-out, say), it follows that one from scratch.
        public var body: some View {
            FollowedStack(store: store, keyPath: keyPath, context: context).id(ObjectIdentifier(store))
        }
    }

    /// The stack and the follower of its store's navigation, which SwiftUI keeps while the view
    /// is shown with the same store.
    @MainActor
    private struct FollowedStack<State: StoreState, Screen: Hashable & Sendable, Content: View>: View {
        let context: StackContext<State, Screen, Content>
        @StateObject private var navigation: StateFollower<State, NavigationState<Screen>>

        init(
            store: Store<State>, keyPath: KeyPath<State, NavigationState<Screen>>,
            context: StackContext<State, Screen, Content>
        ) {
            self.context = context
            _navigation = StateObject(wrappedValue: StateFollower(store: store, keyPath: keyPath))
        }

        var body: some View {
            StackLevel(level: 0, navigation: navigation, context: context)
        }
    }
#endif
