// `@inlinable` like the rest of IdentifiedArray: see IdentifiedArray.swift for the measurement.

extension IdentifiedArray: Hashable where Element: Hashable {
    /// Feeds the count and the elements, in order, to a hasher.
    ///
    /// Equal arrays hash alike, and so do an identified array and another of the same elements
    /// in the same order.
    ///
    /// ```swift
    /// struct Row: Identifiable, Hashable { let id: Int }
    /// let rows: IdentifiedArray = [Row(id: 1), Row(id: 2)]
    /// let seen: Set = [rows]
    /// print(seen.contains(IdentifiedArray([Row(id: 1), Row(id: 2)])))  // true
    /// ```
    ///
    /// - Parameter hasher: The hasher to feed.
    /// - Complexity: O(n).
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        trie.forEachLeaf { leaf in
            for element in leaf { hasher.combine(element) }
        }
    }
}
