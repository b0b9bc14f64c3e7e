public import ReMVVMStore

extension StoreRegistering {
    /// Registers the reducer of a screen's own state: its `State` rides in the navigation
    /// entries whose screen is one case of the app's screen enum, and its action names the
    /// entry.
    ///
    /// ```swift
    /// struct RecordState: Hashable, Sendable { var secondsElapsed = 0 }
    /// enum Screen: Hashable, Sendable {
    ///     case list
    ///     case record(RecordState)
    /// }
    /// struct AppState: StoreState { var navigation = NavigationState(root: Screen.list) }
    /// struct Tick: StoreAction { let entry: Int }
    /// enum TickReducer: Reducer {
    ///     static func reduce(state: RecordState, with action: Tick) -> RecordState {
    ///         var state = state
    ///         state.secondsElapsed += 1
    ///         return state
    ///     }
    /// }
    ///
    /// let store = Store(with: AppState())
    /// store.register(navigation: \.navigation)
    /// store.register(reducer: TickReducer.self, forEach: \.navigation, case: Screen.record, id: \.entry)
    /// store.dispatch(action: NavigationAction.push(Screen.record(RecordState())))
    /// store.dispatch(action: Tick(entry: store.state.navigation.top.id))
    /// ```
    ///
    /// One registration serves every entry whose screen is that case: a form shown as an "add"
    /// sheet and as an "edit" sheet is one feature, and two detail screens on one stack are two
    /// entries, each with its own state. The entry keeps its place and its identifier; only its
    /// screen's state changes. An action whose entry is not shown, or shows another case,
    /// changes nothing and is reported through the store's diagnostics as
    /// `StoreDiagnostic.Kind.screenNotShown`, naming the action and the entry.
    ///
    /// What the entry started ends with it: tasks that middleware start while handling the
    /// reducer's action are cancelled when the entry leaves the navigation (a pop, a dismiss,
    /// a close, a replace, the UI's back swipe), and what they dispatch afterwards is dropped
    /// and reported as `StoreDiagnostic.Kind.actionFromGonePlace`.
    ///
    /// - Parameters:
    ///   - reducer: The reducer type; its `State` is the case's payload.
    ///   - navigation: Where the navigation lives in the state.
    ///   - embed: The case's constructor, such as `Screen.record`.
    ///   - id: Where the action holds the identifier of its entry.
    /// - Complexity: O(*n*) for *n* entries shown, to find the entry: with a few screens on
    ///   display, about what a reducer at a key path costs. The first action that reaches an
    ///   entry reads its screen with a `Mirror`; later ones check it with one `==`.
    @inlinable
    public func register<R: Reducer, Screen: Equatable & Sendable>(
        reducer: R.Type,
        forEach navigation: WritableKeyPath<State, NavigationState<Screen>>,
        case embed: @escaping (R.State) -> Screen,
        id: KeyPath<R.Action, Int>
    ) {
        let screenCase = ScreenCase(embed)
        _storeBeingSetUp.register(
            addressed: reducer, for: R.Action.self, at: navigation, id: id,
            reduce: { navigation, action, entry in
                guard let (index, payload) = screenCase.payload(of: entry, in: navigation.shownEntries) else {
                    return false
                }
                screenCase.write(R.reduce(state: payload, with: action), at: index, in: &navigation)
                return true
            },
            isAddressed: { _, _ in true },
            missing: { screenNotShown($0, entry: $0[keyPath: id], in: navigation, case: R.State.self) },
            place: { entryPlace(navigation, entry: $0) })
    }

