import ReMVVMStore

/// A moment on one of the test clocks, ``TestClock`` or ``ImmediateClock``: the time passed
/// since the clock's zero. Each clock has its own (`Clock` tells them apart), so an instant of
/// one is never a deadline on the other.
///
/// ```swift
/// let clock = TestClock()
/// let start = clock.now                         // a TestClock.Instant
/// await clock.advance(by: .seconds(2))
/// #expect(start.duration(to: clock.now) == .seconds(2))
/// ```
public struct TestClockInstant<Clock>: InstantProtocol, Hashable, Sendable, CustomStringConvertible {
    /// The time passed since the clock's zero.
    public var offset: Duration

    /// Creates the instant `offset` after the clock's zero.
    ///
    /// ```swift
    /// let clock = ImmediateClock(now: ImmediateClock.Instant(offset: .seconds(10)))
    /// ```
    ///
    /// - Parameter offset: The time since the clock's zero; zero unless given.
    public init(offset: Duration = .zero) {
        self.offset = offset
    }

    /// The instant `duration` later (earlier for a negative duration).
    ///
    /// - Parameter duration: How far to move.
    /// - Returns: The moved instant.
    public func advanced(by duration: Duration) -> Self {
        Self(offset: offset + duration)
    }

    /// The time from this instant to `other`; negative when `other` is earlier.
    ///
    /// - Parameter other: The other instant.
    /// - Returns: The duration between the two.
    public func duration(to other: Self) -> Duration {
        other.offset - offset
    }

    /// Whether `lhs` comes before `rhs`.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        lhs.offset < rhs.offset
    }

    /// The clock and the offset, as in `TestClock.Instant(offset: 0.3 seconds)`.
    public var description: String { "\(TypeName.of(Clock.self)).Instant(offset: \(offset))" }
}

extension TestClock {
    /// A moment on a ``TestClock``: the time passed since the clock was made.
    public typealias Instant = TestClockInstant<TestClock>
}

extension ImmediateClock {
    /// A moment on an ``ImmediateClock``: the time slept since the clock was made (plus the
    /// offset it started from).
    public typealias Instant = TestClockInstant<ImmediateClock>
}
