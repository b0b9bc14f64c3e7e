extension TestClock {
    /// A moment on a ``TestClock``: the time passed since the clock was made.
    ///
    /// ```swift
    /// let clock = TestClock()
    /// let start = clock.now
    /// await clock.advance(by: .seconds(2))
    /// #expect(start.duration(to: clock.now) == .seconds(2))
    /// ```
    public struct Instant: InstantProtocol, Hashable, Sendable, CustomStringConvertible {
        /// The time passed since the clock was made.
        public var offset: Duration

        /// Creates the instant `offset` after the clock was made.
        ///
        /// - Parameter offset: The time since the clock was made; zero unless given.
        public init(offset: Duration = .zero) {
            self.offset = offset
        }

        /// The instant `duration` later (earlier for a negative duration).
        ///
        /// - Parameter duration: How far to move.
        /// - Returns: The moved instant.
        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        /// The time from this instant to `other`; negative when `other` is earlier.
        ///
        /// - Parameter other: The other instant.
        /// - Returns: The duration between the two.
        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        /// Whether `lhs` comes before `rhs`.
        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }

        /// The offset, as in `TestClock.Instant(offset: 0.3 seconds)`.
        public var description: String { "TestClock.Instant(offset: \(offset))" }
    }
}
