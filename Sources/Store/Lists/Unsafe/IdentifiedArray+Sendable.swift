// Unchecked because the trie's nodes are classes whose slots change in place; in the lists'
// unsafe room because node assumption 2 (TrieNode.swift) is what makes it sound: a node is
// changed only through a value that holds it alone (`isKnownUniquelyReferenced`, which the
// runtime answers with an atomic load of the count of references); a node that two values
// share, and that two threads may then read, is copied before any change, never changed. That
// is the reasoning that makes the standard library's Array Sendable when its element is.
//
// The positions hold copies of the ids, so the ids must be Sendable too: an `Identifiable`
// element that is Sendable does not promise that of its `ID`.
extension IdentifiedArray: @unchecked Sendable where Element: Sendable, Element.ID: Sendable {}
