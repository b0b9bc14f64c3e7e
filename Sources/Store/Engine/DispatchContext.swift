/// The bookkeeping of one action on its way through the middleware stack.
///
/// Each middleware level gets a ``DispatchLevel`` handle, which its ``Dispatcher`` refers to.
/// A level holds the context strongly only until it calls `next`: so completions that capture
/// their dispatcher (a common way to dispatch a follow-up action) never keep the context alive,
/// and an action that a middleware drops frees everything. Most actions go through
/// synchronously, and then nothing outlives the dispatch: the engine finds the context and its
/// levels uniquely referenced afterwards and reuses them, so dispatching allocates nothing.
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
    /// The engine for a context that outlived its dispatch, while the store lives.
    @usableFromInline let link: EngineLink<State>
    @exclusivity(unchecked) @usableFromInline var route: ActionRoute<State>
    /// How many levels were entered; `route.middleware.count + 1` once the reducer was reached.
    @exclusivity(unchecked) @usableFromInline var depth = 0
    @exclusivity(unchecked) @usableFromInline var isOnStack = false
    /// The action of the deepest level entered, while that level's middleware runs.
    @exclusivity(unchecked) @usableFromInline var actionPointer: UnsafeRawPointer?
    /// The level handles, reused from dispatch to dispatch while nothing else holds them.
    @usableFromInline let levels: LevelSlots<State>
    /// The completions given to `next`, in stack order; room for one per middleware.
    @usableFromInline let completions: CompletionSlots<State>
    @exclusivity(unchecked) @usableFromInline var completionCount = 0

    @usableFromInline
    init(engine: DispatchEngine<State>, route: ActionRoute<State>, capacity: Int) {
        self.engine = engine
        self.route = route
        link = engine.link
        levels = LevelSlots(capacity: capacity)
        completions = CompletionSlots(base: .allocate(capacity: max(capacity, 1)))
    }

    deinit {
        completions.base.deinitialize(count: completionCount)
        completions.base.deallocate()
        levels.free()
    }

    /// Readies the handle of `index` for the middleware about to run there.
    @inlinable
    func enter(level index: Int) {
        if !isKnownUniquelyReferenced(&levels.base[index]) {
            levels.base[index] = DispatchLevel(index: index, link: link)
        }
        let level = levels.base[index].unsafelyUnwrapped
        level.context = self
        level.route = route
    }

    /// Settles the level of `index` after its middleware returned.
    ///
    /// A level that did not call `next` either blocked the action (nothing else holds its
    /// handle) or deferred it (a task or the middleware kept its dispatcher).
    @inlinable
    func leave<Action: StoreAction>(level index: Int, action: Action) {
        // No local reference to the level before the uniqueness check: it would count as one.
        guard levels.base[index]?.context != nil else { return }
        if isKnownUniquelyReferenced(&levels.base[index]) {
            levels.base[index].unsafelyUnwrapped.context = nil
            dropCompletions()
        } else {
            levels.base[index].unsafelyUnwrapped.savedAction = ActionBox(action)
            levels.base[index] = nil
        }
    }

    /// Continues the chain after level `index` passed `action` on.
    @inlinable
    func proceed<Action: StoreAction>(from index: Int, action: Action, completion: Completion?) {
        if let completion {
            (completions.base + completionCount).initialize(to: completion)
            completionCount &+= 1
        }
        if isOnStack {
            engine.run(level: index &+ 1, action: action, context: self)
        } else {
            link.engine?.resume(level: index &+ 1, action: action, context: self)
        }
    }

    /// Runs the completions in reverse order of the stack, then forgets them.
    @inlinable
    func runCompletions(with state: State) {
        var index = completionCount
        while index > 0 {
            index &-= 1
            completions.base[index](state)
        }
        dropCompletions()
    }

    /// Forgets the completions: they ran, or the action will never be reduced.
    @inlinable
    func dropCompletions() {
        if completionCount > 0 {
            completions.base.deinitialize(count: completionCount)
            completionCount = 0
        }
    }

    /// Makes the context ready for another action.
    @inlinable
    func reset(route: ActionRoute<State>) {
        self.route = route
        depth = 0
        dropCompletions()
    }

    static func name(of middleware: any AnyMiddleware) -> String {
        String(describing: type(of: middleware))
    }
}

