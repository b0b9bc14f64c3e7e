/// The dependencies of one store: a value, read by key, that middleware and their tasks reach
/// through ``Dispatcher/dependencies``.
///
/// Each key reads as its ``DependencyKey/liveValue`` in a ``Store`` and as its
/// ``DependencyKey/testValue`` in a ``TestStore``, unless the store's initializer set it.
/// One property is built in: ``clock``, the clock effects sleep on.
///
/// ```swift
/// let store = Store(with: AppState(), middleware: [SearchMiddleware()]) {
///     $0.searchClient = StubSearchClient(results: [dune])
/// }
/// let client = store.dependencies.searchClient   // the stub
/// ```
///
/// Setting a value in the closure changes that store only: dependencies are not global, so
/// tests running in parallel each have their own.
public struct DependencyValues: Sendable {
    /// Where unset keys read their value from.
    enum Context: Sendable {
        case live, test
    }

    let context: Context
    private var values: [ObjectIdentifier: any Sendable] = [:]

    init(context: Context) {
        self.context = context
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
    /// ``Store``) or ``DependencyKey/testValue`` (in a ``TestStore``).
    ///
    /// - Parameter key: The key type.
    /// - Returns: The dependency's value.
    public subscript<Key: DependencyKey>(key: Key.Type) -> Key.Value {
        get {
            if let value = values[ObjectIdentifier(key)] {
                // Only this subscript's setter stores under the key, always a `Key.Value`.
                return value as! Key.Value
            }
            switch context {
            case .live: return Key.liveValue
            case .test: return Key.testValue
            }
        }
        set {
            values[ObjectIdentifier(key)] = newValue
        }
    }

    /// The clock effects wait on: `ContinuousClock()` unless the store's initializer sets
    /// another, such as a ``TestClock`` in a test.
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
