/// Names one dependency that effects need from outside the store (an API client, a clock, a
/// database), and gives its value in the app and in tests.
///
/// Declare a key, then a property of ``DependencyValues`` that reads and writes it; here for a
/// `protocol SearchClient: Sendable` with `func search(_ query: String) async throws -> [Book]`:
///
/// ```swift
/// enum SearchClientKey: DependencyKey {
///     static let liveValue: any SearchClient = LiveSearchClient()
///     static let testValue: any SearchClient = UnimplementedSearchClient()
/// }
///
/// extension DependencyValues {
///     var searchClient: any SearchClient {
///         get { self[SearchClientKey.self] }
///         set { self[SearchClientKey.self] = newValue }
///     }
/// }
/// ```
///
/// A ``Store`` starts from each key's ``liveValue``, a `TestStore` from its ``testValue``;
/// the trailing closure of either initializer replaces any of them, for one store.
///
/// A store reads a key's value once, when it first needs it, and keeps it. So how the key
/// declares its value says who shares it. A `static let` is one value for the whole process:
/// right for values and stateless clients, but an object with state in it (a class, an actor)
/// is then shared by every store and every test. A computed `static var` makes a new value at
/// each read, and so gives each store, and each test's `TestStore`, one of its own:
///
/// ```swift
/// actor RevisionServer {
///     private(set) var revision = 0
///     func commit() -> Int {
///         revision += 1
///         return revision
///     }
/// }
///
/// enum RevisionServerKey: DependencyKey {
///     static var liveValue: RevisionServer { RevisionServer() }   // one per store
/// }
/// ```
public protocol DependencyKey {
    /// The type of the dependency's value; `Sendable`, because effects read it from tasks.
    associatedtype Value: Sendable

    /// The value a ``Store`` uses unless its initializer's closure sets another.
    ///
    /// The store reads it once, at its first use, and keeps what it got: declare it as a
    /// computed `static var` for a value of each store's own, a `static let` for one value
    /// shared by every store.
    static var liveValue: Value { get }

    /// The value a `TestStore` uses unless its initializer's closure sets another;
    /// ``liveValue`` unless the key declares one.
    ///
    /// A test value that fails loudly when called (an "unimplemented" client) makes a test
    /// say which dependencies the code under test really uses. As for ``liveValue``, each test
    /// store reads it once: a computed `static var` gives each test its own object, which no
    /// other test running in parallel can change.
    static var testValue: Value { get }
}

extension DependencyKey {
    /// The live value: a key without a test value of its own uses its live value in tests.
    public static var testValue: Value { liveValue }
}
