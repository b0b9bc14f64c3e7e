public import ReMVVMStore

// `@inlinable`: reduced at every navigation action, specialized in the client (see
// NavigationStateMiddleware.swift for the measurement).

/// The one reducer of ``NavigationAction``, registered at the app's key path by
/// `Store.register(navigation:)`; a request that cannot be met leaves the state as it was.
@usableFromInline
enum NavigationReducer<Screen: Sendable>: Reducer {
    @inlinable
    static func reduce(
        state: NavigationState<Screen>, with action: NavigationAction<Screen>
    ) -> NavigationState<Screen> {
        var state = state
        state.apply(action)
        return state
    }

    /// The check the store runs before the reducer: pure as the reducer is, and the store
    /// reports what it returns.
    @inlinable
    @Sendable
    static func diagnose(
        state: NavigationState<Screen>, action: NavigationAction<Screen>
    ) -> StoreDiagnostic? {
        guard let problem = state.problem(with: action) else { return nil }
        return diagnostic(problem, action)
    }

    @usableFromInline
    static func diagnostic(_ problem: String, _ action: NavigationAction<Screen>) -> StoreDiagnostic {
        StoreDiagnostic(
            kind: .impossibleNavigation,
            message: "\(TypeName.of(NavigationAction<Screen>.self)).\(name(of: action)): \(problem) "
                + "The navigation did not change."
        )
    }

    /// The case with its count, for messages: `pop(count: 3)`, `dismiss`,
    /// `replace(2 screens, presenting: 1 modal)`, `close(id: 4)`.
    @usableFromInline
    static func name(of action: NavigationAction<Screen>) -> String {
        switch action {
        case .push: "push"
        case .pop(let count): "pop(count: \(count))"
        case .popToRoot: "popToRoot"
        case .present: "present"
        case .dismiss: "dismiss"
        case .replace(let screens): "replace(\(count(screens.count, "screen")))"
        case .replaceWithModals(let screens, let modals):
            "replace(\(count(screens.count, "screen")), presenting: \(count(modals.count, "modal")))"
        case .synchronize(let count): "synchronize(visibleCount: \(count))"
        case .popTo(let id): "popTo(id: \(id))"
        case .close(let id): "close(id: \(id))"
        }
    }

    /// `1 screen`, `2 screens`.
    private static func count(_ count: Int, _ noun: String) -> String {
        count == 1 ? "1 \(noun)" : "\(count) \(noun)s"
    }
}
