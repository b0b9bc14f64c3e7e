import ReMVVMStore

/// The whole state, with where its navigation lives: what the reducer of alert taps reduces.
///
/// A reducer is a type whose `reduce` is static, so it cannot hold the key path it was
/// registered with; the store reaches this value from the state through the key path
/// `\State.[alertsIn: navigation]`, which carries the navigation's key path to the reducer.
struct AlertTapTarget<State, Screen> {
    /// The store's whole state.
    var state: State
    /// Where its navigation lives.
    let navigation: WritableKeyPath<State, NavigationState<Screen>>
}

extension StoreState {
    /// The state with the key path of its navigation; setting it sets the state.
    subscript<Screen>(
        alertsIn navigation: WritableKeyPath<Self, NavigationState<Screen>>
    ) -> AlertTapTarget<Self, Screen> {
        get { AlertTapTarget(state: self, navigation: navigation) }
        set { self = newValue.state }
    }
}

/// The reducer of ``AlertTapped``: closes the tapped alert's entry, as
/// `NavigationAction.close(id:)` does, then, when the button has a value, reduces the whole
/// state with the app's reducer `AppReducer`, which then sees the alert closed. One reducer, so
/// the store commits both as one change.
enum AlertTapReducer<AppReducer: Reducer, Value: Sendable, Screen: Sendable>: Reducer
where AppReducer.Action == AlertTapped<Value> {
    typealias State = AlertTapTarget<AppReducer.State, Screen>

    static func reduce(state target: State, with tap: AlertTapped<Value>) -> State {
        var target = target
        target.state[keyPath: target.navigation].apply(.close(id: tap.entry))
        if tap.action != nil {
            target.state = AppReducer.reduce(state: target.state, with: tap)
        }
        return target
    }
}

extension AlertTapTarget where Screen: Sendable {
    /// What the store reports instead of reducing `tap`, or `nil` when it can be reduced: the
    /// tap's entry must be shown, and not be the root (which cannot close).
    ///
    /// The check the store runs before the reducer, pure like the reducer. A method of the
    /// target rather than of ``AlertTapReducer``, so the check holds no reducer type.
    func diagnostic<Value>(for tap: AlertTapped<Value>) -> StoreDiagnostic? {
        let navigation = state[keyPath: self.navigation]
        guard navigation.contains(id: tap.entry) else {
            let problem = navigation.notShown(tap.entry, "cannot close the alert of entry")
            return StoreDiagnostic(
                kind: .alertNotShown, message: "\(tap.description): \(problem) The state did not change.")
        }
        guard let problem = navigation.problem(with: .close(id: tap.entry)) else { return nil }
        return StoreDiagnostic(
            kind: .impossibleNavigation, message: "\(tap.description): \(problem) The state did not change.")
    }
}

/// The app's reducer of alerts whose buttons only close them: changes nothing.
enum AlertsThatOnlyClose<State, Value: Sendable>: Reducer {
    static func reduce(state: State, with action: AlertTapped<Value>) -> State { state }
}
