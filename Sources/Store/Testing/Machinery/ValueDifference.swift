/// One place where two values differ.
package struct ValueDifference: Equatable, Sendable {
    /// Where, as a Swift-like path from the compared value: `todos[0].title`; `state` when the
    /// compared values differ as a whole.
    package let path: String
    /// The first value at `path`, as ``ValueDiff`` shows it: `no element` or `no entry` when
    /// only the second value has something there.
    package let from: String
    /// The second value at `path`, shown the same way.
    package let to: String

    package init(path: String, from: String, to: String) {
        self.path = path
        self.from = from
        self.to = to
    }
}
