/// The routes of one store, by action type, and the registration of reducers.
@MainActor
@usableFromInline
struct RouteTable<State: StoreState> {
    @usableFromInline var table = TypeTable<ActionRoute<State>>()
    @usableFromInline let stack: [any AnyMiddleware]

    init(stack: [any AnyMiddleware]) {
        self.stack = stack
    }

    /// The route of `Action`, made at its first use.
    @inlinable
    mutating func route<Action: StoreAction>(for type: Action.Type) -> ActionRoute<State> {
        if let route = table.value(for: type) { return route }
        let route = ActionRoute<State>(for: type, middleware: stack.filter { sees($0, Action.self) })
        add(route, for: type)
        return route
    }

    /// The route of a type made before, or `nil`.
    @usableFromInline
    func existingRoute(for type: any StoreAction.Type) -> ActionRoute<State>? {
        table.value(for: type)
    }

    @usableFromInline
    mutating func add(_ route: ActionRoute<State>, for type: any StoreAction.Type) {
        table.set(route, for: type)
    }

    @usableFromInline
    func sees(_ middleware: any AnyMiddleware, _ actionType: any StoreAction.Type) -> Bool {
        MiddlewareRouting.sees(middleware, actionType: actionType, stateType: State.self)
    }

    /// Makes `reduce` the reducer of `actionType`, or returns the message that reports an
    /// existing one (rule 5: one reducer per action type, whole state or part).
    @inlinable
    mutating func install<Action: StoreAction>(
        _ reducer: any Reducer.Type,
        at keyPath: AnyKeyPath?,
        reduce: @escaping ReduceFunction<State>,
        fold: @escaping FoldFunction<State>,
        for actionType: Action.Type
    ) -> String? {
        let route = route(for: actionType)
        if let existing = route.reducerDescription {
            return Self.duplicateReducerMessage(reducer, at: keyPath, for: actionType, existing: existing)
        }
        route.setReducer(reducer, keyPath: keyPath, reduce: reduce, fold: fold)
        return nil
    }

    /// The report of a second reducer for one action type, naming both.
    @usableFromInline
    static func duplicateReducerMessage(
        _ reducer: any Reducer.Type, at keyPath: AnyKeyPath?, for actionType: any StoreAction.Type,
        existing: String
    ) -> String {
        let name =
            (reducer as? any DescribedRegistration.Type)?.registrationDescription ?? TypeName.of(reducer)
        let new = keyPath.map { "\(name) at \($0)" } ?? name
        return "\(new) cannot be registered for \(TypeName.of(actionType)): \(existing) already reduces it. "
            + "Each action type has exactly one reducer."
    }
}
