#if canImport(SwiftUI)
    import ReMVVMMiddleware
    import ReMVVMStore
    import SwiftUI

    /// What every level of a ``StoreNavigationStack`` shares.
    @MainActor
    struct StackContext<State: StoreState, Screen: Hashable & Sendable, Content: View> {
        let store: Store<State>
        let alerts: [AlertCase<Screen>]
        let modalStyle: @MainActor (Screen) -> ModalStyle
        let content: @MainActor (NavigationEntry<Screen>) -> Content
    }

    /// One stack of the navigation, `level` 0 for the root stack: a `NavigationStack` and the
    /// modal presented over it.
    @MainActor
    struct StackLevel<State: StoreState, Screen: Hashable & Sendable, Content: View>: View {
        let level: Int
        @ObservedObject var navigation: StateFollower<State, NavigationState<Screen>>
        let context: StackContext<State, Screen, Content>

        var body: some View {
            let presentation = NavigationPresentation(navigation.state)
            let alert = presentation.modal(over: level).flatMap { entry in
                context.alerts.lazy.compactMap { $0.alert(entry) }.first
            }
            if let root = presentation.root(of: level) {
                NavigationStack(path: path) {
                    context.content(root)
                        .navigationDestination(for: NavigationEntry<Screen>.self) { entry in
                            context.content(entry)
                        }
                }
                .sheet(item: modal(.sheet, unless: alert != nil)) { _ in
                    StackLevel(level: level + 1, navigation: navigation, context: context)
                }
                #if !os(macOS)
                    .fullScreenCover(item: modal(.fullScreenCover, unless: alert != nil)) { _ in
                        StackLevel(level: level + 1, navigation: navigation, context: context)
                    }
                #endif
                .alert(
                    alert?.title ?? "", isPresented: isPresented(alert, style: .alert), presenting: alert,
                    actions: buttons, message: message
                )
                .confirmationDialog(
                    alert?.title ?? "", isPresented: isPresented(alert, style: .dialog),
                    titleVisibility: .visible,
                    presenting: alert, actions: buttons, message: message)
            }
        }

        /// The stack's path: the entries pushed on its first; a shorter path set by the system
        /// (the back button, the back swipe) is synchronized.
        private var path: Binding<[NavigationEntry<Screen>]> {
            let (navigation, store, level) = (navigation, context.store, level)
            return Binding(
                get: { @MainActor in NavigationPresentation(navigation.state).path(of: level) },
                set: { @MainActor path in
                    let presentation = NavigationPresentation(navigation.state)
                    if let action = presentation.synchronize(level: level, path: path) {
                        store.dispatch(action: action)
                    }
                })
        }

        /// The modal over this stack while it is shown with `style`; the system's closing of it
        /// (a swipe-down) is synchronized.
        private func modal(_ style: ModalStyle, unless isAlert: Bool) -> Binding<NavigationEntry<Screen>?> {
            let (navigation, store, level, modalStyle) = (
                navigation, context.store, level, context.modalStyle
            )
            return Binding(
                get: { @MainActor in
                    guard !isAlert, let entry = NavigationPresentation(navigation.state).modal(over: level),
                        modalStyle(entry.screen).shownHere == style
                    else { return nil }
                    return entry
                },
                set: { @MainActor entry in
                    guard entry == nil else { return }
                    let presentation = NavigationPresentation(navigation.state)
                    if let action = presentation.synchronize(dismissingModalOver: level) {
                        store.dispatch(action: action)
                    }
                })
        }

        /// Whether `alert` is shown with `style`; its closing by the system taps its cancel
        /// button, and its closing after a tap dispatches nothing more, even while a middleware
        /// holds the tap back.
        private func isPresented(_ alert: ShownAlert?, style: AlertStyle) -> Binding<Bool> {
            let (navigation, store) = (navigation, context.store)
            let shown = alert?.style == style
            return Binding(
                get: { @MainActor in shown },
                set: { @MainActor isPresented in
                    guard !isPresented, shown, let alert,
                        let action = navigation.alertTaps.closedByTheSystem(alert, in: navigation.state)
                    else { return }
                    store.dispatch(action: action)
                })
        }

        @ViewBuilder
        private func buttons(_ alert: ShownAlert) -> some View {
            let (store, taps) = (context.store, navigation.alertTaps)
            ForEach(alert.buttons.indices, id: \.self) { index in
                let button = alert.buttons[index]
                Button(button.label, role: Self.role(button.role)) {
                    if let tap = taps.tap(button, of: alert) { store.dispatch(action: tap) }
                }
            }
        }

        @ViewBuilder
        private func message(_ alert: ShownAlert) -> some View {
            if let message = alert.message {
                Text(message)
            }
        }

        private static func role(_ role: AlertButton<Never>.Role) -> ButtonRole? {
            switch role {
            case .default: nil
            case .cancel: .cancel
            case .destructive: .destructive
            }
        }
    }
#endif
