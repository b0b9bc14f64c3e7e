// `@inlinable` like the rest of IdentifiedArray: see IdentifiedArray.swift for the measurement.

/// The position of each id of an ``IdentifiedArray``: a plain dictionary, in a box that versions
/// share.
///
/// A row change keeps its element's position, so it never writes here and the new version
/// shares the table with the old one. An insertion or a removal writes: in place when one
/// version holds the table, after copying the dictionary (O(n)) when another version shares it.
/// The box makes that sharing visible to tests (`===`), which a bare dictionary would not.
@usableFromInline
struct PositionTable<ID: Hashable> {
    @usableFromInline
    final class Box {
        // Unchecked: the dictionary is written only by `update`, on a box one version holds
        // alone, in bodies that never reach the same table again, so accesses cannot overlap;
        // the dynamic checks cost a third of a lookup (callgrind: about 130 instructions per
        // `[id:]` read).
        @exclusivity(unchecked) @usableFromInline
        var positions: [ID: Int]
        @inlinable
        init(_ positions: [ID: Int]) { self.positions = positions }
    }

    @usableFromInline
    var box: Box

    @inlinable
    init() { box = Box([:]) }

    /// The number of ids.
    @inlinable
    var count: Int { box.positions.count }

    /// The position of `id`, or `nil` when no element has it. O(1) on average.
    @inlinable
    subscript(id: ID) -> Int? {
        box.positions[id]
    }

    /// Changes the positions in place, copying the dictionary first if another version shares
    /// it.
    @inlinable
    mutating func update<Result>(_ body: (inout [ID: Int]) throws -> Result) rethrows -> Result {
        if !isKnownUniquelyReferenced(&box) {
            box = Box(box.positions)
        }
        return try body(&box.positions)
    }

    /// Whether the two tables are one dictionary, shared.
    @inlinable
    func isShared(with other: PositionTable<ID>) -> Bool { box === other.box }
}
