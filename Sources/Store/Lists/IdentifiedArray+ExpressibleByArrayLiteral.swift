// `@inlinable` like the rest of IdentifiedArray: see IdentifiedArray.swift for the measurement.

extension IdentifiedArray: ExpressibleByArrayLiteral {
    /// Creates an array of the literal's elements, in order.
    ///
    /// Two elements of one id in a literal are a programmer error: the program stops with a
    /// message naming the id, as it does for a dictionary literal with a duplicate key.
    ///
    /// ```swift
    /// struct Row: Identifiable { let id: Int }
    /// let rows: IdentifiedArray = [Row(id: 1), Row(id: 2)]
    /// print(rows.ids)  // [1, 2]
    /// ```
    ///
    /// - Parameter elements: The elements, of distinct ids.
    /// - Complexity: O(n).
    @inlinable
    public init(arrayLiteral elements: Element...) {
        self.init(elements)
    }
}
