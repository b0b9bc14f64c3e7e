// The list's node storage, continued: the operations on two nodes at once, for the writes that
// reuse a replaced version's nodes (ElementTrie+Reusing.swift) and for `==`
// (ElementTrie+Comparing.swift). Each reads and writes only initialized slots, as TrieNode.swift
// states for the storage.

extension TrieLeaf {
    /// Makes this leaf's elements equal to those of `source`, which has as many. The caller
    /// holds this leaf alone.
    @inlinable
    func assign(from source: TrieLeaf<Element>) {
        withUnsafeMutablePointers { header, target in
            let count = header.pointee.node.count
            source.withUnsafeMutablePointers { sourceHeader, elements in
                precondition(
                    sourceHeader.pointee.node.count == count,
                    "internal inconsistency: a leaf reused for one of another size")
                // Both hold `count` initialized elements: each is replaced by the source's.
                for slot in 0..<count { target[slot] = elements[slot] }
            }
        }
    }
}

extension TrieBranch {
    /// Makes this branch's children, but the one in `skipped`, those of `source`, which has as
    /// many: a child both hold already is not touched. The caller holds this branch alone.
    @inlinable
    func assignChildren(from source: TrieBranch, except skipped: Int) {
        withUnsafeMutablePointers { header, target in
            let count = header.pointee.count
            source.withUnsafeMutablePointers { sourceHeader, children in
                precondition(
                    sourceHeader.pointee.count == count,
                    "internal inconsistency: a branch reused for one of another size")
                // Both hold `count` children; a differing one costs a retain and a release.
                for slot in 0..<count where slot != skipped && target[slot] !== children[slot] {
                    target[slot] = children[slot]
                }
            }
        }
    }
}

extension TrieLeaf where Element: Equatable {
    /// Whether this leaf's first `count` elements equal those of `other`, which holds as many,
    /// compared in place; `comparisons` counts the element comparisons made.
    @inlinable
    func elementsEqual(_ other: TrieLeaf<Element>, count: Int, comparisons: inout Int) -> Bool {
        withUnsafeMutablePointerToElements { leftElements in
            other.withUnsafeMutablePointerToElements { rightElements in
                // Both leaves hold `count` initialized elements; they are compared in place.
                for slot in 0..<count {
                    comparisons += 1
                    if leftElements[slot] != rightElements[slot] { return false }
                }
                return true
            }
        }
    }
}
