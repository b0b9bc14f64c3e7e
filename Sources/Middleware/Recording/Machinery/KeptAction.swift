import ReMVVMStore

/// One action an ``ActionHistory`` keeps, as it keeps it.
struct KeptAction {
    let index: Int
    let action: any StoreAction
    /// What its reducer drew, given back when it is reduced again; `nil` for nothing.
    let draws: [DependencyDraw]?
    let isSkipped: Bool
}

/// The actions an ``ActionHistory`` keeps and where the session stands. Not generic, so that
/// keeping an action, which happens at every change, runs code compiled for these types: the
/// history itself is generic over the state and runs unspecialized in an app's module, where
/// each access to a generic class's array looks up metadata (callgrind, the `history` workload).
/// A value, held by ``KeptActionsBox``, so that keeping an action is one exclusive access, not
/// one for each of the class's properties it touches (callgrind: 250 instructions of checks).
///
/// The actions are held in a ring, oldest first from `first`: folding the oldest into the
/// history's start forgets them where they are. An array they were removed from the front of
/// moved every action kept at each fold (callgrind, `history`: 128 instructions of `memcpy`
/// per dispatch). The ring holds the actions alone, each slot written once per action: the
/// few draws and skips are kept by index beside it. A ring of optional entries (action, draws,
/// skipped) was written through generic value witnesses, 200 instructions per action.
struct KeptActions {
    let limit: Int
    /// The ring; a slot outside the actions held holds ``Forgotten``, or a folded action until
    /// the slot is written again.
    private var slots: [any StoreAction] = []
    /// Where the oldest action held is in `slots`.
    private var first = 0
    /// How many actions are held: the `head` oldest went past the limit and are not folded
    /// into the history's start yet. They are folded in batches, so keeping an action costs
    /// O(1) amortized.
    private(set) var count = 0
    private(set) var head = 0
    /// The index of the oldest action held (of the next one, when none is).
    private(set) var firstIndex = 1
    /// The index of the last action in effect.
    private(set) var position = 0
    /// The next position whose state is kept: a multiple of ``checkpointInterval`` (a division
    /// at every action cost more than the rest of keeping it).
    private var nextCheckpoint: Int
    /// What the actions held that drew something drew, by index.
    private var draws: [Int: [DependencyDraw]] = [:]
    /// The indices of the actions held that ``ActionHistory/skip(_:)`` took out.
    private var skipped: Set<Int> = []

    init(limit: Int) {
        self.limit = limit
        nextCheckpoint = max(1, limit / 2)
    }

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

    /// The indices of the actions kept and not folded yet; `nil` when there is none.
    var currentIndices: ClosedRange<Int>? {
        count > head ? (firstIndex &+ head)...(firstIndex &+ count &- 1) : nil
    }

    /// The actions kept and not folded yet, oldest first.
    var current: [KeptAction] {
        (head..<count).map { kept(at: $0) }
    }

    /// Keeps an action reduced after `position`; a dispatch after a jump into the past drops
    /// the future.
    mutating func keep(_ action: consuming any StoreAction, draws drawn: [DependencyDraw]?) -> KeepOutcome {
        var outcome = KeepOutcome()
        if position &- firstIndex &+ 1 < count {
            forget(from: position &- firstIndex &+ 1)
            outcome.droppedFuture = true
        }
        position &+= 1
        if count == slots.count { grow() }
        slots[ringOffset(count)] = action
        if let drawn { draws[position] = drawn }
        count &+= 1
        if position == nextCheckpoint {
            outcome.isCheckpoint = true
            nextCheckpoint &+= checkpointInterval
        }
        if count &- head > limit {
            head &+= 1
            outcome.foldIsDue = head >= checkpointInterval
        }
        return outcome
    }

    /// Makes `index` the last action in effect (a jump).
    mutating func move(to index: Int) {
        position = index
        nextCheckpoint = (index / checkpointInterval + 1) * checkpointInterval
    }

    /// The index of the last action past the limit, or `nil` when there is none.
    var lastFoldable: Int? { head > 0 ? firstIndex &+ head &- 1 : nil }

    /// Forgets the actions up to `index`, which a kept state replaces.
    mutating func dropThrough(index: Int) {
        forgetFirst(min(count, max(0, index &- firstIndex &+ 1)))
    }

    /// The actions past the limit that are not skipped, in order, and forgets them.
    mutating func takeFoldable() -> [(action: any StoreAction, draws: [DependencyDraw])] {
        let actions = inEffect(upTo: head, through: .max)
        forgetFirst(head)
        return actions
    }

    /// The actions in effect up to `position`, from the history's start: those past the limit
    /// that a fold from a kept state left behind included.
    var inEffect: [(action: any StoreAction, draws: [DependencyDraw])] {
        inEffect(upTo: count, through: position)
    }

