/// The dependencies of one store: a value, read by key, that middleware and their tasks reach
/// through ``Dispatcher/dependencies``.
///
/// Each key reads as its ``DependencyKey/liveValue`` in a ``Store`` and as its
/// ``DependencyKey/testValue`` in a `TestStore`, unless the store's initializer set it.
/// One property is built in: ``clock``, the clock effects sleep on.
///
/// ```swift
/// let store = Store(with: AppState(), middleware: [SearchMiddleware()]) {
///     $0.searchClient = StubSearchClient(results: [dune])
/// }
/// let client = store.dependencies.searchClient   // the stub
/// ```
///
/// Setting a value in the closure changes that store only. A key that is not set is read from
/// the key once per store, the first time the store needs it, and the store keeps that value:
/// a key whose value is computed (`static var liveValue: Server { Server() }`) gives every store,
/// and every test's `TestStore`, an object of its own, while a stored `static let` is one
/// value for the whole process. See <doc:Dependencies>.
public struct DependencyValues: Sendable {
    /// Where unset keys read their value from.
    enum Context: Sendable {
        case live, test
    }

    let context: Context
    /// The values the store's initializer set.
    private var values: [ObjectIdentifier: any Sendable] = [:]
    /// The values read from the keys, each read once: one box per store, shared by every copy
    /// of its dependencies (a task's copy included), so the store and its effects see one value.
    private let read: Locked<[ObjectIdentifier: any Sendable]>

    init(context: Context) {
        self.context = context
        read = Locked([:])
    }

    /// The value of the dependency named by `key`.
    ///
    /// ```swift
    /// extension DependencyValues {
    ///     var searchClient: any SearchClient {
    ///         get { self[SearchClientKey.self] }
    ///         set { self[SearchClientKey.self] = newValue }
    ///     }
    /// }
    /// ```
    ///
    /// Reads the value set for `key`, or else the key's ``DependencyKey/liveValue`` (in a
    /// ``Store``) or ``DependencyKey/testValue`` (in a `TestStore`), read once for this store
    /// and kept: every later read, from the store, its middleware or their tasks, gives the same
    /// value.
    ///
    /// - Parameter key: The key type.
    /// - Returns: The dependency's value.
    public subscript<Key: DependencyKey>(key: Key.Type) -> Key.Value {
        get {
            let id = ObjectIdentifier(key)
            // Only this subscript stores under a key's identifier, always a `Key.Value`.
            if let value = values[id] {
                return value as! Key.Value
            }
            if let value = read.withLock({ $0[id] }) {
                return value as! Key.Value
            }
            // Made outside the lock: a key's getter may do anything, even read dependencies.
            let made: Key.Value
            switch context {
            case .live: made = Key.liveValue
            case .test: made = Key.testValue
            }
            return read.withLock { read in
                // Two tasks that read a new key at once keep the first value made.
                if let first = read[id] { return first as! Key.Value }
                read[id] = made
                return made
            }
        }
        set {
            values[ObjectIdentifier(key)] = newValue
        }
    }

    /// The clock effects wait on: `ContinuousClock()` unless the store's initializer sets
    /// another, such as a `TestClock` in a test.
    ///
    /// A `TestStore` does not wait real time unless its test says so: until the test sets
    /// the clock, a sleep on it is a failure of the test that says to set `$0.clock`, and ends
    /// at once.
    ///
    /// ```swift
    /// dispatcher.task(id: SearchTask(), cancelInFlight: true) {
    ///     try await dispatcher.dependencies.clock.sleep(for: .milliseconds(300))
    ///     dispatcher.dispatch(action: SearchDebounced())
    /// }
    /// ```
    public var clock: any Clock<Duration> {
        get { self[ClockKey.self] }
        set { self[ClockKey.self] = newValue }
    }
}

/// The key of ``DependencyValues/clock``.
private enum ClockKey: DependencyKey {
    static let liveValue: any Clock<Duration> = ContinuousClock()
}
