/// What happened to an action, recorded where it happens.
@usableFromInline
enum DispatchOutcome: Sendable {
    /// Its middleware are running (or the chain was resumed and runs again).
    case inProgress
    /// The reducer ran and the subscribers were told.
    case reduced
    /// It reached the end of the chain, but no reducer handles its type.
    case unhandled
    /// A middleware returned without calling `next` and let go of its dispatcher.
    case blocked
    /// A middleware returned without calling `next` but kept its dispatcher: it may resume.
    case deferred
}
