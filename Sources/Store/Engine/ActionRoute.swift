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

    func setReducer<R: Reducer>(_ reducer: R.Type) where R.State == State {
        reducerType = reducer
        reduce = Self.reduceFunction(for: reducer)
    }

    /// Made outside the main actor: a closure formed on it would check at each call that it
    /// still runs there, which costs more than most reducers.
    private nonisolated static func reduceFunction<R: Reducer>(
        for _: R.Type
    ) -> (State, UnsafeRawPointer) -> State where R.State == State {
        { state, action in
            R.reduce(state: state, with: action.assumingMemoryBound(to: R.Action.self).pointee)
        }
    }
}
