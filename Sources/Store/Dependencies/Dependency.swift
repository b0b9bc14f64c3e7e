/// A dependency read inside a reducer: the value of the store that is reducing.
///
/// A reducer is a static function, with no store in reach; `@Dependency` reads the dependencies
/// of the store whose reducer runs:
///
/// ```swift
/// enum AddBookReducer: Reducer {
///     static func reduce(state: inout Library, with action: AddBook) {
///         @Dependency(\.uuid) var uuid
///         @Dependency(\.date) var date
///         state.books.append(Book(id: uuid(), title: action.title, added: date.now))
///     }
/// }
/// ```
///
/// What the reducer draws from ``DependencyValues/uuid``, ``DependencyValues/date`` and any
/// dependency that draws through ``DependencyValues/draw(_:_:)`` is kept with the action when
/// the store records its session (an `ActionHistory`, an `ActionRecorder`): time travel and
/// replays give the reducer the same values again. See <doc:Dependencies>.
///
/// Middleware and their tasks read ``Dispatcher/dependencies`` instead. Read anywhere but in a
/// reducer, `@Dependency` gives the key's live value and says so once (an issue of the running
/// test, with ReMVVMTesting; standard error without it).
@propertyWrapper
public struct Dependency<Value> {
    private let keyPath: KeyPath<DependencyValues, Value>
    private let filePath: StaticString
    private let line: UInt

    /// Reads the dependency at `keyPath` of the store that is reducing.
    ///
    /// - Parameters:
    ///   - keyPath: The dependency, such as `\.uuid`.
    ///   - filePath: Where an issue about a read outside a reducer is reported.
    ///   - line: The line of that issue.
    public init(
        _ keyPath: KeyPath<DependencyValues, Value>, filePath: StaticString = #filePath, line: UInt = #line
    ) {
        self.keyPath = keyPath
        self.filePath = filePath
        self.line = line
    }

    /// The dependency's value in the store that is reducing.
    public var wrappedValue: Value {
        if let scope = ReducingCell.scope { return scope.dependencies[keyPath: keyPath] }
        DependencyReadOutsideReducer.report(filePath: filePath, line: line)
        return DependencyValues(context: .live)[keyPath: keyPath]
    }
}

/// Says that a `@Dependency` was read where no store reduces: at each read in a test (with
/// ReMVVMTesting), once per place on standard error otherwise.
enum DependencyReadOutsideReducer {
    private static let reported = Locked<Set<String>>([])

    static func report(filePath: StaticString, line: UInt) {
        let issue = TestStoreIssue(
            """
            @Dependency was read outside a reducer, so no store's dependencies were in reach: it \
            gave the live value. In a middleware or a task, read dispatcher.dependencies; in a \
            view or a test, store.dependencies.
            """,
            filePath: filePath, line: line)
        if TestStoreIssues.report(issue) { return }
        let place = "\(filePath):\(line)"
        if reported.withLock({ $0.insert(place).inserted }) {
            writeToStandardError("ReMVVM: \(issue.located)\n")
        }
    }
}
