/// One place where two values differ.
package struct ValueDifference: Equatable, Sendable {
    /// What kind of difference it is; how a reader words it.
    package enum Kind: Equatable, Sendable {
        /// The value at ``ValueDifference/path`` differs: ``from`` then ``to``.
        case changed
        /// Only the second value has the element of a collection reached by id that ``path``
        /// names (`books[id: 4]`); ``from`` is `no element`.
        case added
        /// Only the first value has that element; ``to`` is `no element`.
        case removed
        /// A collection reached by id holds the elements of the same ids in another order;
        /// ``from`` and ``to`` are the ids of each value, in order (`[1, 2, 3]`, `[2, 1, 3]`).
        case reordered
    }

    /// Where, as a Swift-like path from the compared value: `todos[0].title`,
    /// `books[id: 2].title`; `state` when the compared values differ as a whole.
    package let path: String
    /// The first value at `path`, as ``ValueDiff`` shows it: `no element` or `no entry` when
    /// only the second value has something there.
    package let from: String
    /// The second value at `path`, shown the same way.
    package let to: String
    /// What kind of difference it is.
    package let kind: Kind

    package init(path: String, from: String, to: String, kind: Kind = .changed) {
        self.path = path
        self.from = from
        self.to = to
        self.kind = kind
    }
}
