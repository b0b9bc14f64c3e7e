/// The changes that lead from one navigation state to another, compared by entry identifier.
///
/// Both states keep their entries from a common part at the bottom (same identifiers at the
/// same places); everything above it in `old` left, topmost first, and everything above it in
/// `new` came, lowest first.
enum NavigationDiff {
    static func changes<Screen>(
        from old: NavigationState<Screen>, to new: NavigationState<Screen>
    ) -> [NavigationChange<Screen>] {
        let (stack, index) = firstDifference(old.stacks, new.stacks)
        var changes: [NavigationChange<Screen>] = []
        // What left, from the top down.
        var position = old.stacks.count - 1
        while position >= stack {
            let from = position == stack ? index : 0
            let entries = old.stacks[position]
            if from == 0 && position > 0 {
                changes.append(.dismissed(entries[0]))
            } else {
                for offset in stride(from: entries.count - 1, through: from, by: -1) {
                    changes.append(.popped(entries[offset]))
                }
            }
            position -= 1
        }
        // What came, from the bottom up.
        for position in stack..<new.stacks.count {
            let from = position == stack ? index : 0
            let entries = new.stacks[position]
            for offset in from..<entries.count {
                changes.append(
                    offset == 0 && position > 0 ? .presented(entries[offset]) : .pushed(entries[offset]))
            }
        }
        return changes
    }

    /// The first place, as a stack and an index in it, where the two states differ; past the
    /// end of both when they hold the same entries.
    static func firstDifference<Screen>(
        _ old: [[NavigationEntry<Screen>]], _ new: [[NavigationEntry<Screen>]]
    ) -> (stack: Int, index: Int) {
        var stack = 0
        while stack < old.count && stack < new.count {
            let a = old[stack]
            let b = new[stack]
            var index = 0
            while index < a.count && index < b.count && a[index].id == b[index].id { index += 1 }
            if index < a.count || index < b.count { return (stack, index) }
            stack += 1
        }
        return (stack, 0)
    }

    /// Whether the two states hold the same entries at the same places.
    static func sameEntries<Screen>(_ old: NavigationState<Screen>, _ new: NavigationState<Screen>) -> Bool {
        let (stack, _) = firstDifference(old.stacks, new.stacks)
        return stack == old.stacks.count && stack == new.stacks.count
    }
}
