// Package-only doors into a dispatcher, for the ready-made middleware of this package. Kept in
// their own file, apart from the engine, so an engine rewrite has one short list to port.
extension Dispatcher {
    /// The identity of the dispatch this dispatcher belongs to, or `nil` once `next` was called.
    ///
    /// One action's journey through the stack, including its resumption after a middleware
    /// called `next` later, is one dispatch. While a middleware holds a dispatch (keeps its
    /// dispatcher without calling `next`), no other dispatch has the same identity; once the
    /// dispatch is over, the identity may be given to a later one.
    package var dispatchIdentity: ObjectIdentifier? {
        level.context.map { ObjectIdentifier($0) }
    }

    /// Reports `message` through the store's ``Store/diagnosticsHandler``; does nothing once
    /// the store is gone.
    package func report(_ kind: StoreDiagnostic.Kind, _ message: String) {
        unsafeDowncast(level.link, to: EngineLink<State>.self).engine?.report(kind, message)
    }
}
