// The engine's unsafe code, in one place.
//
// The hot path avoids a retain and a release per middleware step, and generic middleware run
// unspecialized, so the handles a `Dispatcher` refers to are not generic and reach their typed
// context, route and engine through unchecked references and casts. Each is sound because of
// one of these assumptions, checked with `assert` in debug builds:
//
// 1. An action pointer is valid only while its level runs (phase `.running`): it points at a
//    local of the engine frame that called the middleware. A level that outlives that frame
//    keeps a copy of the action (`savedAction`) instead.
// 2. A level reads its `context` only while its middleware runs (the engine frame holds the
//    context) or while it is deferred (the level then holds the context strongly, in
//    `heldContext`). A level that passed the action on never touches its context again.
// 3. A level reads its `route` only while it runs (the engine, which holds its routes, is on
//    the stack), while it is deferred (the context it holds keeps the route), or after checking
//    through its `link` that the engine is alive.
// 4. The engine outlives every context on its stack; handles that outlive a dispatch reach the
//    engine only through `EngineLink`, which the engine's `deinit` clears.
// 5. Everything here runs on the main actor; the type-level casts reinterpret a value as the
//    type it was just compared equal to, or as the type it was stored with.
// 6. The stored properties of the engine's classes that a dispatch touches are
//    `@exclusivity(unchecked)`: each dynamic check costs more than the access (callgrind: a plain
//    dispatch took 2,422 instructions with the checks, 960 without). Only the main actor touches
//    them, and the engine never holds an access to one across a call that could reach it again.

/// The phase of one middleware level of one dispatch.
///
/// | phase | meaning | `next` then | when the middleware returns |
/// | --- | --- | --- | --- |
/// | `idle` | pooled, no action | (unreachable) | |
/// | `running` | its middleware runs | continues at once | `blocked`, or `deferred` if the dispatcher was kept |
/// | `passedOn` | `next` was called | is reported as a second call | |
/// | `deferred` | returned without `next`, dispatcher kept | resumes the chain (queued if the store is busy) | |
/// | `blocked` | returned without `next`, dispatcher dropped | (unreachable: nothing holds it) | |
@usableFromInline
enum LevelPhase: Sendable {
    case idle, running, passedOn, deferred, blocked
}

/// The handle of one middleware level of one dispatch: what a ``Dispatcher`` refers to.
///
/// Pooled by its ``DispatchContext`` and reused from dispatch to dispatch while nothing else
/// holds it, so passing an action on allocates nothing.
@MainActor
@usableFromInline
final class DispatchLevel {
    /// The position of this level's middleware in its route.
    @usableFromInline let index: Int
    /// The `EngineLink<State>`: how a handle that outlived its dispatch reaches the engine.
    @usableFromInline let link: AnyObject
    @exclusivity(unchecked) @usableFromInline var phase = LevelPhase.idle
    /// The `DispatchContext<State>` of the dispatch; see assumption 2.
    @exclusivity(unchecked) @usableFromInline unowned(unsafe) var context: AnyObject
    /// The context, held while the level is deferred.
    @exclusivity(unchecked) @usableFromInline var heldContext: AnyObject?
    /// The `ActionRoute<State>` of the dispatch; see assumption 3.
    @exclusivity(unchecked) @usableFromInline unowned(unsafe) var route: RouteHandle
    /// The action, while the middleware runs; see assumption 1.
    @exclusivity(unchecked) @usableFromInline var actionPointer: UnsafeRawPointer?
    /// A copy of the action, while the level is deferred.
    @exclusivity(unchecked) @usableFromInline var savedAction: HeldAction?

    @usableFromInline
    init(index: Int, link: AnyObject, context: AnyObject, route: RouteHandle) {
        self.index = index
        self.link = link
        self.context = context
        self.route = route
    }

    /// Readies the level for the middleware about to run with the action at `action`.
    @inlinable
    func enter(context: AnyObject, route: RouteHandle, action: UnsafeRawPointer) {
        assert(phase != .running && phase != .deferred, "internal inconsistency: a busy level was reused")
        phase = .running
        self.context = context
        self.route = route
        actionPointer = action
    }

    /// The context of a level that runs or is deferred, or that is passing the action on
    /// (assumption 2).
    @inlinable
    func context<State: StoreState>(as _: DispatchContext<State>.Type) -> DispatchContext<State> {
        assert(
            phase != .idle && phase != .blocked, "internal inconsistency: a level without a context read it")
        assert(context is DispatchContext<State>, "internal inconsistency: a level of another store")
        return unsafeDowncast(context, to: DispatchContext<State>.self)
    }

