/// Why a ``TestStore`` step failed: the error every `TestStore` method throws.
///
/// It names the step that failed by file and line (the call site of `send`, `receive`,
/// `assert` or `finish`), then says what the test can act on: each differing path of the state
/// with its expected and actual value, the actions that were expected or left unreceived by
/// type and value, and on a timeout what the store still waits for, tasks by id and by the
/// middleware that started them.
///
/// ```swift
/// let store = TestStore(with: AppState(factory: factory))
/// store.register(reducer: AddTodoReducer.self)
/// do {
///     try await store.send(AddTodo(title: "milk ")) { $0.todos = [Todo(id: 1, title: "milk")] }
/// } catch let failure as TestStoreFailure {
///     print(failure)
///     // /path/to/TodoTests.swift:12: send AddTodo(title: "milk "): the state differs from the expected one:
///     //   todos[0].title: expected "milk", got "milk "
/// }
/// ```
public struct TestStoreFailure: Error, CustomStringConvertible, Sendable {
    /// What failed, as lines a person reads: the step, then one line per problem.
    public let message: String
    /// The file of the step that failed, as `#filePath` gave it at the call site.
    public let filePath: String
    /// The line of the step that failed.
    public let line: Int

    /// `filePath:line: message`, the form compilers and editors use for a place in a file.
    public var description: String { "\(filePath):\(line): \(message)" }

    /// Creates a failure of the step at `filePath` and `line`: only the package's
    /// ``TestStore`` fails.
    package init(_ message: String, filePath: StaticString, line: UInt) {
        self.message = message
        self.filePath = "\(filePath)"
        self.line = Int(line)
    }
}
