import ReMVVMStore

/// One action an ``ActionHistory`` keeps, as it keeps it.
struct KeptAction {
    let index: Int
    let action: any StoreAction
    /// What its reducer drew, given back when it is reduced again; `nil` for nothing.
    let draws: [DependencyDraw]?
    var isSkipped: Bool
}

/// The actions an ``ActionHistory`` keeps and where the session stands. Not generic, so that
/// keeping an action, which happens at every change, runs code compiled for these types: the
/// history itself is generic over the state and runs unspecialized in an app's module, where
/// each access to a generic class's array looks up metadata (callgrind, the `history` workload).
/// A value, held by ``KeptActionsBox``, so that keeping an action is one exclusive access, not
/// one for each of the class's properties it touches (callgrind: 250 instructions of checks).
struct KeptActions {
    let limit: Int
    /// The actions, oldest first, from `head` on; those before `head` went past the limit and
    /// are not folded into the history's start yet. They are folded in batches, so keeping an
    /// action costs O(1) amortized, not a copy of every entry kept.
    private(set) var all: [KeptAction] = []
    private(set) var head = 0
    /// The index of the last action in effect.
    var position = 0

    init(limit: Int) {
        self.limit = limit
    }

    /// The actions kept and not folded yet.
    var current: ArraySlice<KeptAction> { all[head...] }

    /// What keeping an action asks of the history.
    struct KeepOutcome {
        /// The actions after `position` were dropped: a dispatch after a jump into the past.
        var droppedFuture = false
        /// The state after this action is worth keeping: a fold will start from it.
        var isCheckpoint = false
        /// Actions past the limit wait to be folded.
        var foldIsDue = false

        var asksAnything: Bool { droppedFuture || isCheckpoint || foldIsDue }
    }

    /// How often the history keeps the state after an action: each fold folds exactly this many
    /// actions in a session without travel, so it starts from a kept state.
    var checkpointInterval: Int { max(1, limit / 2) }

    /// Keeps an action reduced after `position`; a dispatch after a jump into the past drops
    /// the future.
    mutating func keep(_ action: any StoreAction, draws: [DependencyDraw]?) -> KeepOutcome {
        var outcome = KeepOutcome()
        if let last = all.last?.index, position < last {
            all.removeLast(last - position)
            outcome.droppedFuture = true
        }
        position &+= 1
        all.append(KeptAction(index: position, action: action, draws: draws, isSkipped: false))
        outcome.isCheckpoint = position % checkpointInterval == 0
        if all.count &- head > limit {
            head &+= 1
            outcome.foldIsDue = head >= checkpointInterval
        }
        return outcome
    }

    /// The index of the last action past the limit, or `nil` when there is none.
    var lastFoldable: Int? { head > 0 ? all[head &- 1].index : nil }

    /// Forgets the actions up to `index`, which a kept state replaces.
    mutating func dropThrough(index: Int) {
        let count = all.prefix { $0.index <= index }.count
        all.removeFirst(count)
        head = max(0, head &- count)
    }

    /// The actions past the limit that are not skipped, in order, and forgets them.
    mutating func takeFoldable() -> [(action: any StoreAction, draws: [DependencyDraw])] {
        let actions = Self.inEffect(all[..<head])
        all.removeFirst(head)
        head = 0
        return actions
    }

    /// The actions in effect up to `position`, from the history's start: those past the limit
    /// that a fold from a kept state left behind included.
    var inEffect: [(action: any StoreAction, draws: [DependencyDraw])] {
        Self.inEffect(all[...], through: position)
    }

    mutating func toggleSkip(at offset: Int) {
        all[offset].isSkipped.toggle()
    }

    private static func inEffect(_ entries: ArraySlice<KeptAction>, through last: Int = .max)
        -> [(action: any StoreAction, draws: [DependencyDraw])]
    {
        var actions: [(action: any StoreAction, draws: [DependencyDraw])] = []
        actions.reserveCapacity(entries.count)
        for entry in entries where !entry.isSkipped && entry.index <= last {
            actions.append((entry.action, entry.draws ?? []))
        }
        return actions
    }
}

/// Shares ``KeptActions`` between an ``ActionHistory`` and the observer that keeps actions.
///
/// `value` is `@exclusivity(unchecked)`: only the main actor touches it, and no access to it is
/// held across a call that could reach it again (keeping an action calls nothing outside
/// ``KeptActions``). The dynamic check cost more than keeping the action (callgrind, `history`:
/// 84 instructions per dispatch).
@MainActor
final class KeptActionsBox {
    @exclusivity(unchecked) var value: KeptActions

    init(limit: Int) {
        value = KeptActions(limit: limit)
    }
}
