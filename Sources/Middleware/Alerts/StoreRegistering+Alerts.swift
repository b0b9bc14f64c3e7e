public import ReMVVMStore

extension StoreRegistering {
    /// Registers the handling of a tap on the alerts shown by the navigation at `navigation`:
    /// the tapped alert closes, and `reducer` reduces the button's value, in one change. On a
    /// store and on a test store alike.
    ///
    /// ```swift
    /// enum DetailAlertReducer: Reducer {
    ///     static func reduce(state: AppState, with tap: AlertTapped<DetailAlert>) -> AppState {
    ///         var state = state
    ///         if tap.action == .confirmDeletion { state.todos.removeAll() }
    ///         return state
    ///     }
    /// }
    /// store.register(reducer: DetailAlertReducer.self, alertsIn: \.navigation)
    /// ```
    ///
    /// At an ``AlertTapped`` the store closes its entry, as ``NavigationAction/close(id:)`` does
    /// (the alert's modal is dismissed, or its entry popped), and then, when the button has a
    /// value, reduces the state with `reducer`, which sees the alert closed; subscribers are
    /// told once, and see both. A tap on a button without a value only closes the alert:
    /// `reducer` does not run. A tap whose entry is not shown changes nothing and reaches
    /// the store's diagnostics as `StoreDiagnostic.Kind.alertNotShown`; one on the root entry, which
    /// cannot close, as `StoreDiagnostic.Kind.impossibleNavigation`.
    ///
    /// The registration is the one reducer of `AlertTapped<Value>`: register each value type
    /// once (a second registration is a duplicate reducer). The entry's screen is not looked
    /// at: a tap closes the entry it names.
    ///
    /// - Parameters:
    ///   - reducer: The app's reducer of the taps, of the store's whole state.
    ///   - navigation: Where the navigation that shows the alerts lives in the state.
    /// - Complexity: O(*n*) for *n* entries, to find the alert's entry, plus the reducer's own
    ///   cost.
    public func register<R: Reducer, Value: Sendable, Screen: Sendable>(
        reducer: R.Type, alertsIn navigation: WritableKeyPath<State, NavigationState<Screen>>
    ) where R.State == State, R.Action == AlertTapped<Value> {
        _storeBeingSetUp.register(
            reducer: AlertTapReducer<R, Value, Screen>.self, at: \State.[alertsIn: navigation],
            diagnose: { target, tap in target.diagnostic(for: tap) })
    }

    /// Registers the handling of a tap on the alerts of value type `Value` shown by the
    /// navigation at `navigation`, for alerts whose buttons only close them.
    ///
    /// ```swift
    /// store.register(alerts: DetailAlert.self, in: \.navigation)
    /// let entry = store.state.navigation.top.id
    /// store.dispatch(action: AlertTapped<DetailAlert>(entry: entry, action: nil))   // closes it
    /// ```
    ///
    /// Every tap closes its alert's entry, whatever the button's value, as
    /// ``register(reducer:alertsIn:)`` does; no app reducer runs. Reports are the same.
    ///
    /// - Parameters:
    ///   - alerts: The type of the alerts' values, `AlertState<Value>`'s `Value`.
    ///   - navigation: Where the navigation that shows the alerts lives in the state.
    /// - Complexity: O(*n*) for *n* entries, to find the alert's entry.
    public func register<Value: Sendable, Screen: Sendable>(
        alerts: Value.Type, in navigation: WritableKeyPath<State, NavigationState<Screen>>
    ) {
        register(reducer: AlertsThatOnlyClose<State, Value>.self, alertsIn: navigation)
    }
}