    /// Registers a closure as the reducer of a screen's own state: the payload of one case of
    /// the app's screen enum, in every navigation entry whose screen is that case.
    ///
    /// <!-- snippet: given store: Store<AppState> -->
    /// ```swift
    /// struct SecondPassed: StoreAction { let entry: Int }
    /// store.register(SecondPassed.self, forEach: \.navigation, case: Screen.record, id: \.entry) { record, _ in
    ///     record.secondsElapsed += 1
    /// }
    /// ```
    ///
    /// As ``register(reducer:forEach:case:id:)``, with the reducer written in place.
    ///
    /// - Parameters:
    ///   - action: The action type.
    ///   - navigation: Where the navigation lives in the state.
    ///   - embed: The case's constructor, such as `Screen.record`.
    ///   - id: Where the action holds the identifier of its entry.
    ///   - reduce: Changes the screen's state for an action.
    @inlinable
    public func register<Action: StoreAction, Screen: Equatable & Sendable, Payload>(
        _ action: Action.Type,
        forEach navigation: WritableKeyPath<State, NavigationState<Screen>>,
        case embed: @escaping (Payload) -> Screen,
        id: KeyPath<Action, Int>,
        _ reduce: @escaping @MainActor (inout Payload, Action) -> Void
    ) {
        let screenCase = ScreenCase(embed)
        _storeBeingSetUp.register(
            addressed: ClosureReducer<Action>.self, for: action, at: navigation, id: id,
            reduce: { navigation, action, entry in
                guard let (index, found) = screenCase.payload(of: entry, in: navigation.shownEntries) else {
                    return false
                }
                var payload = found
                reduce(&payload, action)
                screenCase.write(payload, at: index, in: &navigation)
                return true
            },
            isAddressed: { _, _ in true },
            missing: { screenNotShown($0, entry: $0[keyPath: id], in: navigation, case: Payload.self) },
            place: { entryPlace(navigation, entry: $0) })
    }

    /// Registers an action addressed to a screen's entry that only starts work (the screen
    /// appeared, say): it needs no reducer, and the tasks its middleware starts end with the
    /// entry.
    ///
    /// <!-- snippet: given store: Store<AppState> -->
    /// ```swift
    /// struct RecordAppeared: StoreAction { let entry: Int }
    /// store.register(RecordAppeared.self, forEach: \.navigation, case: Screen.record, id: \.entry)
    /// ```
    ///
    /// Its middleware passes it on with `next()` and starts the work with `dispatcher.task`, so
    /// the store does not hold the action while the work runs. When the entry leaves the
    /// navigation, the store cancels that work; what it dispatches afterwards is dropped and
    /// reported as `StoreDiagnostic.Kind.actionFromGonePlace`. An action whose entry is not
    /// shown, or shows another case, is reported as `StoreDiagnostic.Kind.screenNotShown`; it
    /// changes nothing either way.
    ///
    /// - Parameters:
    ///   - action: The action type.
    ///   - navigation: Where the navigation lives in the state.
    ///   - embed: The case's constructor, such as `Screen.record`.
    ///   - id: Where the action holds the identifier of its entry.
    @inlinable
    public func register<Action: StoreAction, Screen: Equatable & Sendable, Payload>(
        _ action: Action.Type,
        forEach navigation: WritableKeyPath<State, NavigationState<Screen>>,
        case embed: @escaping (Payload) -> Screen,
        id: KeyPath<Action, Int>
    ) {
        let screenCase = ScreenCase(embed)
        _storeBeingSetUp.register(
            addressed: nil, for: action, at: navigation, id: id, reduce: nil,
            isAddressed: { navigation, entry in
                screenCase.payload(of: entry, in: navigation.shownEntries) != nil
            },
            missing: { screenNotShown($0, entry: $0[keyPath: id], in: navigation, case: Payload.self) },
            place: { entryPlace(navigation, entry: $0) })
    }
}

/// The entry `id` of the navigation at `navigation`, as a place whose tasks end with it.
@MainActor
@inlinable
func entryPlace<State, Screen: Equatable>(
    _ navigation: KeyPath<State, NavigationState<Screen>>, entry id: Int
) -> StatePlace<State> {
    StatePlace(
        path: navigation, id: id, name: { "the entry \(id) of \(navigation)" },
        isPresent: { $0[keyPath: navigation].contains(id: id) },
        removedIDs: { new, old, recomputed in
            NavigationDiff.removedIDs(
                from: old[keyPath: navigation], to: new[keyPath: navigation], recomputed: recomputed)
        })
}

/// The report of an action whose entry is not shown, or shows another case.
@usableFromInline
func screenNotShown<State, Screen>(
    _ action: any StoreAction, entry id: Int, in navigation: KeyPath<State, NavigationState<Screen>>,
    case payload: Any.Type
) -> StoreDiagnostic {
    StoreDiagnostic(
        kind: .screenNotShown,
        message: "\(TypeName.of(type(of: action))) names the entry \(id), which does not show a "
            + "\(TypeName.of(payload)) screen in \(navigation); the state did not change.")
}
