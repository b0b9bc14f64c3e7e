import ReMVVMStore

// The lower bound of a middleware step under ReMVVM's public middleware API (issue 27).
//
// A minimal "ideal engine" that does not use the library's Store: one state in a class, one
// reducer called as `floor` calls it, one subscriber told `(new, old)`, and at most one
// middleware. The middleware protocols below have the shape of `AnyMiddleware` and
// `Middleware` (whose `Dispatcher` cannot be built outside the library) and keep every cost that
// shape forces on any engine:
// - a call of a generic method through an existential (`any BoundAnyMiddleware`), with the
//   action's and the state's metadata and conformances passed at run time;
// - the state passed by value: the reduce inside `next()` replaces the engine's state while the
//   middleware still holds its parameter, so the engine hands it a copy (a retain and a release
//   of the state's reference-counted fields);
// - a dispatcher that the middleware may keep: a struct around one pooled class instance
//   (`BoundStep`), whose uniqueness after the middleware returned says whether it was kept
//   (deferred) or not (blocked, when `next()` was not called);
// - `next()` at most once: the step's phase reports a second call.
// Everything else is as cheap as it can be: no dynamic exclusivity checks, no allocation, the
// state and the step kept at a fixed address (`BoundCore`), and `next()` a direct call of the
// engine's continuation. `bound.mw1` minus `bound.d0` is then the cheapest pass-through step
// that safe Swift can build, `bound.mw1.typed` minus `bound.d0` the cheapest typed one (its
// types checked once, when the engine is built), and `bound.mw1.borrowed` minus `bound.d0` the
// pass-through step without the one cost that is Swift's, not the API's: the retain and
// release of the step around the middleware call (loaded from a `var`, which the call might
// replace; `Unmanaged._withUnsafeGuaranteedRef` avoids it, but its closure then costs a dynamic
// main-actor check, more).
// Measured when added (callgrind, per step): 285 instructions pass-through, 260 typed, 246
// borrowed; `floor` is 330. Of the borrowed step, 143 are the state's copy and destruction
// (AppState's `any ViewModelFactory` is copied through its value witnesses), 29 the
// existential call, 13 the uniqueness read; the pooled step adds 40 (its retain and release).
// In time, one package-benchmark run: 0.97x the floor pass-through, 0.95x typed, 0.59x
// borrowed; a retain and release pair costs about 0.4x the floor here.
// What the prototype leaves out: a deferred `next()` does not continue the chain (it is counted
// when the middleware returns), and `next(action:)` and completions are not modeled.

// MARK: - The API's shape

/// `AnyMiddleware`'s shape: one generic method, called through an existential.
@MainActor
protocol BoundAnyMiddleware {
    func applyMiddleware<Action: StoreAction, State: StoreState>(
        for state: State,
        action: Action,
        dispatcher: BoundDispatcher<Action, State>
    )
}

/// `Middleware`'s shape: one action type and one state type.
@MainActor
protocol BoundMiddleware: BoundAnyMiddleware {
    associatedtype Action: StoreAction
    associatedtype State: StoreState

    func applyMiddleware(for state: State, action: Action, dispatcher: BoundDispatcher<Action, State>)
}

extension BoundMiddleware {
    /// A typed middleware in an untyped route: never reached by the workloads, whose typed
    /// middleware is routed by type when the engine is built.
    func applyMiddleware<OtherAction: StoreAction, OtherState: StoreState>(
        for state: OtherState,
        action: OtherAction,
        dispatcher: BoundDispatcher<OtherAction, OtherState>
    ) {
        guard let state = state as? State, let action = action as? Action else {
            dispatcher.next()
            return
        }
        applyMiddleware(
            for: state, action: action, dispatcher: BoundDispatcher<Action, State>(step: dispatcher.step))
    }
}

/// `Dispatcher`'s shape: a struct around one class reference, whose layout does not depend on
/// `Action` or `State`, so generic middleware code needs no metadata to call `next()`.
@MainActor
struct BoundDispatcher<Action: StoreAction, State: StoreState> {
    let step: BoundStep

    /// Passes the action on: a direct call of the engine's continuation.
    @inline(__always)
    func next() {
        step.next()
    }
}

