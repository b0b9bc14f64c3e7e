/// Everything the store needs to process one action type, found with one table lookup: the
/// reducer, and the middleware that see this type, already filtered from the stack.
@MainActor
@usableFromInline
final class ActionRoute<State: StoreState> {
    let actionType: any StoreAction.Type
    @usableFromInline let middleware: [any AnyMiddleware]
    /// Reduces a state with an action of ``actionType`` that the pointer points at.
    @exclusivity(unchecked) @usableFromInline private(set) var reduce: ((State, UnsafeRawPointer) -> State)?
    private(set) var reducerType: (any Reducer.Type)?

    init(actionType: any StoreAction.Type, middleware: [any AnyMiddleware]) {
        self.actionType = actionType
        self.middleware = middleware
    }

    func setReducer(_ reducer: any Reducer.Type, reduce: @escaping (State, UnsafeRawPointer) -> State) {
        reducerType = reducer
        self.reduce = reduce
    }

    /// Made outside the main actor: a closure formed on it would check at each call that it
    /// still runs there, which costs more than most reducers. Inlinable, so that the closure is
    /// specialized for the reducer where `register(reducer:)` is called.
    @inlinable
    nonisolated static func reduceFunction<R: Reducer>(
        for _: R.Type
    ) -> (State, UnsafeRawPointer) -> State where R.State == State {
        { state, action in
            R.reduce(state: state, with: action.assumingMemoryBound(to: R.Action.self).pointee)
        }
    }
}
