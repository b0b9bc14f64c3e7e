/// What ``Store`` and `TestStore` both offer to set a store up: one function of the app
/// registers its reducers on either.
///
/// ```swift
/// struct Counter: StoreState, Equatable { var count = 0 }
/// struct Increment: StoreAction {}
/// enum IncrementReducer: Reducer {
///     static func reduce(state: Counter, with action: Increment) -> Counter {
///         Counter(count: state.count + 1)
///     }
/// }
///
/// @MainActor
/// func setUp(_ store: some StoreRegistering<Counter>) {
///     store.register(reducer: IncrementReducer.self)
/// }
///
/// let store = Store(with: Counter())
/// setUp(store)
/// let testStore = TestStore(with: Counter())
/// setUp(testStore)
/// ```
///
/// Each registration is written once, here, for both: ``Store`` and `TestStore` (ReMVVMTesting)
/// conform, and a registration on either is the same call on the store that holds the state.
/// ReMVVMMiddleware adds `register(navigation:)` to it, and its histories register on either
/// (`register(on:)`).
@MainActor
public protocol StoreRegistering<State>: AnyObject {
    /// The state of the store being set up.
    associatedtype State: StoreState

    /// The store that holds the state: the store itself, or a test store's real store
    /// underneath. The registrations' machinery, not API: an app registers through the forms
    /// of this protocol.
    @_documentation(visibility: internal)
    var _storeBeingSetUp: Store<State> { get }
}

// The registrations are `@inlinable`, as `Store.register(reducer:)` was before it moved here:
// the reducer is specialized for the client's state where it is registered (the `d0` and
// `keypath` benchmark workloads). On a `Store`, `_storeBeingSetUp` is the store itself, and
// inlines away.

extension StoreRegistering {
    /// The store that holds the state.
    @available(
        *, deprecated,
        message: "the registrations' machinery: register through the forms of StoreRegistering"
    )
    public var storeBeingSetUp: Store<State> { _storeBeingSetUp }

    /// Registers the reducer for `R.Action`.
    ///
    /// ```swift
    /// store.register(reducer: LoginReducer.self)
    /// ```
    ///
    /// Each action type has exactly one reducer. Registering a second one for the same action
    /// type is a programmer error: the store reports ``StoreDiagnostic/Kind/duplicateReducer``
    /// with a message naming the action type and both reducers, then stops the program with a
    /// `preconditionFailure` carrying that message.
    ///
    /// - Parameter reducer: The reducer type.
    /// - Complexity: O(1) on average.
    @inlinable
    public func register<R: Reducer>(reducer: R.Type) where R.State == State {
        _storeBeingSetUp.engine.register(reducer: reducer)
    }

    /// Registers the reducer for `R.Action` over the part of the state at `keyPath`.
    ///
    /// ```swift
    /// struct LoginForm { var firstName = "" }
    /// struct SignInState: StoreState { var loginForm = LoginForm() }
    /// struct EditFirstName: StoreAction { let text: String }
    ///
    /// enum LoginFormReducer: Reducer {   // reduces the part, not the whole state
    ///     static func reduce(state: LoginForm, with action: EditFirstName) -> LoginForm {
    ///         LoginForm(firstName: action.text)
    ///     }
    /// }
    ///
    /// let store = Store(with: SignInState())
    /// store.register(reducer: LoginFormReducer.self, at: \.loginForm)
    /// ```
    ///
    /// A feature keeps its own small state and reducers: the reducer receives the part at
    /// `keyPath`, and what it returns is written back there; subscribers see the whole new
    /// state as for any other change. The rule of one reducer per action type holds across both
    /// forms: a second reducer for `R.Action`, whether for the whole state or a part, is reported
    /// as ``StoreDiagnostic/Kind/duplicateReducer`` with a message naming both reducers and the
    /// key path, then stops the program with a `preconditionFailure` carrying that message.
    ///
    /// - Parameters:
    ///   - reducer: The reducer type; its `State` is the part's type.
    ///   - keyPath: Where the part lives in the store's state.
    /// - Complexity: O(1) on average.
    @inlinable
    public func register<R: Reducer>(reducer: R.Type, at keyPath: WritableKeyPath<State, R.State>) {
        _storeBeingSetUp.engine.register(reducer: reducer, at: keyPath)
    }
}

extension Store: StoreRegistering {
    /// The store itself.
    @inlinable
    @_documentation(visibility: internal)
    public var _storeBeingSetUp: Store<State> { self }
}