    /// Takes action `index` out of the session, or puts it back; an index not held changes
    /// nothing.
    mutating func toggleSkip(index: Int) {
        guard index >= firstIndex, index &- firstIndex < count else { return }
        if skipped.remove(index) == nil { skipped.insert(index) }
    }

    private func inEffect(upTo end: Int, through last: Int) -> [(
        action: any StoreAction, draws: [DependencyDraw]
    )] {
        var actions: [(action: any StoreAction, draws: [DependencyDraw])] = []
        actions.reserveCapacity(end)
        for offset in 0..<end where firstIndex &+ offset <= last {
            let kept = kept(at: offset)
            if !kept.isSkipped { actions.append((kept.action, kept.draws ?? [])) }
        }
        return actions
    }

    private func kept(at offset: Int) -> KeptAction {
        let index = firstIndex &+ offset
        return KeptAction(
            index: index, action: slots[ringOffset(offset)], draws: draws[index],
            isSkipped: !skipped.isEmpty && skipped.contains(index))
    }

    /// Where the action `offset` places after the oldest is in the ring.
    private func ringOffset(_ offset: Int) -> Int {
        let place = first &+ offset
        return place < slots.count ? place : place &- slots.count
    }

    /// Forgets the actions from `offset` places after the oldest on.
    private mutating func forget(from offset: Int) {
        for dropped in offset..<count { slots[ringOffset(dropped)] = Forgotten() }
        count = offset
        head = min(head, count)
        let end = firstIndex &+ offset
        forgetMarks { $0 >= end }
    }

    /// Forgets the `dropped` oldest actions. Their slots are released when they are written
    /// again, by the next actions kept: writing a placeholder in each first cost `history` 37
    /// instructions per dispatch, and the ring holds no more actions than the history promises
    /// (one and a half times its limit).
    private mutating func forgetFirst(_ dropped: Int) {
        first = ringOffset(dropped)
        count &-= dropped
        head = max(0, head &- dropped)
        firstIndex &+= dropped
        let start = firstIndex
        forgetMarks { $0 < start }
    }

    /// Forgets the draws and skips of the actions whose indices `isForgotten` says.
    private mutating func forgetMarks(_ isForgotten: (Int) -> Bool) {
        if !draws.isEmpty { draws = draws.filter { !isForgotten($0.key) } }
        if !skipped.isEmpty { skipped = skipped.filter { !isForgotten($0) } }
    }

    /// Makes room for more actions: up to the most the history holds (the limit and a batch
    /// waiting to be folded), then twice as many.
    private mutating func grow() {
        let most = limit &+ checkpointInterval &+ 1
        let capacity = count < most ? min(max(16, count &* 2), most) : count &* 2
        var grown: [any StoreAction] = []
        grown.reserveCapacity(capacity)
        for offset in 0..<count { grown.append(slots[ringOffset(offset)]) }
        grown.append(contentsOf: repeatElement(Forgotten() as any StoreAction, count: capacity &- count))
        slots = grown
        first = 0
    }
}

/// What a slot of the ring holds when it held no action yet, or held an action dropped from
/// the future: nothing to release.
private struct Forgotten: StoreAction {}

/// The actions an ``ActionHistory`` keeps, and what its store hands each action it reduces
/// (``ActionKeeper``): keeps it, and reaches the history only when keeping asks something of it.
///
/// `value` is `@exclusivity(unchecked)`: only the main actor touches it, and no access to it is
/// held across a call that could reach it again (keeping an action calls nothing outside
/// ``KeptActions``). The dynamic check cost more than keeping the action (callgrind, `history`:
/// 84 instructions per dispatch).
@MainActor
final class HistoryKeeper<State: StoreState>: ActionKeeper {
    @exclusivity(unchecked) var value: KeptActions
    /// The history to ask, at a checkpoint, a fold or a dropped future.
    weak var history: ActionHistory<State>?

    init(limit: Int) {
        value = KeptActions(limit: limit)
    }

    func keep(_ action: consuming any StoreAction, draws: [DependencyDraw]?, state: State) {
        let outcome = value.keep(action, draws: draws)
        if outcome.asksAnything { history?.didKeep(outcome, state: state) }
    }

    func keep(replayed actions: [any StoreAction], draws: [[DependencyDraw]], state: State) {
        // The states between the replayed actions are not known: no checkpoint.
        for (offset, action) in actions.enumerated() {
            let drawn = offset < draws.count && !draws[offset].isEmpty ? draws[offset] : nil
            var outcome = value.keep(action, draws: drawn)
            outcome.isCheckpoint = false
            if outcome.asksAnything { history?.didKeep(outcome, state: state) }
        }
    }
}
