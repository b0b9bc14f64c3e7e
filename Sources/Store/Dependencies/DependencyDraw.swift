#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// A value a reducer drew from a dependency while it reduced one action: an id from
/// ``DependencyValues/uuid``, a date from ``DependencyValues/date``, or anything a dependency of
/// your own draws through ``DependencyValues/draw(_:_:)``.
///
/// A store with an `ActionHistory` or an `ActionRecorder` keeps each action's draws with it, so
/// that time travel, a reducers-only replay and an exported session give the reducer the same
/// values again, and the state comes out as it did. A test store replays a session's draws
/// through ``DependencyValues/replayedDraws``:
///
/// ```swift
/// import Foundation
/// import ReMVVMStore
/// import ReMVVMTesting
///
/// let store = TestStore(with: Library()) {
///     $0.replayedDraws = [
///         .uuid(UUID(uuidString: "DEADBEEF-0000-0000-0000-000000000001")!),
///         .date(Date(timeIntervalSinceReferenceDate: 800_000_000)),
///     ]
/// }
/// ```
public struct DependencyDraw: Sendable, CustomStringConvertible {
    /// The name the value was drawn under: `uuid`, `date`, or the name a dependency of your own
    /// gives ``DependencyValues/draw(_:_:)``.
    public let name: String
    /// The value as drawn in this process, or as written in a log.
    package let recorded: Recorded

    /// A drawn value, typed in the process that drew it, or encoded, as read from a log.
    package enum Recorded: Sendable {
        case value(any Codable & Sendable)
        case encoded(any EncodedDraw)
    }

    /// A value drawn under `name`.
    ///
    /// ```swift
    /// let draw = DependencyDraw("revision", 42)
    /// ```
    ///
    /// - Parameters:
    ///   - name: The name the dependency draws it under.
    ///   - value: The value.
    public init<Value: Codable & Sendable>(_ name: String, _ value: Value) {
        self.name = name
        recorded = .value(value)
    }

    /// A value read from a log, decoded when a reducer draws it.
    package init(name: String, encoded: any EncodedDraw) {
        self.name = name
        recorded = .encoded(encoded)
    }

    /// An id drawn from ``DependencyValues/uuid``.
    ///
    /// - Parameter uuid: The id.
    /// - Returns: The draw.
    public static func uuid(_ uuid: UUID) -> DependencyDraw { DependencyDraw("uuid", uuid) }

    /// A date drawn from ``DependencyValues/date``.
    ///
    /// - Parameter date: The date.
    /// - Returns: The draw.
    public static func date(_ date: Date) -> DependencyDraw { DependencyDraw("date", date) }

    /// The value, if it is a `Value` (or its JSON decodes as one).
    package func value<Value: Decodable>(as type: Value.Type) -> Value? {
        switch recorded {
        case .value(let value):
            return value as? Value
        case .encoded(let encoded):
            return encoded.decode(Value.self)
        }
    }

    /// The value as drawn, if this process drew it.
    package var value: (any Codable & Sendable)? {
        if case .value(let value) = recorded { return value }
        return nil
    }

    /// `uuid: DEADBEEF-...`: the name and the value.
    public var description: String {
        switch recorded {
        case .value(let value): "\(name): \(ValueText.value(value))"
        case .encoded(let encoded): "\(name): \(encoded)"
        }
    }
}

/// A drawn value as a log holds it, decoded with the type its reducer draws.
package protocol EncodedDraw: Sendable, CustomStringConvertible {
    /// The value as a `Value`, or `nil` when it is not one.
    func decode<Value: Decodable>(_ type: Value.Type) -> Value?
}
