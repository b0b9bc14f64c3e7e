// `@inlinable`: the middleware's hand-off runs after every action (see
// NavigationStateMiddleware.swift for the measurement).

/// The changes that lead from one navigation state to another, compared by entry identifier.
///
/// Both states keep the entries of a common prefix (same identifiers at the same places; an
/// entry keeps whether it starts a modal for life, so the stacks agree there too); everything
/// after it in `old` left, topmost first, and everything after it in `new` came, lowest first.
@usableFromInline
enum NavigationDiff {
    @inlinable
    static func changes<Screen>(
        from old: NavigationState<Screen>, to new: NavigationState<Screen>
    ) -> [NavigationChange<Screen>] {
        let common = commonPrefix(old, new)
        var changes: [NavigationChange<Screen>] = []
        // What left, from the top down: a modal whose first entry left is dismissed whole.
        var end = old.entries.count
        var stack = old.modalStarts.count
        while end > common {
            let start = stack > 0 ? old.modalStarts[stack - 1] : 0
            if start >= common && start > 0 {
                changes.append(.dismissed(old.entries[start]))
            } else {
                for index in stride(from: end - 1, through: max(start, common), by: -1) {
                    changes.append(.popped(old.entries[index]))
                }
            }
            end = start
            stack -= 1
        }
        // What came, from the bottom up.
        for index in common..<new.entries.count {
            let entry = new.entries[index]
            changes.append(new.startsModal(at: index) ? .presented(entry) : .pushed(entry))
        }
        return changes
    }

    /// The number of entries at the start of both states with the same identifiers.
    @inlinable
    static func commonPrefix<Screen>(_ old: NavigationState<Screen>, _ new: NavigationState<Screen>) -> Int {
        let limit = min(old.entries.count, new.entries.count)
        var index = 0
        while index < limit && old.entries[index].id == new.entries[index].id { index += 1 }
        return index
    }

    /// Whether the two states hold the same entries at the same places.
    @inlinable
    static func sameEntries<Screen>(_ old: NavigationState<Screen>, _ new: NavigationState<Screen>) -> Bool {
        old.entries.count == new.entries.count && commonPrefix(old, new) == old.entries.count
    }

    /// The identifiers of the entries of `old` that left in `new`, as boxes for the store's
    /// places: an entry stays when `new` has the same identifier at the same place.
    ///
    /// Entries are made in increasing identifier order and a change keeps a prefix of them, so
    /// the kept prefix ends at the last place where both agree: found from the end of the
    /// shorter, it costs O(1) for a push or a change that leaves the entries alone, and O(*k*)
    /// for *k* entries that left. Identifiers can be given again, though: to a navigation made
    /// anew (another lineage: every entry left), and by a state recomputed from the
    /// start (`recomputed`: time travel, a replay), where an entry stays only while its screen
    /// is the same too.
    @inlinable
    static func removedIDs<Screen: Equatable>(
        from old: NavigationState<Screen>, to new: NavigationState<Screen>, recomputed: Bool
    ) -> [AnyHashable] {
        var kept = min(old.entries.count, new.entries.count)
        if new.lineage != old.lineage {
            kept = 0
        } else if recomputed {
            var index = 0
            while index < kept && old.entries[index] == new.entries[index] { index += 1 }
            kept = index
        } else {
            while kept > 0 && old.entries[kept - 1].id != new.entries[kept - 1].id { kept -= 1 }
        }
        guard kept < old.entries.count else { return [] }
        return old.entries[kept...].map { AnyHashable($0.id) }
    }
}
