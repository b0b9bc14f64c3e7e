/// Why a ``TestStore`` step failed: the error every `TestStore` method throws.
///
/// Its ``description`` says what the test can act on: each differing path of the state with
/// its expected and actual value, the actions that were expected or left unreceived by type and
/// value, and on a timeout what the store still waits for.
///
/// ```swift
/// let store = TestStore(with: AppState(factory: factory))
/// store.register(reducer: AddTodoReducer.self)
/// do {
///     try await store.send(AddTodo(title: "milk ")) { $0.todos = [Todo(id: 1, title: "milk")] }
/// } catch let failure as TestStoreFailure {
///     print(failure)
///     // send AddTodo(title: "milk "): the state differs from the expected one:
///     //   todos[0].title: expected "milk", got "milk "
/// }
/// ```
public struct TestStoreFailure: Error, CustomStringConvertible, Sendable {
    /// The failure, as lines a person reads: what step failed, then one line per problem.
    public let description: String

    /// Creates a failure with its text: only the package's ``TestStore`` fails.
    package init(_ description: String) {
        self.description = description
    }
}
