#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Tells the current date: the built-in ``DependencyValues/date`` dependency.
///
/// A reducer that stamps a date reads it from the store rather than calling `Date()`, so that a
/// test knows the date and a replay gives the same one:
///
/// ```swift
/// import Foundation
/// import ReMVVMStore
/// import ReMVVMTesting
///
/// enum AddBookReducer: Reducer {
///     static func reduce(state: inout Library, with action: AddBook) {
///         @Dependency(\.date) var date
///         state.lastAdded = date.now
///     }
/// }
/// let day = Date(timeIntervalSinceReferenceDate: 800_000_000)
/// let store = TestStore(with: Library()) { $0.date = .constant(day) }
/// ```
public struct DateGenerator: Sendable {
    private let generate: @Sendable () -> Date

    /// A generator that tells the date with `generate`.
    ///
    /// - Parameter generate: Tells the current date.
    public init(_ generate: @escaping @Sendable () -> Date) {
        self.generate = generate
    }

    /// The current date; in a reducer, recorded with its action (see
    /// ``DependencyValues/draw(_:_:)``).
    public var now: Date {
        DependencyValues.draw("date", generate)
    }

    /// The current date, as ``now``.
    ///
    /// - Returns: The date.
    public func callAsFunction() -> Date { now }

    /// The system's date, `Date()`: the live value.
    public static var live: DateGenerator { DateGenerator { Date() } }

    /// The same date every time.
    ///
    /// - Parameter date: The date.
    /// - Returns: A generator that always tells `date`.
    public static func constant(_ date: Date) -> DateGenerator { DateGenerator { date } }
}

extension DependencyValues {
    /// Tells reducers the current date: the system's in a ``Store`` (``DateGenerator/live``); in
    /// a `TestStore`, a failure of the test until the test sets it
    /// (``DateGenerator/constant(_:)``).
    ///
    /// ```swift
    /// import Foundation
    /// import ReMVVMStore
    /// import ReMVVMTesting
    ///
    /// let store = TestStore(with: Library()) {
    ///     $0.date = .constant(Date(timeIntervalSinceReferenceDate: 800_000_000))
    /// }
    /// ```
    public var date: DateGenerator {
        get { self[DateGeneratorKey.self] }
        set { self[DateGeneratorKey.self] = newValue }
    }
}

/// The key of ``DependencyValues/date``.
private enum DateGeneratorKey: DependencyKey {
    static let liveValue = DateGenerator.live
}
