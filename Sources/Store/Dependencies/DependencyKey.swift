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
/// A ``Store`` starts from each key's ``liveValue``, a ``TestStore`` from its ``testValue``;
/// the trailing closure of either initializer replaces any of them, for one store.
public protocol DependencyKey {
    /// The type of the dependency's value; `Sendable`, because effects read it from tasks.
    associatedtype Value: Sendable

    /// The value a ``Store`` uses unless its initializer's closure sets another.
    static var liveValue: Value { get }

    /// The value a ``TestStore`` uses unless its initializer's closure sets another;
    /// ``liveValue`` unless the key declares one.
    ///
    /// A test value that fails loudly when called (an "unimplemented" client) makes a test
    /// say which dependencies the code under test really uses.
    static var testValue: Value { get }
}

extension DependencyKey {
    /// The live value: a key without a test value of its own uses its live value in tests.
    public static var testValue: Value { liveValue }
}
