// The chain: how the engine carries out what the machine (DispatchMachine.swift) decides. A
// middleware's `next` (Dispatcher.swift) lands in `DispatchLevel.passOn`, which runs the next
// middleware through `runLevel`, or resumes a deferred chain; a level's completion runs, waits
// or is dropped as ``CompletionOrder`` says. Nothing here writes the dispatch's state: it calls
// the machine's events. Everything here is safe Swift: the unchecked references and addresses
// come from the unsafe handle (Unsafe/Unchecked.swift), whose assumptions the comments cite by
// number.

extension DispatchLevel {
    /// Passes the action on: at once while the middleware runs, or by resuming the chain when
    /// the level was deferred. Any other phase means `next` was called a second time.
    ///
    /// - Parameter replacement: The action the rest of the chain sees instead, or `nil`.
    @usableFromInline
    func passOn(replacement: ErasedBorrow?) {
        switch nextCalled() {
        case .continueChain:
            assert(
                replacement != nil || actionAddress != nil,
                "internal inconsistency: a running level without its action")
            let action = replacement ?? uncheckedUnwrap(actionAddress)
            route.withObject { $0.continueChain(self, action) }
        case .resumeChain:
            // The route lives as long as the engine (assumption 3); once the store is gone, the
            // level only lets go of what it held.
            if link.isAlive {
                route.object.resumeChain(self, replacement)
            } else {
                releaseHeld()
            }
        case .reportSecondCall:
            // The route of a level that passed its action on lives as long as the engine
            // (assumption 3): a second `next` after the store is gone does nothing.
            if link.isAlive { route.object.reportNextCalledTwice(self) }
        }
    }

    /// Passes the action on and arranges for `completion` to run once the state changed.
    ///
    /// While the middleware runs, the rest of the chain runs inside this call, so the
    /// completion runs right here when it returns with the action reduced: the deeper levels'
    /// completions ran first, as they returned. A deferred level's completion, or one whose
    /// action was deferred further down, waits in the context for the resumed chain.
    @inlinable
    func passOn<State: StoreState>(
        replacement: ErasedBorrow?, completion: @escaping @MainActor (State) -> Void
    ) {
        guard CompletionOrder.mayRun(givenIn: phase) else {
            passOn(replacement: replacement)
            return
        }
        // Read once: in a generic middleware this code runs unspecialized, and each read of the
        // context looks up its type's metadata (callgrind, `navigation.plain`: 260 instructions).
        let context = context(as: DispatchContext<State>.self)
        switch CompletionOrder.beforeNext(phase: phase, isFirstResumedLevel: context.resumedLevel == index) {
        case .keep:
            context.keep(completion, of: index)
            passOn(replacement: replacement)
        case .decideAfterNext:
            // The level passes the action on and never reads its context again (assumption 2):
            // the context was read before.
            passOn(replacement: replacement)
            switch CompletionOrder.afterNext(context.outcome) {
            case .runNow: completion(context.engine.state)
            case .keep: context.keep(completion, of: index)
            case .drop: break
            }
        }
    }

    /// Passes the replacement on; see ``passOn(replacement:)``.
    @inlinable
    func passOn<Action: StoreAction>(replacing action: inout Action) {
        withBorrowed(&action) { passOn(replacement: $0.erased) }
    }

    /// Passes the replacement on; see ``passOn(replacement:completion:)``.
    @inlinable
    func passOn<Action: StoreAction, State: StoreState>(
        replacing action: inout Action,
        completion: @escaping @MainActor (State) -> Void
    ) {
        withBorrowed(&action) { passOn(replacement: $0.erased, completion: completion) }
    }
}

