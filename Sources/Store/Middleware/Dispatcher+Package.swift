// Package-only doors into a dispatcher, for the ready-made middleware of this package.

extension Dispatcher {
    /// The identity of the dispatch this dispatcher belongs to, or `nil` once `next` was called.
    ///
    /// One action's journey through the stack, including its resumption after a middleware
    /// called `next` later, is one dispatch. While a middleware holds a dispatch (keeps its
    /// dispatcher without calling `next`), no other dispatch has the same identity; once the
    /// dispatch is over, the identity may be given to a later one.
    package var dispatchIdentity: ObjectIdentifier? {
        switch level.phase {
        case .running, .deferred: ObjectIdentifier(level.context.object)
        case .idle, .passedOn, .blocked: nil
        }
    }

    /// Whether the action was handed to `Store.dispatch` on an idle store, from outside it
    /// (a view, a test), rather than dispatched from within: by a middleware or an effect
    /// through a dispatcher, or by anyone while the store was busy (a subscriber, say).
    /// Meaningful at the top of the stack, before `next`.
    package var isFromOutside: Bool {
        level.engine(State.self)?.queue.innerDepth == 0
    }

    /// Reports `message` through the store's ``Store/diagnosticsHandler``; does nothing once
    /// the store is gone.
    ///
    /// A middleware gets no store, only a dispatcher, so the dispatcher is the one handle that
    /// knows which store's hook to call (the action recorder reports file errors through it).
    package func report(_ kind: StoreDiagnostic.Kind, _ message: String) {
        level.engine(State.self)?.report(kind, message)
    }

    /// Sends `diagnostic` to the ``Store/diagnosticsHandler`` of this dispatcher's store.
    package func report(_ diagnostic: StoreDiagnostic) {
        report(diagnostic.kind, diagnostic.message)
    }
}

extension Dispatcher {
    /// A function that sends a diagnostic to the ``Store/diagnosticsHandler`` of this
    /// dispatcher's store, later, from work that outlives the dispatch; it does nothing once the
    /// store is gone.
    ///
    /// Keeping the dispatcher itself for that would keep its pooled handle from being reused
    /// (an allocation per dispatch); this keeps only the small link to the store's engine. The
    /// state persistence reports write failures that end after the dispatch with it.
    package var diagnosticsReporter: @MainActor (StoreDiagnostic) -> Void {
        // The link is the store's `EngineLink<State>` (assumption 5 in Unsafe/Unchecked.swift).
        let link = uncheckedDowncast(level.link, to: EngineLink<State>.self)
        return { diagnostic in link.engine?.report(diagnostic.kind, diagnostic.message) }
    }
}

extension StorePassOutcome {
    /// The engine's outcome of a pass (DispatchMachine.swift); `nil` for a pass in progress.
    init?(_ outcome: DispatchOutcome) {
        switch outcome {
        case .reduced: self = .reduced
        case .unhandled: self = .unhandled
        case .blocked: self = .blocked
        case .deferred: self = .deferred
        case .inProgress: return nil
        }
    }
}

extension Dispatcher {
    /// Passes the action on, as ``next(completion:)``, and returns how the pass ended below this
    /// middleware, as the engine recorded it; `nil` when `next` did not pass it on (called a
    /// second time, or from a deferred level, whose chain resumes elsewhere).
    package func nextReportingOutcome(completion: (@MainActor (State) -> Void)? = nil) -> StorePassOutcome? {
        guard level.phase == .running else {
            next(completion: completion)
            return nil
        }
        // Read before `next`, after which the level never reads its context (assumption 2);
        // the engine's frame holds the context until the chain returns here.
        let context = level.context(as: DispatchContext<State>.self)
        next(completion: completion)
        return StorePassOutcome(context.outcome)
    }
}
