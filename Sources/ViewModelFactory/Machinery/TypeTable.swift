/// A hash table keyed by a type's identity, tuned for the store's hot path.
///
/// `Dictionary<ObjectIdentifier, Value>` hashes every key with SipHash, which costs about as much
/// as a whole reducer call. Metadata pointers are unique and well distributed above their alignment
/// bits, so a multiplicative (Fibonacci) hash with linear probing finds a type in one or two probes.
/// Entries are never removed: types are registered once and live as long as the table.
@usableFromInline
package struct TypeTable<Value> {
    @usableFromInline var keys: [UInt]
    @usableFromInline var values: [Value?]
    @usableFromInline var shift: UInt
    package private(set) var count: Int

    /// Creates an empty table.
    package init() {
        keys = Array(repeating: 0, count: 8)
        values = Array(repeating: nil, count: 8)
        shift = UInt(UInt.bitWidth &- 3)
        count = 0
    }

    /// The value stored for `type`, or `nil`.
    ///
    /// - Complexity: O(1) on average.
    @inlinable
    package func value(for type: any Any.Type) -> Value? {
        let key = UInt(bitPattern: ObjectIdentifier(type))
        let mask = keys.count &- 1
        var index = Self.slot(for: key, shift: shift)
        while true {
            let stored = keys[index]
            if stored == key { return values[index] }
            if stored == 0 { return nil }
            index = (index &+ 1) & mask
        }
    }

    /// Stores `value` for `type`, replacing any value stored before.
    package mutating func set(_ value: Value, for type: any Any.Type) {
        let key = UInt(bitPattern: ObjectIdentifier(type))
        if (count &+ 1) &* 4 > keys.count &* 3 { grow() }
        insert(value, key: key)
    }

    private mutating func insert(_ value: Value, key: UInt) {
        let mask = keys.count &- 1
        var index = Self.slot(for: key, shift: shift)
        while keys[index] != 0 && keys[index] != key {
            index = (index &+ 1) & mask
        }
        if keys[index] == 0 { count &+= 1 }
        keys[index] = key
        values[index] = value
    }

    private mutating func grow() {
        let oldKeys = keys
        let oldValues = values
        keys = Array(repeating: 0, count: oldKeys.count &* 2)
        values = Array(repeating: nil, count: oldKeys.count &* 2)
        shift &-= 1
        count = 0
        for (key, value) in zip(oldKeys, oldValues) where key != 0 {
            if let value { insert(value, key: key) }
        }
    }

    @inlinable
    static func slot(for key: UInt, shift: UInt) -> Int {
        Int(truncatingIfNeeded: (key &* multiplier) >> shift)
    }

    /// 2^64 divided by the golden ratio, cut to the platform's word size.
    @inlinable
    static var multiplier: UInt {
        UInt(truncatingIfNeeded: 0x9E37_79B9_7F4A_7C15 as UInt64)
    }
}
