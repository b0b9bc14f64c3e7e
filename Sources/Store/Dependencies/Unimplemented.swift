/// Stands for a dependency that a test did not give: calling it is a failure of the running test,
/// at the line of this call, and then returns `placeholder` so the test goes on.
///
/// A key's ``DependencyKey/testValue`` made of `unimplemented` calls makes every test say which
/// dependencies the code under test uses. An app's module cannot import a test framework; the
/// failure reaches the running test through ReMVVMTesting (linked to the test target); called
/// where no test runs (a detached task), it fails the test process at its exit; without
/// ReMVVMTesting, it is written to standard error.
///
/// ```swift
/// struct BookSearch: Sendable {
///     var books: @Sendable (String) async throws -> [Book]
/// }
///
/// enum BookSearchKey: DependencyKey {
///     static let liveValue = BookSearch { try await LiveSearchClient().search($0) }
///     static let testValue = BookSearch { _ in unimplemented("BookSearch.books", placeholder: []) }
/// }
/// ```
///
/// - Parameters:
///   - name: What was called, as the failure names it.
///   - placeholder: What the call returns after the failure.
///   - filePath: Where the failure is reported.
///   - line: The line of the failure.
/// - Returns: `placeholder`.
public func unimplemented<Value>(
    _ name: String, placeholder: Value, filePath: StaticString = #filePath, line: UInt = #line
) -> Value {
    let issue = TestStoreIssue(
        """
        \(name) is unimplemented: the test called it without giving a value. Set it in the \
        TestStore's initializer, `TestStore(with: ...) { $0.<dependency> = ... }`. It returned \
        \(ValueText.value(placeholder, limit: 80)).
        """,
        filePath: filePath, line: line)
    if TestStoreIssues.report(issue) { return placeholder }
    if TestStoreIssues.isInstalled {
        // A test process (ReMVVMTesting is linked), but no test runs in this task (a detached
        // task, a queue's callback): the process fails at its exit, naming the call.
        UnrecordedTestStoreIssues.report(issue)
    } else {
        writeToStandardError("ReMVVM: \(issue.located)\n")
    }
    return placeholder
}
