/// Everything the store needs to process one action type, found with one table lookup: the
/// reducer, and the middleware that see this type, already filtered from the stack.
@MainActor
final class ActionRoute<State: StoreState> {
    let actionType: any StoreAction.Type
    let middleware: [any AnyMiddleware]
    /// Reduces a state with an action of ``actionType`` that the pointer points at.
    private(set) var reduce: ((State, UnsafeRawPointer) -> State)?
    private(set) var reducerType: (any Reducer.Type)?

    init(actionType: any StoreAction.Type, middleware: [any AnyMiddleware]) {
        self.actionType = actionType
        self.middleware = middleware
    }

    func setReducer<R: Reducer>(_ reducer: R.Type) where R.State == State {
        reducerType = reducer
        reduce = { state, action in
            R.reduce(state: state, with: action.assumingMemoryBound(to: R.Action.self).pointee)
        }
    }
}
