// What tests observe of an identified array's structure, without timing: how much two versions
// share and how much a comparison looks at. Internal, for `@testable import`.

extension IdentifiedArray {
    /// The number of levels of the trie, leaves included.
    var trieDepth: Int { trie.depth }

    /// The number of trie nodes of this array that `other` does not hold.
    func trieNodesNotShared(with other: IdentifiedArray) -> Int {
        trie.nodesNotShared(with: other.trie)
    }

    /// Whether this array and `other` hold one dictionary of positions, shared.
    func sharesPositions(with other: IdentifiedArray) -> Bool {
        table.isShared(with: other.table)
    }

    /// A description of the first broken invariant, or `nil` when there is none: the trie's
    /// shape, and a position for each element's id, that position, and no other id.
    func invariantViolation() -> String? {
        if let problem = trie.invariantViolation() { return "trie: \(problem)" }
        if table.count != trie.count {
            return "\(table.count) positions for \(trie.count) elements"
        }
        var position = 0
        var problem: String?
        trie.forEachLeaf { leaf in
            for element in leaf {
                if problem == nil && table[element.id] != position {
                    problem =
                        "the id \(element.id) at \(position) has the position \(table[element.id] as Any)"
                }
                position += 1
            }
        }
        return problem
    }
}

extension IdentifiedArray where Element: Equatable {
    /// Compares like `==` and returns the number of pairs of elements it compared.
    func comparingElements(with other: IdentifiedArray) -> (isEqual: Bool, comparisons: Int) {
        var comparisons = 0
        let isEqual = trie.isEqual(to: other.trie, comparisons: &comparisons)
        return (isEqual, comparisons)
    }
}