/// Where one middleware call stands. A stored `UInt8`: one byte to set and to test.
enum BoundPhase: UInt8 {
    /// The middleware is running and has not called `next()`.
    case running
    /// `next()` was called: a further call is reported.
    case passed
    /// The middleware returned without calling `next()` and kept its dispatcher.
    case deferred
    /// Not in use.
    case idle
}

/// The heap handle of a dispatcher: pooled by the engine and replaced only when a middleware
/// kept it (its reference count then says so after the middleware returned).
@MainActor
final class BoundStep {
    // `@exclusivity(unchecked)`: main-actor code that never holds an access across a call.
    @exclusivity(unchecked) var phase = BoundPhase.idle
    /// The engine's core; `nil` once a kept step was replaced by a new one.
    @exclusivity(unchecked) var core: UnsafeMutablePointer<BoundCore>?

    init(core: UnsafeMutablePointer<BoundCore>) {
        self.core = core
    }

    /// `next()`: the first call continues the chain by a direct call, any other is reported.
    func next() {
        if phase == .running, let core {
            phase = .passed
            reduceAndNotify(core)
        } else {
            reportMisplacedNext(self)
        }
    }
}

// MARK: - The engine

/// What the engine keeps, at an address that does not move: the state, the subscriber and the
/// pooled step are borrowed from there, with no retain and no copy but the ones the API forces
/// (a class's stored property would be copied at each use: a call might replace it).
struct BoundCore {
    var state: AppState
    let subscriber: CountingSubscriber
    /// The dispatcher's handle, reused by every dispatch until a middleware keeps it.
    var step: BoundStep
    /// What the phase flags and the uniqueness check detected: asserted zero after a run.
    var blocked = 0
    var deferred = 0
    var misplacedNext = 0
    /// The borrowed step is held by a middleware: `dispatchBorrowed` uses the pooled one.
    var borrowedKept = false
}

/// What every engine does for `Increment`, and `next()`'s continuation: the reduce and the
/// notification, through `floor`'s `@inline(never)` functions. The new state is swapped in, so
/// the old one is moved out, not copied: the only copy is the reducer's own.
@MainActor
func reduceAndNotify(_ core: UnsafeMutablePointer<BoundCore>) {
    var old = reduceDirectly(core.pointee.state, Increment())
    swap(&core.pointee.state, &old)
    notifyDirectly(core.pointee.subscriber, core.pointee.state, old)
}

@MainActor
@inline(never)
func reportMisplacedNext(_ step: BoundStep) {
    step.core?.pointee.misplacedNext &+= 1
}

/// The ideal engine: owns the core and dispatches `Increment` through one middleware call.
@MainActor
final class BoundEngine {
    // `nonisolated(unsafe)`: the deinitializer frees it; only main-actor code uses it otherwise.
    nonisolated(unsafe) let core: UnsafeMutablePointer<BoundCore>
    /// The step of `dispatchBorrowed(through:)`, never replaced.
    let borrowed: BoundStep

    init(state: AppState, subscriber: CountingSubscriber) {
        core = .allocate(capacity: 1)
        core.initialize(to: BoundCore(state: state, subscriber: subscriber, step: BoundStep(core: core)))
        borrowed = BoundStep(core: core)
    }

    // A kept pooled step was detached (its `core` is `nil`); a kept borrowed step still points
    // here, and the prototype never calls it after the engine went (a real engine would detach
    // it on the main actor).
    deinit {
        core.deinitialize(count: 1)
        core.deallocate()
    }

    /// Dispatches `Increment` with no middleware: `bound.d0`.
    @inline(__always)
    func dispatch() {
        reduceAndNotify(core)
    }

    /// Dispatches `Increment` through `link`: `link` is the middleware call (existential or typed).
    @inline(__always)
    func dispatch<Link: BoundLink>(through link: Link) {
        // The copy of the state that the middleware's parameter needs (see the top of the file).
        let state = core.pointee.state
        core.pointee.step.phase = .running
        link.call(state: state, action: Increment(), dispatcher: BoundDispatcher(step: core.pointee.step))
        // A kept dispatcher holds a second reference: detach its step and pool a new one.
        if _slowPath(!isKnownUniquelyReferenced(&core.pointee.step)) {
            replaceKeptStep()
        } else if _slowPath(core.pointee.step.phase == .running) {
            core.pointee.blocked &+= 1
        }
    }

