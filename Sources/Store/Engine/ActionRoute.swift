/// Everything the store needs to process one action type, found with one table lookup: the
/// reducer, and the middleware that see this type, already filtered from the stack.
@MainActor
@usableFromInline
final class ActionRoute<State: StoreState> {
    @usableFromInline let middleware: [any AnyMiddleware]
    /// Reduces the engine's state with the action of the route's type that the pointer points at,
    /// and tells the subscribers. Made where `register(reducer:)` is called, so it runs code
    /// specialized for the app's state and action even when a generic middleware calls `next`.
    @exclusivity(unchecked) @usableFromInline private(set) var reduce: ReduceFunction<State>?
    private(set) var reducerType: (any Reducer.Type)?
    /// The part of the state the reducer reduces, or `nil` for the whole state; for diagnostics.
    private(set) var reducerKeyPath: AnyKeyPath?

    init(middleware: [any AnyMiddleware]) {
        self.middleware = middleware
    }

    func setReducer(
        _ reducer: any Reducer.Type,
        at keyPath: AnyKeyPath?,
        reduce: @escaping ReduceFunction<State>
    ) {
        reducerType = reducer
        reducerKeyPath = keyPath
        self.reduce = reduce
    }

    /// Inlinable, so that the closure is specialized for the reducer where
    /// `register(reducer:)` is called.
    @inlinable
    static func reduceFunction<R: Reducer>(for _: R.Type) -> ReduceFunction<State> where R.State == State {
        { engine, action in
            engine.reduce(with: R.self, action: action.assumingMemoryBound(to: R.Action.self))
        }
    }

    /// The same for a reducer of the part of the state at `keyPath`.
    @inlinable
    static func reduceFunction<R: Reducer>(
        for _: R.Type,
        at keyPath: WritableKeyPath<State, R.State>
    ) -> ReduceFunction<State> {
        if let part = StatePart(keyPath) {
            return { engine, action in
                engine.reduce(with: R.self, at: part, action: action.assumingMemoryBound(to: R.Action.self))
            }
        }
        return { engine, action in
            engine.reduce(with: R.self, at: keyPath, action: action.assumingMemoryBound(to: R.Action.self))
        }
    }
}

/// Reduces the engine's state with an action behind a pointer, and tells the subscribers.
@usableFromInline
typealias ReduceFunction<State: StoreState> = @MainActor (DispatchEngine<State>, UnsafeRawPointer) -> Void
