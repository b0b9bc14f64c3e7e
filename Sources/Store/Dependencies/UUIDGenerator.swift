#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Makes ids: the built-in ``DependencyValues/uuid`` dependency.
///
/// A reducer that needs a new id reads it from the store rather than calling `UUID()`, so that a
/// test knows the ids in advance and a replay gives the same ones:
///
/// ```swift
/// enum AddBookReducer: Reducer {
///     static func reduce(state: inout Library, with action: AddBook) {
///         @Dependency(\.uuid) var uuid
///         state.books.append(Book(id: uuid(), title: action.title))
///     }
/// }
/// let store = TestStore(with: Library()) { $0.uuid = .incrementing }
/// // the first book's id is 00000000-0000-0000-0000-000000000000, the next one's ends in 1
/// ```
public struct UUIDGenerator: Sendable {
    private let generate: @Sendable () -> UUID

    /// A generator that makes each id with `generate`.
    ///
    /// ```swift
    /// import Foundation
    /// import ReMVVMStore
    ///
    /// let fixed = UUIDGenerator { UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF")! }
    /// ```
    ///
    /// - Parameter generate: Makes an id.
    public init(_ generate: @escaping @Sendable () -> UUID) {
        self.generate = generate
    }

    /// A new id; in a reducer, recorded with its action (see ``DependencyValues/draw(_:_:)``).
    ///
    /// - Returns: The id.
    public func callAsFunction() -> UUID {
        DependencyValues.draw("uuid", generate)
    }

    /// Random ids, `UUID()`: the live value.
    public static var live: UUIDGenerator { UUIDGenerator { UUID() } }

    /// Ids that count up from `00000000-0000-0000-0000-000000000000`, one generator per use of
    /// this property: for tests that know the ids to expect.
    ///
    /// ```swift
    /// let store = TestStore(with: Library()) { $0.uuid = .incrementing }
    /// ```
    public static var incrementing: UUIDGenerator { counting { _ in } }

    /// The same id every time.
    ///
    /// - Parameter uuid: The id.
    /// - Returns: A generator that always makes `uuid`.
    public static func constant(_ uuid: UUID) -> UUIDGenerator { UUIDGenerator { uuid } }

    /// Ids that count up from 0, as ``incrementing``; `drawn` is told each id's number first.
    static func counting(_ drawn: @escaping @Sendable (UInt64) -> Void) -> UUIDGenerator {
        let next = Locked<UInt64>(0)
        return UUIDGenerator {
            let number = next.withLock { number in
                defer { number &+= 1 }
                return number
            }
            drawn(number)
            return counted(number)
        }
    }

    /// The id whose last twelve hexadecimal digits are `number`'s (`...-000000000001` for 1).
    static func counted(_ number: UInt64) -> UUID {
        let digits = String(number & 0xFFFF_FFFF_FFFF, radix: 16, uppercase: true)
        let text = "00000000-0000-0000-0000-" + String(repeating: "0", count: 12 - digits.count) + digits
        guard let uuid = UUID(uuidString: text) else {
            preconditionFailure("internal inconsistency: '\(text)' is not an id")
        }
        return uuid
    }
}

extension DependencyValues {
    /// Makes the ids reducers need: random ids in a ``Store`` (``UUIDGenerator/live``); in a
    /// `TestStore`, a failure of the test until the test sets it (``UUIDGenerator/incrementing``,
    /// ``UUIDGenerator/constant(_:)``).
    ///
    /// ```swift
    /// let store = TestStore(with: Library()) { $0.uuid = .incrementing }
    /// ```
    public var uuid: UUIDGenerator {
        get { self[UUIDGeneratorKey.self] }
        set { self[UUIDGeneratorKey.self] = newValue }
    }
}

/// The key of ``DependencyValues/uuid``.
private enum UUIDGeneratorKey: DependencyKey {
    static let liveValue = UUIDGenerator.live
}
