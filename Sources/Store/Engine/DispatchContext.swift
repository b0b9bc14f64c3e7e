/// The bookkeeping of one action on its way through the middleware stack.
///
/// A context is shared by the ``Dispatcher`` values handed to each middleware. Most actions go
/// through synchronously, and then nothing outlives the dispatch: the engine finds the context
/// uniquely referenced afterwards and reuses it, so dispatching allocates nothing. A middleware
/// that keeps its dispatcher (to call `next` later) keeps the context, and the engine makes a
/// new one for the next action.
///
/// Generic middleware run unspecialized, so everything they reach here is laid out without
/// depending on the action or state type: no runtime metadata lookups on the way through.
@MainActor
@usableFromInline
final class DispatchContext<State: StoreState> {
    @usableFromInline typealias Completion = @MainActor (State) -> Void

    /// The engine, valid while the context is on the engine's call stack (``isOnStack``).
    /// `unowned(unsafe)` because a checked reference would cost a weak load per middleware.
    @usableFromInline unowned(unsafe) let engine: DispatchEngine<State>
    /// The engine for a context that outlived its dispatch; `nil` once the store is gone.
    @usableFromInline weak var detachedEngine: DispatchEngine<State>?
    @exclusivity(unchecked) @usableFromInline var route: ActionRoute<State>
    /// How many middleware levels were entered; level `n` may call `next` while `depth == n + 1`.
    @exclusivity(unchecked) @usableFromInline var depth = 0
    @exclusivity(unchecked) @usableFromInline var isOnStack = false
    /// The action of the deepest level entered, while that level's middleware runs.
    @exclusivity(unchecked) @usableFromInline var actionPointer: UnsafeRawPointer?
    /// A copy of the action of a level that returned without calling `next`.
    @exclusivity(unchecked) @usableFromInline var savedAction: AnyObject?
    /// The completions given to `next`, in stack order; room for one per middleware.
    @usableFromInline let completions: CompletionSlots<State>
    @exclusivity(unchecked) @usableFromInline var completionCount = 0

    @usableFromInline
    init(engine: DispatchEngine<State>, route: ActionRoute<State>, capacity: Int) {
        self.engine = engine
        self.route = route
        completions = CompletionSlots(base: .allocate(capacity: max(capacity, 1)))
    }

    deinit {
        completions.base.deinitialize(count: completionCount)
        completions.base.deallocate()
    }

    /// The engine to call back into, or `nil` when the store was deallocated.
    @inlinable
    var liveEngine: DispatchEngine<State>? {
        isOnStack ? engine : detachedEngine
    }

    /// Passes the action of `level` on.
    @inlinable
    func next<Action: StoreAction>(from level: Int, actionType: Action.Type, completion: Completion?) {
        guard let engine = acceptNext(from: level, actionType: Action.self) else { return }
        if isOnStack {
            let action = actionPointer.unsafelyUnwrapped.assumingMemoryBound(to: Action.self).pointee
            proceed(engine, from: level, action: action, completion: completion)
        } else {
            let action = unsafeDowncast(savedAction.unsafelyUnwrapped, to: ActionBox<Action>.self).action
            proceed(engine, from: level, action: action, completion: completion)
        }
    }

    /// Passes a replacement for the action of `level` on.
    @inlinable
    func next<Action: StoreAction>(from level: Int, action: Action, completion: Completion?) {
        guard let engine = acceptNext(from: level, actionType: Action.self) else { return }
        proceed(engine, from: level, action: action, completion: completion)
    }

    @inlinable
    func proceed<Action: StoreAction>(
        _ engine: DispatchEngine<State>,
        from level: Int,
        action: Action,
        completion: Completion?
    ) {
        if let completion {
            (completions.base + completionCount).initialize(to: completion)
            completionCount &+= 1
        }
        if isOnStack {
            engine.run(level: level &+ 1, action: action, context: self)
        } else {
            savedAction = nil
            engine.resume(level: level &+ 1, action: action, context: self)
        }
    }

    /// The engine when level `level` may call `next` now; otherwise reports and returns `nil`.
    @inlinable
    func acceptNext<Action: StoreAction>(from level: Int, actionType: Action.Type) -> DispatchEngine<State>? {
        guard let engine = liveEngine else { return nil }
        guard depth == level &+ 1 else {
            reportNextCalledTwice(from: level, actionType: Action.self)
            return nil
        }
        return engine
    }

    @usableFromInline
    func reportNextCalledTwice(from level: Int, actionType: any StoreAction.Type) {
        liveEngine?.report(
            .nextCalledTwice,
            "\(Self.name(of: route.middleware[level])) called next twice for "
                + "\(actionType); the second call did nothing. Call next at most once per action."
        )
    }

    @inlinable
    func dispatch<Action: StoreAction>(_ action: Action) {
        liveEngine?.dispatch(action)
    }

    /// Runs the completions in reverse order of the stack, then forgets them.
    @inlinable
    func runCompletions(with state: State) {
        var index = completionCount
        while index > 0 {
            index &-= 1
            completions.base[index](state)
        }
        completions.base.deinitialize(count: completionCount)
        completionCount = 0
    }

    /// Makes the context ready for another action.
    @inlinable
    func reset(route: ActionRoute<State>) {
        self.route = route
        depth = 0
        savedAction = nil
        if completionCount > 0 {
            completions.base.deinitialize(count: completionCount)
            completionCount = 0
        }
    }

    static func name(of middleware: any AnyMiddleware) -> String {
        String(describing: type(of: middleware))
    }
}

/// A copy of an action whose middleware returned without calling `next`, for a later `next`.
@usableFromInline
final class ActionBox<Action: StoreAction> {
    @usableFromInline let action: Action

    @inlinable
    init(_ action: Action) {
        self.action = action
    }
}

/// Room for the completions of one dispatch. Only the main actor touches it; the context's
/// `deinit`, which runs when nothing else can reach the context, frees it.
@usableFromInline
struct CompletionSlots<State: StoreState>: @unchecked Sendable {
    @usableFromInline let base: UnsafeMutablePointer<@MainActor (State) -> Void>

    @inlinable
    init(base: UnsafeMutablePointer<@MainActor (State) -> Void>) {
        self.base = base
    }
}
