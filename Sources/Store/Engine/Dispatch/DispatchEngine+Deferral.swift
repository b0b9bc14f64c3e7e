// Deferred chains: a middleware that kept its dispatcher defers its level, and a later `next`
// resumes the chain after it. A plain dispatch never runs this file's code.

extension DispatchEngine {
    /// The middleware of `index` kept its dispatcher: the level takes the context and a copy of
    /// the action with it, and leaves the pool.
    @usableFromInline
    func deferLevel<Action: StoreAction>(_ index: Int, action: Action, context: DispatchContext<State>) {
        let level = context.levels[index]
        level.phase = .deferred
        level.heldContext = context
        level.savedAction = ActionBox(action)
        context.levels[index] = context.newLevel(index, route: context.route)
        context.deferredLevel = index
    }

    /// Called by a deferred level's `next`: the chain resumes after it, now or after the
    /// current action when the store is busy. Nothing happens once the store is gone.
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
        } else if isBusy {
            pending.append(.resume { $0.runResumed(after: index, action: action, context: context) })
        } else {
            isBusy = true
            runResumed(after: index, action: action, context: context)
            drain()
            isBusy = false
        }
    }

    /// Runs a resumed chain from the level after `index`. The completions kept for the levels
    /// that returned before run right after the first resumed level's own completion would
    /// (``DispatchLevel/passOn(replacement:completion:)`` keeps that one with them), so every
    /// completion has run when that level's `next` returns, as in a chain that never waited.
    func runResumed<Action: StoreAction>(after index: Int, action: Action, context: DispatchContext<State>) {
        let wasOnStack = context.isOnStack
        let outerResumedLevel = context.resumedLevel
        context.outcome = .inProgress
        context.isOnStack = true
        context.resumedLevel = index &+ 1
        var action = action
        let route = context.route
        withBorrowed(&action) { runLevel(index &+ 1, action: $0, context: context, route: route) }
        settleKeptCompletions(of: context)
        context.resumedLevel = outerResumedLevel
        context.isOnStack = wasOnStack
        if context.outcome != .reduced { subscribers.dropReleased() }
        if effects != nil || context.outcome == .deferred { effectsPassEnded(action, context: context) }
    }

    /// Runs the kept completions once the action is reduced, or forgets them once it never
    /// will be; a chain deferred again keeps them.
    @usableFromInline
    func settleKeptCompletions(of context: DispatchContext<State>) {
        switch CompletionOrder.kept(after: context.outcome) {
        case .runDeepestFirst: context.runKeptCompletions(with: state)
        case .wait: break
        case .forget: context.forgetKeptCompletions()
        }
    }
}
