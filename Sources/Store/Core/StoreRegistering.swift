/// What ``Store`` and ``TestStore`` both offer to set a store up: one function of the app
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
/// ReMVVMMiddleware adds `register(navigation:)` to it, and its histories register on either
/// (`register(on:)`).
@MainActor
public protocol StoreRegistering<State>: AnyObject {
    /// The state of the store being set up.
    associatedtype State: StoreState

    /// The store that holds the state: the store itself, or a test store's real store
    /// underneath. For features that attach to a store.
    var storeBeingSetUp: Store<State> { get }

    /// Registers the reducer for `R.Action`; see ``Store/register(reducer:)``.
    ///
    /// - Parameter reducer: The reducer type.
    func register<R: Reducer>(reducer: R.Type) where R.State == State

    /// Registers the reducer for `R.Action` over the part at `keyPath`; see
    /// ``Store/register(reducer:at:)``.
    ///
    /// - Parameters:
    ///   - reducer: The reducer type; its `State` is the part's type.
    ///   - keyPath: Where the part lives in the state.
    func register<R: Reducer>(reducer: R.Type, at keyPath: WritableKeyPath<State, R.State>)

    /// Registers the reducer of one row of a list; see ``Store/register(reducer:forEach:id:)``.
    ///
    /// - Parameters:
    ///   - reducer: The reducer type; its `State` is the row's type.
    ///   - rows: Where the collection lives in the state.
    ///   - id: Where the action holds the id of its row.
    func register<R: Reducer, Rows: IdentifiedCollection>(
        reducer: R.Type,
        forEach rows: WritableKeyPath<State, Rows>,
        id: KeyPath<R.Action, Rows.Element.ID>
    ) where Rows.Element == R.State

    /// Registers the reducer of a part that may be `nil`; see ``Store/register(reducer:ifLet:)``.
    ///
    /// - Parameters:
    ///   - reducer: The reducer type; its `State` is the part's wrapped type.
    ///   - part: Where the optional part lives in the state.
    func register<R: Reducer>(reducer: R.Type, ifLet part: WritableKeyPath<State, R.State?>)
}

extension Store: StoreRegistering {
    /// The store itself.
    public var storeBeingSetUp: Store<State> { self }
}

extension TestStore: StoreRegistering {
    /// The real store underneath, ``TestStore/store``.
    public var storeBeingSetUp: Store<State> { store }
}
