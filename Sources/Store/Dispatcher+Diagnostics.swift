// A package-only door from a middleware to its store's diagnostics hook, for the ready-made
// middleware in ReMVVMMiddleware (the action recorder reports file errors through it). A
// middleware gets no store, only a dispatcher, so the dispatcher is the one handle that knows
// which store's hook to call. Not public: apps report their own problems their own way.

extension Dispatcher {
    /// Sends `diagnostic` to the ``Store/diagnosticsHandler`` of the store this dispatcher
    /// belongs to; does nothing once that store is gone.
    package func report(_ diagnostic: StoreDiagnostic) {
        unsafeDowncast(level.link, to: EngineLink<State>.self).engine?.diagnosticsHandler(diagnostic)
    }
}
