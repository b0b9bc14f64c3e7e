// `@inlinable` like the rest of IdentifiedArray: see IdentifiedArray.swift for the measurement.

extension IdentifiedArray: Equatable where Element: Equatable {
    /// Whether two arrays hold equal elements in the same order.
    ///
    /// Two versions of one array share every part of their tries that neither changed, and a
    /// shared part is equal without a look inside: comparing a state with the state before a
    /// change of one row compares that row's leaf, not the list. Arrays of different counts are
    /// unequal at once.
    ///
    /// ```swift
    /// struct Row: Identifiable, Equatable {
    ///     let id: Int
    ///     var isFavorite = false
    /// }
    /// let old = IdentifiedArray((0..<10_000).map { Row(id: $0) })
    /// var new = old
    /// new[id: 5]?.isFavorite.toggle()
    /// print(old == new)  // false, after comparing at most one leaf of 8 rows
    /// ```
    ///
    /// - Parameters:
    ///   - lhs: An array.
    ///   - rhs: Another array.
    /// - Returns: Whether they have the same count and equal elements at each position.
    /// - Complexity: O(m log n), for m elements in the parts the two do not share; O(1) for
    ///   two copies of one value, O(n) for arrays built apart.
    @inlinable
    public static func == (lhs: IdentifiedArray, rhs: IdentifiedArray) -> Bool {
        var comparisons = 0
        return lhs.trie.isEqual(to: rhs.trie, comparisons: &comparisons)
    }
}
