// The seeded random generator of the package's randomized tests (model checks, fuzzing,
// reliability runs): one SplitMix64, so a failing run replays from the seed it prints.

/// A small, fast, seeded generator (SplitMix64): the same numbers for the same seed on every
/// platform, so a failing run can be replayed exactly from its seed.
///
/// ```swift
/// var random = SeededGenerator(seed: 42)
/// let roll = Int.random(in: 1...6, using: &random)
/// ```
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose numbers follow from `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next number of the sequence.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// `true` with probability `percent` in 100.
    public mutating func chance(_ percent: Int) -> Bool {
        Int.random(in: 0..<100, using: &self) < percent
    }

    /// A number in `0..<bound`.
    public mutating func below(_ bound: Int) -> Int {
        Int.random(in: 0..<bound, using: &self)
    }

    /// One of `items`, which must not be empty.
    public mutating func element<T>(of items: [T]) -> T {
        items[below(items.count)]
    }
}