/// The handle of one middleware level of one dispatch: what a ``Dispatcher`` refers to.
///
/// It holds the context strongly only while its middleware may still call `next`. Not generic,
/// so that generic middleware, which run unspecialized, handle it without a type-metadata
/// lookup; its methods recover the typed context, route and engine with unchecked casts.
@MainActor
@usableFromInline
final class DispatchLevel {
    @usableFromInline let index: Int
    /// The `DispatchContext` this level belongs to, until its middleware calls `next` or drops
    /// the action.
    @exclusivity(unchecked) @usableFromInline var context: AnyObject?
    /// The `ActionRoute` of the dispatch; routes live as long as their engine, and a level uses
    /// it only while its engine is alive.
    @exclusivity(unchecked) @usableFromInline unowned(unsafe) var route: AnyObject?
    /// The `EngineLink`, for `dispatch(action:)` and reports after the level's `next` was called.
    @usableFromInline let link: AnyObject
    /// A copy of the action, kept when the middleware returned without calling `next`.
    @exclusivity(unchecked) @usableFromInline var savedAction: AnyObject?

    @usableFromInline
    init(index: Int, link: AnyObject) {
        self.index = index
        self.link = link
    }

    /// Passes the action of this level on.
    @inlinable
    func next<Action: StoreAction, State: StoreState>(
        actionType: Action.Type,
        completion: DispatchContext<State>.Completion?
    ) {
        guard let context = claim(actionType: Action.self, stateType: State.self) else { return }
        if let savedAction {
            self.savedAction = nil
            let action = unsafeDowncast(savedAction, to: ActionBox<Action>.self).action
            context.proceed(from: index, action: action, completion: completion)
        } else {
            let action = context.actionPointer.unsafelyUnwrapped.assumingMemoryBound(to: Action.self).pointee
            context.proceed(from: index, action: action, completion: completion)
        }
    }

    /// Passes a replacement for the action of this level on.
    @inlinable
    func next<Action: StoreAction, State: StoreState>(
        action: Action,
        completion: DispatchContext<State>.Completion?
    ) {
        guard let context = claim(actionType: Action.self, stateType: State.self) else { return }
        savedAction = nil
        context.proceed(from: index, action: action, completion: completion)
    }

    /// Takes the context for this level's one `next`, or reports a second call and returns `nil`.
    @inlinable
    func claim<State: StoreState>(
        actionType: any StoreAction.Type,
        stateType: State.Type
    ) -> DispatchContext<State>? {
        guard let object = context else {
            reportNextCalledTwice(actionType: actionType, stateType: State.self)
            return nil
        }
        context = nil
        return unsafeDowncast(object, to: DispatchContext<State>.self)
    }

    @inlinable
    func dispatch<Action: StoreAction, State: StoreState>(_ action: Action, stateType: State.Type) {
        unsafeDowncast(link, to: EngineLink<State>.self).engine?.dispatch(action)
    }

    @usableFromInline
    func reportNextCalledTwice<State: StoreState>(actionType: any StoreAction.Type, stateType: State.Type) {
        guard let engine = unsafeDowncast(link, to: EngineLink<State>.self).engine, let route else { return }
        let middleware = unsafeDowncast(route, to: ActionRoute<State>.self).middleware[index]
        engine.report(
            .nextCalledTwice,
            "\(DispatchContext<State>.name(of: middleware)) called next twice for "
                + "\(actionType); the second call did nothing. Call next at most once per action."
        )
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

/// The level handles of one context. Only the main actor touches them; the context's `deinit`
/// frees them. A buffer rather than an array: generic middleware run unspecialized, and an
/// array of a generic element would look up its type metadata at each access.
@usableFromInline
struct LevelSlots<State: StoreState>: @unchecked Sendable {
    @usableFromInline let base: UnsafeMutablePointer<DispatchLevel?>
    @usableFromInline let capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
        base = .allocate(capacity: self.capacity)
        base.initialize(repeating: nil, count: self.capacity)
    }

    func free() {
        base.deinitialize(count: capacity)
        base.deallocate()
    }
}

/// How handles that outlive a dispatch reach their engine: `unowned(unsafe)`, guarded by a flag
/// the engine clears in its `deinit`. A `weak` reference would give the engine a side table and
/// make every retain and release of it take the slow path.
@usableFromInline
final class EngineLink<State: StoreState>: @unchecked Sendable {
    @usableFromInline nonisolated(unsafe) unowned(unsafe) var target: DispatchEngine<State>?
    @usableFromInline nonisolated(unsafe) var isAlive = true

    init() {}

    /// The engine, or `nil` once it was deallocated.
    @inlinable
    @MainActor
    var engine: DispatchEngine<State>? { isAlive ? target : nil }
}