    /// As `dispatch(through:)`, but the step comes from a `let`, so Swift passes it with no
    /// retain: `bound.mw1.borrowed`. A `let` cannot be replaced when a middleware keeps it, so
    /// the kept step is parked (`borrowedKept`) and later dispatches take the pooled one until
    /// it is free again; `isKnownUniquelyReferenced` needs a `var`, so its uniqueness is read
    /// with `_getRetainCount` (the same non-atomic load of the reference count).
    @inline(__always)
    func dispatchBorrowed<Link: BoundLink>(through link: Link) {
        guard _fastPath(!core.pointee.borrowedKept || borrowedIsFree()) else {
            dispatch(through: link)
            return
        }
        let state = core.pointee.state
        borrowed.phase = .running
        link.call(state: state, action: Increment(), dispatcher: BoundDispatcher(step: borrowed))
        if _slowPath(_getRetainCount(borrowed) != 1) {
            parkBorrowed()
        } else if _slowPath(borrowed.phase == .running) {
            core.pointee.blocked &+= 1
        }
    }

    @inline(never)
    private func parkBorrowed() {
        if borrowed.phase == .running {
            borrowed.phase = .deferred
            core.pointee.deferred &+= 1
        }
        core.pointee.borrowedKept = true
    }

    @inline(never)
    private func borrowedIsFree() -> Bool {
        guard _getRetainCount(borrowed) == 1 else { return false }
        core.pointee.borrowedKept = false
        return true
    }

    @inline(never)
    private func replaceKeptStep() {
        let kept = core.pointee.step
        if kept.phase == .running {
            kept.phase = .deferred
            core.pointee.deferred &+= 1
        }
        kept.core = nil
        core.pointee.step = BoundStep(core: core)
    }
}

/// The middleware call of one engine: through `any BoundAnyMiddleware`, or through the typed
/// route built once.
@MainActor
protocol BoundLink {
    func call(state: AppState, action: Increment, dispatcher: BoundDispatcher<Increment, AppState>)
}

/// Calls a middleware through the existential, as the library calls `any AnyMiddleware`.
struct BoundExistentialLink: BoundLink {
    let middleware: any BoundAnyMiddleware

    @inline(__always)
    func call(state: AppState, action: Increment, dispatcher: BoundDispatcher<Increment, AppState>) {
        middleware.applyMiddleware(for: state, action: action, dispatcher: dispatcher)
    }
}

/// Calls a typed middleware whose action and state types were checked when the route was built.
struct BoundTypedLink: BoundLink {
    let route: BoundTypedRoute<Increment, AppState>

    /// Builds the route of `middleware`, or `nil` when it does not handle `Increment` in `AppState`.
    init?(_ middleware: any BoundAnyMiddleware) {
        guard let typed = middleware as? any BoundMiddleware,
            let route = Self.route(of: typed) as? BoundTypedRoute<Increment, AppState>
        else { return nil }
        self.route = route
    }

    private static func route<M: BoundMiddleware>(of middleware: M) -> AnyObject {
        BoundTypedBox(middleware)
    }

    @inline(__always)
    func call(state: AppState, action: Increment, dispatcher: BoundDispatcher<Increment, AppState>) {
        route.call(state: state, action: action, dispatcher: dispatcher)
    }
}

/// The existential wrapper of a typed middleware for its own action and state types: one class
/// method call, overridden by `BoundTypedBox`.
@MainActor
class BoundTypedRoute<Action: StoreAction, State: StoreState> {
    func call(state: State, action: Action, dispatcher: BoundDispatcher<Action, State>) {
        preconditionFailure("overridden")
    }
}

@MainActor
final class BoundTypedBox<M: BoundMiddleware>: BoundTypedRoute<M.Action, M.State> {
    let middleware: M

    init(_ middleware: M) {
        self.middleware = middleware
    }

    override func call(state: M.State, action: M.Action, dispatcher: BoundDispatcher<M.Action, M.State>) {
        middleware.applyMiddleware(for: state, action: action, dispatcher: dispatcher)
    }
}

// MARK: - Middleware

/// `PassThroughMiddleware` in the bound's API shape.
struct BoundPassThroughMiddleware: BoundAnyMiddleware {
    func applyMiddleware<Action: StoreAction, State: StoreState>(
        for state: State,
        action: Action,
        dispatcher: BoundDispatcher<Action, State>
    ) {
        dispatcher.next()
    }
}

