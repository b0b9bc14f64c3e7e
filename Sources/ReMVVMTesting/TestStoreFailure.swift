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
///
/// The step records the failure as an issue of the running test at its file and line before
/// throwing it
/// (``isRecordedAsIssue``). The thrown error still ends the test, and Swift Testing and XCTest
/// report an error a test throws as well; so that they do not print the whole text a second
/// time, away from its line, the description of a recorded failure only points at the issue.
/// ``message`` always holds the whole text.
public struct TestStoreFailure: Error, CustomStringConvertible, Sendable {
    /// What failed, as lines a person reads: the step, then one line per problem.
    public let message: String
    /// The file of the step that failed, as `#filePath` gave it at the call site.
    public let filePath: String
    /// The line of the step that failed.
    public let line: Int

    /// Whether the failure was also recorded as an issue of the running test, at ``filePath``
    /// and ``line``: `true` when the test target links ReMVVMTesting and a test was running.
    public let isRecordedAsIssue: Bool

    /// `filePath:line: message`, the form compilers and editors use for a place in a file.
    ///
    /// When the failure was recorded as an issue (``isRecordedAsIssue``), the test runner
    /// already shows the message at that line, so the description says only where to look:
    /// `filePath:line: the TestStore step at this line failed; its issue there says why`.
    public var description: String {
        guard isRecordedAsIssue else { return "\(filePath):\(line): \(message)" }
        return "\(filePath):\(line): the TestStore step at this line failed; its issue there says why"
    }

    /// Creates a failure of the step at `filePath` and `line`: only the package's
    /// ``TestStore`` fails.
    package init(_ message: String, filePath: StaticString, line: UInt, isRecordedAsIssue: Bool = false) {
        self.message = message
        self.filePath = "\(filePath)"
        self.line = Int(line)
        self.isRecordedAsIssue = isRecordedAsIssue
    }
}
