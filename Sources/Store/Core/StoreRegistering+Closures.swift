// `@inlinable`: a closure reducer runs at each dispatch of its action, specialized where it is
// registered, as a reducer type is (the `d0.closure` and `keypath.closure` benchmark workloads).

extension StoreRegistering {
    /// Registers a closure as the reducer of `Action` over the whole state: the reducer and its
    /// registration in one place.
    ///
    /// ```swift
    /// struct Counter: StoreState { var count = 0 }
    /// struct Increment: StoreAction {}
    ///
    /// let store = Store(with: Counter())
    /// store.register(Increment.self) { state, _ in state.count += 1 }
    /// ```
    ///
    /// The closure changes the state in place, as an `inout` reducer does; it is pure, as every
    /// reducer is: no dispatcher, no side effects. The one-reducer rule holds as for
    /// ``Store/register(reducer:)``: a second registration for `Action`, of a type or a
    /// closure, is reported naming both.
    ///
    /// - Parameters:
    ///   - action: The action type.
    ///   - reduce: Changes the state for an action.
    @inlinable
    public func register<Action: StoreAction>(
        _ action: Action.Type, _ reduce: @escaping @MainActor (inout State, Action) -> Void
    ) {
        _storeBeingSetUp.engine.registerClosure(action, at: \State.self, reduce: reduce)
    }

    /// Registers a closure as the reducer of `Action` over the part at `keyPath`.
    ///
    /// <!-- snippet: given store: Store<Library> -->
    /// ```swift
    /// struct EditTitleLater: StoreAction { let title: String }
    /// store.register(EditTitleLater.self, at: \.novels) { novels, action in
    ///     novels.append(Novel(id: novels.count + 1, title: action.title))
    /// }
    /// ```
    ///
    /// As ``Store/register(reducer:at:)``, with the reducer written in place.
    ///
    /// - Parameters:
    ///   - action: The action type.
    ///   - keyPath: Where the part lives in the state.
    ///   - reduce: Changes the part for an action.
    @inlinable
    public func register<Action: StoreAction, Part>(
        _ action: Action.Type, at keyPath: WritableKeyPath<State, Part>,
        _ reduce: @escaping @MainActor (inout Part, Action) -> Void
    ) {
        _storeBeingSetUp.engine.registerClosure(action, at: keyPath, reduce: reduce)
    }

    /// Registers a closure as the reducer of one row of a list: the action names its row by id.
    ///
    /// <!-- snippet: given store: Store<Library> -->
    /// ```swift
    /// store.register(Rename.self, forEach: \.novels, id: \.novelID) { novel, action in
    ///     novel.title = action.title
    /// }
    /// ```
    ///
    /// As ``Store/register(reducer:forEach:id:)``: an action whose row is not in the list
    /// changes nothing and is reported as ``StoreDiagnostic/Kind/rowNotFound``, and the tasks
    /// its middleware starts end with the row.
    ///
    /// - Parameters:
    ///   - action: The action type.
    ///   - rows: Where the list lives in the state.
    ///   - id: Where the action holds the id of its row.
    ///   - reduce: Changes the row for an action.
    @inlinable
    public func register<Action: StoreAction, Rows: IdentifiedCollection>(
        _ action: Action.Type,
        forEach rows: WritableKeyPath<State, Rows>,
        id: KeyPath<Action, Rows.Element.ID>,
        _ reduce: @escaping @MainActor (inout Rows.Element, Action) -> Void
    ) {
        _storeBeingSetUp.engine.registerAddressed(
            ClosureReducer<Action>.self, for: action, at: rows, id: id,
            reduce: { rows, action, id in
                guard var row = rows[id: id] else { return false }
                reduce(&row, action)
                rows[id: id] = row
                return true
            },
            isAddressed: { rows, id in rows[id: id] != nil },
            missing: { DispatchEngine<State>.noRowDiagnostic(Action.self, id: $0[keyPath: id], in: rows) },
            place: { DispatchEngine<State>.rowPlace(rows, id: $0) })
    }

    /// Registers a closure as the reducer of a part that may be `nil`: it runs while the part
    /// has a value.
    ///
    /// <!-- snippet: given store: Store<Library> -->
    /// ```swift
    /// struct Retitle: StoreAction { let title: String }
    /// store.register(Retitle.self, ifLet: \.editing) { draft, action in draft.title = action.title }
    /// ```
    ///
    /// As ``Store/register(reducer:ifLet:)``: while the part is `nil`, an action changes
    /// nothing and is reported as ``StoreDiagnostic/Kind/partIsNil``, and the tasks its
    /// middleware starts end when the part is `nil`.
    ///
    /// - Parameters:
    ///   - action: The action type.
    ///   - part: Where the optional part lives in the state.
    ///   - reduce: Changes the part's value for an action.
    @inlinable
    public func register<Action: StoreAction, Part>(
        _ action: Action.Type, ifLet part: WritableKeyPath<State, Part?>,
        _ reduce: @escaping @MainActor (inout Part, Action) -> Void
    ) {
        _storeBeingSetUp.engine.registerAddressed(
            ClosureReducer<Action>.self, for: action, at: part, id: \.self,
            reduce: { value, action, _ in
                guard value != nil else { return false }
                reduce(&value!, action)
                return true
            },
            isAddressed: { value, _ in value != nil },
            missing: { _ in DispatchEngine<State>.nilPartDiagnostic(Action.self, at: part) },
            place: { _ in DispatchEngine<State>.optionalPlace(part) })
    }
}