    /// Passes the action on: at once while the middleware runs, or by resuming the chain when
    /// the level was deferred. Any other phase means `next` was called a second time.
    ///
    /// - Parameter replacement: The action the rest of the chain sees instead, or `nil`.
    @usableFromInline
    func passOn(replacement: UnsafeRawPointer?) {
        switch phase {
        case .running:
            phase = .passedOn
            route.continueChain(self, replacement ?? actionPointer.unsafelyUnwrapped)
        case .deferred:
            phase = .passedOn
            route.resumeChain(self, replacement)
        case .passedOn:
            route.reportNextCalledTwice(self)
        case .idle, .blocked:
            preconditionFailure("internal inconsistency: next on a level that no dispatcher can hold")
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
        replacement: UnsafeRawPointer?, completion: @escaping @MainActor (State) -> Void
    ) {
        switch phase {
        case .running:
            let context = context(as: DispatchContext<State>.self)
            if context.resumedLevel == index {
                context.keep(completion, of: index)
                passOn(replacement: replacement)
                return
            }
            passOn(replacement: replacement)
            switch context.outcome {
            case .reduced: completion(context.engine.state)
            case .deferred: context.keep(completion, of: index)
            case .inProgress, .blocked, .unhandled: break
            }
        case .deferred:
            context(as: DispatchContext<State>.self).keep(completion, of: index)
            passOn(replacement: replacement)
        case .idle, .passedOn, .blocked:
            passOn(replacement: replacement)
        }
    }

    /// Passes the replacement at the pointer on; see ``passOn(replacement:)``.
    @inlinable
    func passOn<Action: StoreAction>(replacing action: UnsafePointer<Action>) {
        passOn(replacement: UnsafeRawPointer(action))
    }

    /// Passes the replacement at the pointer on; see ``passOn(replacement:completion:)``.
    @inlinable
    func passOn<Action: StoreAction, State: StoreState>(
        replacing action: UnsafePointer<Action>,
        completion: @escaping @MainActor (State) -> Void
    ) {
        passOn(replacement: UnsafeRawPointer(action), completion: completion)
    }

    /// The held context and action of a deferred level that called `next`, taken out of it.
    @inlinable
    func takeHeld<State: StoreState, Action: StoreAction>(
        _: DispatchContext<State>.Type,
        _: Action.Type
    ) -> (context: DispatchContext<State>, action: Action) {
        guard let held = heldContext, let saved = savedAction else {
            preconditionFailure("internal inconsistency: a deferred level holds no context")
        }
        heldContext = nil
        savedAction = nil
        assert(saved is ActionBox<Action>, "internal inconsistency: a saved action of another type")
        return (
            unsafeDowncast(held, to: DispatchContext<State>.self),
            unsafeDowncast(saved, to: ActionBox<Action>.self).action
        )
    }

    /// The engine, while the store lives (assumption 4).
    @inlinable
    func engine<State: StoreState>(_: State.Type) -> DispatchEngine<State>? {
        assert(link is EngineLink<State>, "internal inconsistency: a link of another store")
        return unsafeDowncast(link, to: EngineLink<State>.self).engine
    }
}

/// What a level needs of its route without knowing the action or state type: the continuation
/// of the chain, made where the action type is known, so that it runs specialized code even
/// when an unspecialized generic middleware calls `next`.
@MainActor
@usableFromInline
class RouteHandle {
    /// Runs the rest of the chain after `level`, with the action at the pointer.
    @usableFromInline let continueChain: @MainActor (DispatchLevel, UnsafeRawPointer) -> Void
    /// Resumes the chain after the deferred `level`, with a replacement action or its own.
    @usableFromInline let resumeChain: @MainActor (DispatchLevel, UnsafeRawPointer?) -> Void
    /// Reports a second `next` from `level`.
    let reportNextCalledTwice: @MainActor (DispatchLevel) -> Void

    @usableFromInline
    init(
        continueChain: @escaping @MainActor (DispatchLevel, UnsafeRawPointer) -> Void,
        resumeChain: @escaping @MainActor (DispatchLevel, UnsafeRawPointer?) -> Void,
        reportNextCalledTwice: @escaping @MainActor (DispatchLevel) -> Void
    ) {
        self.continueChain = continueChain
        self.resumeChain = resumeChain
        self.reportNextCalledTwice = reportNextCalledTwice
    }
}

/// A copy of an action whose middleware returned without calling `next`, for a later `next`.
@usableFromInline
class HeldAction {
    @usableFromInline
    init() {}
}

/// A ``HeldAction`` of one action type.
@usableFromInline
final class ActionBox<Action: StoreAction>: HeldAction {
    @usableFromInline let action: Action

    @inlinable
    init(_ action: Action) {
        self.action = action
    }
}

/// How handles that outlive a dispatch reach their engine: `unowned(unsafe)`, guarded by a flag
/// the engine clears in its `deinit`. A `weak` reference would give the engine a side table and
/// make every retain and release of it take the slow path.
@usableFromInline
final class EngineLink<State: StoreState>: @unchecked Sendable {
    @usableFromInline nonisolated(unsafe) unowned(unsafe) var target: DispatchEngine<State>?
    @usableFromInline nonisolated(unsafe) var isAlive = true

    @usableFromInline
    init() {}

    /// The engine, or `nil` once it was deallocated.
    @inlinable
    @MainActor
    var engine: DispatchEngine<State>? { isAlive ? target : nil }
}

/// Reinterprets a value as a type it was just compared equal to (assumption 5).
@inlinable
func reinterpret<Value, Target>(_ value: Value, as _: Target.Type) -> Target {
    assert(Value.self == Target.self, "internal inconsistency: \(Value.self) is not \(Target.self)")
    return unsafeBitCast(value, to: Target.self)
}
