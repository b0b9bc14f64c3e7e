extension IdentifiedArray: CustomStringConvertible {
    /// The elements, written as an array writes them.
    ///
    /// ```swift
    /// struct Row: Identifiable { let id: Int }
    /// let rows: IdentifiedArray = [Row(id: 1), Row(id: 2)]
    /// print(rows)  // [Row(id: 1), Row(id: 2)]
    /// ```
    ///
    /// - Complexity: O(n).
    public var description: String {
        Array(self).description
    }
}
