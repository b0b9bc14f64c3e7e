/// The bookkeeping of one action on its way through the middleware stack.
///
/// A context is shared by the ``Dispatcher`` values handed to each middleware. Most actions go
/// through synchronously, and then nothing outlives the dispatch: the engine finds the context
/// uniquely referenced afterwards and reuses it, so dispatching allocates nothing. A middleware
/// that keeps its dispatcher (to call `next` later) keeps the context, and the engine makes a
/// new one for the next action.
@MainActor
final class DispatchContext<State: StoreState> {
    /// The engine, valid while the context is on the engine's call stack (``isOnStack``).
    /// `unowned(unsafe)` because a checked reference would cost a weak load per middleware.
    unowned(unsafe) let engine: DispatchEngine<State>
    /// The engine for a context that outlived its dispatch; `nil` once the store is gone.
    weak var detachedEngine: DispatchEngine<State>?
    var route: ActionRoute<State>
    /// How many middleware levels were entered; level `n` may call `next` while `depth == n + 1`.
    var depth = 0
    var isOnStack = false
    var completions: [@MainActor (State) -> Void] = []

    init(engine: DispatchEngine<State>, route: ActionRoute<State>) {
        self.engine = engine
        self.route = route
    }

    /// The engine to call back into, or `nil` when the store was deallocated.
    private var liveEngine: DispatchEngine<State>? {
        isOnStack ? engine : detachedEngine
    }

    func next<Action: StoreAction>(
        from level: Int,
        action: Action,
        completion: (@MainActor (State) -> Void)?
    ) {
        guard let engine = liveEngine else { return }
        guard depth == level + 1 else {
            engine.report(
                .nextCalledTwice,
                "\(Self.name(of: route.middleware[level])) called next twice for "
                    + "\(Action.self); the second call did nothing. Call next at most once per action."
            )
            return
        }
        if let completion { completions.append(completion) }
        if isOnStack {
            engine.run(level: level + 1, action: action, context: self)
        } else {
            engine.resume(level: level + 1, action: action, context: self)
        }
    }

    func dispatch<Action: StoreAction>(_ action: Action) {
        liveEngine?.dispatch(action)
    }

    /// Makes the context ready for another action.
    func reset(route: ActionRoute<State>) {
        self.route = route
        depth = 0
        completions.removeAll(keepingCapacity: true)
    }

    static func name(of middleware: any AnyMiddleware) -> String {
        String(describing: type(of: middleware))
    }
}