extension DispatchEngine {
    /// Runs middleware `index` of `route`, the context's route, or the reducer after the last
    /// one. The route is passed down, lent by the caller, rather than read again from the
    /// context at each level.
    @inlinable
    func runLevel<Action: StoreAction>(
        _ index: Int, action: Borrowed<Action>, context: DispatchContext<State>, route: ActionRoute<State>
    ) {
        guard index < route.middleware.count else {
            context.reachedEnd(reduced: reduce(action, route: route))
            return
        }
        context.readyLevel(index, route: route)
        // The level is read in place and lent, not retained, around the middleware's call:
        // nothing replaces it while it runs (assumptions 2 and 9). A retain and a release there
        // cost about 0.4x the floor in time (package-benchmark, `mw1`; `bound.mw1.borrowed`).
        let level = context.levels.withElementsInPlace { UncheckedReference($0[index]) }
        let stillRunning = level.withObject { level in
            level.enter(action: action.erased)
            // Read in place: a `switch` over an enum of the two copied the existential
            // (callgrind, `mw1`: 85 instructions).
            level.step.withObject { step in
                if step.typed != nil {
                    // Made by the middleware's conformance for this route's types (assumption
                    // 5), and lent: bound with `if let`, it and its closure cost two retains and
                    // releases (callgrind, `mw1.typed`).
                    UncheckedReference(uncheckedUnwrap(step.typed)).withObject(
                        as: TypedStep<Action, State>.self
                    ) { typed in
                        typed.call(state, action.value, Dispatcher<Action, State>(level: level))
                    }
                } else {
                    step.middleware.applyMiddleware(
                        for: state,
                        action: action.value,
                        dispatcher: Dispatcher<Action, State>(level: level)
                    )
                }
            }
            return level.middlewareReturned()
        }
        if stillRunning { context.returnedWithoutNext(index, action: action) }
    }

    /// Called by a level's `next` while its middleware runs: the chain goes on at once.
    @inlinable
    static func continueChain<Action: StoreAction>(after level: DispatchLevel, action: Borrowed<Action>) {
        level.context.withObject(as: DispatchContext<State>.self) { context in
            assert(
                context.isOnStack, "internal inconsistency: a running level whose context is not on the stack"
            )
            assert(context.link.isAlive, "internal inconsistency: a chain runs in a deallocated store")
            context.engineReference.withObject { engine in
                level.route.withObject(as: ActionRoute<State>.self) { route in
                    engine.runLevel(level.index &+ 1, action: action, context: context, route: route)
                }
                if context.resumedLevel == level.index { context.settleKeptCompletions(state: engine.state) }
            }
        }
    }

    // MARK: - Deferred chains
    // A middleware that kept its dispatcher defers its level, and a later `next` resumes the
    // chain after it. A plain dispatch never runs this code.

    /// Called by a deferred level's `next`: the chain resumes after it, now or after the
    /// current work when the store is busy. Nothing happens once the store is gone.
    @inlinable
    static func resumeChain<Action: StoreAction>(after level: DispatchLevel, replacement: Action?) {
        let (context, saved) = level.takeHeld(DispatchContext<State>.self, Action.self)
        guard let engine = context.link.engine else { return }
        engine.resume(after: level.index, action: replacement ?? saved, context: context)
    }

    @usableFromInline
    func resume<Action: StoreAction>(after index: Int, action: Action, context: DispatchContext<State>) {
        if context.isOnStack {
            // `next` of a deferred level, called from an earlier level of the same chain.
            runResumed(after: index, action: action, context: context)
        } else {
            whenIdle(.resume { $0.runResumed(after: index, action: action, context: context) }) {
                runResumed(after: index, action: action, context: context)
            }
        }
    }

    /// Runs a resumed chain from the level after `index`. The completions kept for the levels
    /// that returned before run right after the first resumed level's own completion would
    /// (``DispatchLevel/passOn(replacement:completion:)`` keeps that one with them), so every
    /// completion has run when that level's `next` returns, as in a chain that never waited.
    func runResumed<Action: StoreAction>(after index: Int, action: Action, context: DispatchContext<State>) {
        let outer = context.beginResumedPass(after: index)
        var action = action
        let route = context.route
        withBorrowed(&action) { runLevel(index &+ 1, action: $0, context: context, route: route) }
        context.settleKeptCompletions(state: state)
        context.endResumedPass(outer)
        if context.outcome != .reduced { subscribers.dropReleased() }
        if effects != nil || context.outcome == .deferred { effectsPassEnded(action, context: context) }
    }
}
