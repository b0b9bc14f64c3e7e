// What the engine reports through the store's diagnostics hook: actions without a reducer, a
// second `next`, middleware whose state type is not the store's.

extension DispatchEngine {
    @usableFromInline
    func report(_ kind: StoreDiagnostic.Kind, _ message: String) {
        diagnosticsHandler(StoreDiagnostic(kind: kind, message: message))
    }

    @usableFromInline
    func reportUnhandled(_ type: any StoreAction.Type) {
        report(
            .unhandledAction,
            "No reducer is registered for \(TypeName.of(type)); the state did not change. "
                + "Register one with store.register(reducer:)."
        )
    }

    @usableFromInline
    static func reportNextCalledTwice(by level: DispatchLevel, actionType: any StoreAction.Type) {
        // The route is read only after the link showed the engine, and so its routes, alive.
        guard let engine = level.engine(State.self) else { return }
        let route = uncheckedDowncast(level.route.object, to: ActionRoute<State>.self)
        engine.report(
            .nextCalledTwice,
            "\(MiddlewareRouting.name(of: route.middleware[level.index])) called next twice for "
                + "\(TypeName.of(actionType)); the second call did nothing. Call next at most once per action."
        )
    }

    /// Reports typed middleware whose state type differs from the store's: they never run.
    @usableFromInline
    func checkMiddlewareStates() {
        checkedMiddleware = true
        for middleware in routes.stack {
            guard let expected = MiddlewareRouting.expectedState(of: middleware), expected != State.self
            else { continue }
            report(
                .middlewareStateMismatch,
                "\(MiddlewareRouting.name(of: middleware)) expects state \(TypeName.of(expected)), "
                    + "but the store's state is \(TypeName.of(State.self)); it will never run."
            )
        }
    }
}
