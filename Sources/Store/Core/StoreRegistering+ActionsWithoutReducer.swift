extension StoreRegistering {
    /// Registers an action that only starts work: it needs no reducer, and the store reports
    /// nothing when it reaches the end of the middleware.
    ///
    /// ```swift
    /// struct Appeared: StoreAction {}
    /// struct Refresh: StoreAction {}
    /// struct Counter: StoreState { var count = 0 }
    ///
    /// let store = Store(with: Counter())
    /// store.register(Appeared.self)
    /// store.dispatch(action: Appeared())   // no "no reducer" report
    /// ```
    ///
    /// Its middleware passes it on with `next()` before starting the work, so the store does
    /// not hold it pending while the work runs:
    ///
    /// ```swift
    /// struct AppearedMiddleware: Middleware {
    ///     func applyMiddleware(
    ///         for state: Counter, action: Appeared, dispatcher: Dispatcher<Appeared, Counter>
    ///     ) {
    ///         dispatcher.next()
    ///         dispatcher.task { dispatcher.dispatch(action: Refresh()) }
    ///     }
    /// }
    /// ```
    ///
    /// The action changes nothing and no subscriber is told; a `TestStore` `send` of it returns
    /// once it went through. It is its type's one registration: registering a reducer for it
    /// too is reported as a duplicate, as a second reducer is.
    ///
    /// - Parameter action: The action type.
    public func register<Action: StoreAction>(_ action: Action.Type) {
        _storeBeingSetUp.engine.installReducerless(action, at: nil)
    }

    /// Registers an action addressed to one row of a list that only starts work: it needs no
    /// reducer, and the tasks its middleware starts end with the row.
    ///
    /// <!-- snippet: given store: Store<Library> -->
    /// ```swift
    /// struct RowAppeared: StoreAction { let novelID: Int }
    /// store.register(RowAppeared.self, forEach: \.novels, id: \.novelID)
    /// ```
    ///
    /// The middleware that handles the action passes it on with `next()` and starts its work
    /// with `dispatcher.task`; when a change removes the row, the store cancels that work, and
    /// what it dispatches afterwards is dropped and reported as
    /// ``StoreDiagnostic/Kind/actionFromGonePlace``. An action whose row is not in the list is
    /// reported as ``StoreDiagnostic/Kind/rowNotFound``; it changes nothing either way.
    ///
    /// - Parameters:
    ///   - action: The action type.
    ///   - rows: Where the list lives in the state.
    ///   - id: Where the action holds the id of its row.
    public func register<Action: StoreAction, Rows: IdentifiedCollection>(
        _ action: Action.Type,
        forEach rows: WritableKeyPath<State, Rows>,
        id: KeyPath<Action, Rows.Element.ID>
    ) {
        _storeBeingSetUp.engine.registerAddressed(
            nil, for: action, at: rows, id: id, reduce: nil,
            isAddressed: { rows, id in rows[id: id] != nil },
            missing: { DispatchEngine<State>.noRowDiagnostic(Action.self, id: $0[keyPath: id], in: rows) },
            place: { DispatchEngine<State>.rowPlace(rows, id: $0) })
    }

    /// Registers an action addressed to a part that may be `nil` that only starts work: it
    /// needs no reducer, and the tasks its middleware starts end when the part is `nil`.
    ///
    /// <!-- snippet: given store: Store<Library> -->
    /// ```swift
    /// struct EditorAppeared: StoreAction {}
    /// store.register(EditorAppeared.self, ifLet: \.editing)
    /// ```
    ///
    /// An action that reaches the part while it is `nil` is reported as
    /// ``StoreDiagnostic/Kind/partIsNil``; it changes nothing either way.
    ///
    /// - Parameters:
    ///   - action: The action type.
    ///   - part: Where the optional part lives in the state.
    public func register<Action: StoreAction, Part>(
        _ action: Action.Type, ifLet part: WritableKeyPath<State, Part?>
    ) {
        _storeBeingSetUp.engine.registerAddressed(
            nil, for: action, at: part, id: \.self, reduce: nil,
            isAddressed: { part, _ in part != nil },
            missing: { _ in DispatchEngine<State>.nilPartDiagnostic(Action.self, at: part) },
            place: { _ in DispatchEngine<State>.optionalPlace(part) })
    }
}