/// `PassIncrementMiddleware` in the bound's API shape.
struct BoundPassIncrementMiddleware: BoundMiddleware {
    typealias State = AppState

    func applyMiddleware(
        for state: AppState, action: Increment, dispatcher: BoundDispatcher<Increment, AppState>
    ) {
        dispatcher.next()
    }
}

/// Blocks every action, or keeps its dispatcher without calling `next()` (defers), or calls
/// `next()` twice: what the engine must tell apart, checked once when a workload is built.
struct BoundMisbehavingMiddleware: BoundAnyMiddleware {
    enum Behavior {
        case block, keep, nextTwice
    }

    final class Kept {
        var dispatchers: [Any] = []
    }

    let behavior: Behavior
    let kept = Kept()

    func applyMiddleware<Action: StoreAction, State: StoreState>(
        for state: State,
        action: Action,
        dispatcher: BoundDispatcher<Action, State>
    ) {
        switch behavior {
        case .block: break
        case .keep: kept.dispatchers.append(dispatcher)
        case .nextTwice:
            dispatcher.next()
            dispatcher.next()
        }
    }
}

/// Dispatches twice through each misbehaving middleware, with the pooled and with the borrowed
/// step, and checks that the engine counted what happened: the detection the bound pays for.
@MainActor
func checkBoundDetection() {
    for borrowed in [false, true] {
        for behavior in [BoundMisbehavingMiddleware.Behavior.block, .keep, .nextTwice] {
            let engine = BoundEngine(
                state: AppState(factory: CompositeViewModelFactory()), subscriber: CountingSubscriber())
            let link = BoundExistentialLink(middleware: BoundMisbehavingMiddleware(behavior: behavior))
            for _ in 0..<2 {
                if borrowed { engine.dispatchBorrowed(through: link) } else { engine.dispatch(through: link) }
            }
            let core = engine.core.pointee
            let counted = (core.blocked, core.deferred, core.misplacedNext, core.state.counter)
            let expected =
                switch behavior {
                case .block: (2, 0, 0, 0)
                case .keep: (0, 2, 0, 0)
                case .nextTwice: (0, 0, 2, 2)
                }
            precondition(counted == expected, "the bound engine missed \(behavior): \(counted)")
        }
    }
}

// MARK: - Workloads

/// `bound.d0`, `bound.mw1` and `bound.mw1.typed`: `Increment` through the ideal engine with no
/// middleware, one pass-through middleware called through the existential, or one typed
/// middleware called through its route; `bound.mw1.borrowed` as `bound.mw1` with the step
/// passed without a retain.
final class BoundWorkload: Workload {
    enum Middleware {
        case none, passThrough, passThroughBorrowed, typed
    }

    private let engine: BoundEngine
    private let subscriber = CountingSubscriber()
    private let middleware: Middleware
    private let existential: BoundExistentialLink
    private let typed: BoundTypedLink

    init(middleware: Middleware) {
        engine = BoundEngine(state: AppState(factory: CompositeViewModelFactory()), subscriber: subscriber)
        self.middleware = middleware
        existential = BoundExistentialLink(middleware: BoundPassThroughMiddleware())
        guard let typed = BoundTypedLink(BoundPassIncrementMiddleware()) else {
            preconditionFailure("the typed middleware handles Increment in AppState")
        }
        self.typed = typed
        checkBoundDetection()
        run(2)
    }

    func run(_ count: Int) {
        // One loop per kind, so each measures its own engine code and nothing else.
        switch middleware {
        case .none:
            for _ in 0..<count { engine.dispatch() }
        case .passThrough:
            for _ in 0..<count { engine.dispatch(through: existential) }
        case .passThroughBorrowed:
            for _ in 0..<count { engine.dispatchBorrowed(through: existential) }
        case .typed:
            for _ in 0..<count { engine.dispatch(through: typed) }
        }
        let core = engine.core.pointee
        precondition(
            core.blocked == 0 && core.deferred == 0 && core.misplacedNext == 0,
            "the pass-through middleware passed every action on, once")
        precondition(subscriber.lastCounter == core.state.counter, "the subscriber saw every change")
    }
}
