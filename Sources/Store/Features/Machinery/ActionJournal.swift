// The actions a feature keeps of its store's session (an `ActionHistory`), handed over by the
// engine as each action is reduced, before the subscribers are told of the change.
//
// Why in the store's module: keeping an action happens at every dispatch, and costs least
// where the action's type is known, in the engine's reduce, specialized in the app's module.
// The journal keeps each type's actions in a typed column (KeptColumn.swift) and, in a ring,
// which column each action went to: keeping one appends to two arrays, and makes nothing.
// Kept through a change observer, as `any StoreAction` in the `StateChangeCause`, an action
// cost `history` 1,351 instructions per dispatch against 685 for `d0` (callgrind); in a ring
// of existentials handed over by the engine, 1,006.

/// What keeping an action asks of the feature that keeps the journal.
@usableFromInline
package struct KeepOutcome {
    /// The actions after `position` were dropped: a dispatch after a jump into the past.
    @usableFromInline package var droppedFuture = false
    /// The state after this action is worth keeping: a fold will start from it.
    @usableFromInline package var isCheckpoint = false
    /// Actions past the limit wait to be folded.
    @usableFromInline package var foldIsDue = false

    @usableFromInline
    init() {}

    @inlinable
    package var asksAnything: Bool { droppedFuture || isCheckpoint || foldIsDue }
}

/// The actions of a session a feature keeps, oldest first, and where the session stands.
///
/// Each action has an index, from 1; `position` is the last one in effect (0 before the
/// first). At most `limit` actions are kept: those past it wait, `head` of them, to be folded
/// by the feature into its start, in batches of `checkpointInterval`. A dispatch after a jump
/// into the past drops the future first.
@MainActor
@usableFromInline
package final class ActionJournal<State: StoreState> {
    /// The most actions kept before the oldest wait to be folded.
    @usableFromInline package let limit: Int
    /// How often the state after an action is worth keeping: each fold folds exactly this many
    /// actions in a session without travel, so it starts from a kept state.
    @usableFromInline let checkpointInterval: Int
    // `@exclusivity(unchecked)` on the properties below: see assumption 6 in Unchecked.swift.
    // Only the main actor touches them, and the journal calls out only at the end of a keep.
    /// The number of the column of each action held, in a ring, oldest first from `first`.
    @exclusivity(unchecked) @usableFromInline var order: [Int] = []
    @exclusivity(unchecked) @usableFromInline var first = 0
    /// How many actions are held; the `head` oldest went past the limit.
    @exclusivity(unchecked) @usableFromInline package internal(set) var count = 0
    @exclusivity(unchecked) @usableFromInline package internal(set) var head = 0
    /// The index of the oldest action held (of the next one, when none is).
    @exclusivity(unchecked) @usableFromInline package internal(set) var firstIndex = 1
    /// The index of the last action in effect.
    @exclusivity(unchecked) @usableFromInline package internal(set) var position = 0
    /// The next position whose state is kept: a multiple of `checkpointInterval` (a division
    /// at every action cost more than the rest of keeping it).
    @exclusivity(unchecked) @usableFromInline var nextCheckpoint: Int
    /// The columns, one per action type met, by number.
    @exclusivity(unchecked) @usableFromInline var columns: [any KeptColumn] = []
    private var columnNumbers: [ObjectIdentifier: Int] = [:]
    /// Scratch counts per column, all 0 between uses (``forEachColumnCount(from:to:_:)``).
    private var columnCounts: [Int] = []
    /// The column of the last action type kept: a session keeps runs of one type, and finding
    /// it again costs a comparison, where the table costs a hash.
    /// Lent without a retain (assumption 10 in Unchecked.swift: the journal never lets go of a
    /// column); read only when `lastType` is set.
    @exclusivity(unchecked) @usableFromInline var lastType: ObjectIdentifier?
    @exclusivity(unchecked) @usableFromInline var lastColumn: UncheckedReference<AnyObject>?
    @exclusivity(unchecked) @usableFromInline var lastColumnNumber = 0
    /// What the actions held that drew something drew, by index: few do.
    private var draws: [Int: [DependencyDraw]] = [:]
    /// The indices of the actions held that were taken out of the session.
    private var skipped: Set<Int> = []
    /// Told when keeping an action asks something of the feature, with the state the action
    /// made; called last, so it may change the journal.
    @usableFromInline package var asked: ((KeepOutcome, State) -> Void)?
    /// The next journal of the same store (the engine tells each in turn).
    @exclusivity(unchecked) @usableFromInline var next: ActionJournal<State>?

    /// Creates a journal that keeps up to `limit` actions (1 or more).
    package init(limit: Int) {
        self.limit = max(1, limit)
        checkpointInterval = max(1, self.limit / 2)
        nextCheckpoint = checkpointInterval
    }

    // MARK: - Keeping

    /// Keeps `action`, which a dispatch reduced into `state`; `drawn` is what its reducer drew.
    /// Specialized for the action's type, out of line: inlined into the engine's reduce, it
    /// made the reduce of every store longer, with or without a journal (callgrind, `d0`: 18
    /// instructions per dispatch).
    @inlinable
    @inline(never)
    func keep<Action: StoreAction>(_ action: Action, draws drawn: [DependencyDraw]?, state: State) {
        keep(action, draws: drawn, state: state, isCheckpointAllowed: true)
    }

    /// Keeps an action the engine has only as `any StoreAction` (a change made without a
    /// dispatch, which names one action).
    @usableFromInline
    func keep(opened action: any StoreAction, state: State) {
        keep(action, draws: nil, state: state, isCheckpointAllowed: true)
    }

    /// Keeps the actions of a replay, in order, which made `state`; `draws[i]` is what action
    /// `i` drew, when the replay said. The states between them are not known: no checkpoint.
    @usableFromInline
    func keep(replayed actions: [any StoreAction], draws: [[DependencyDraw]], state: State) {
        for (offset, action) in actions.enumerated() {
            let drawn = offset < draws.count && !draws[offset].isEmpty ? draws[offset] : nil
            keep(action, draws: drawn, state: state, isCheckpointAllowed: false)
        }
    }

    @inlinable
    @inline(__always)
    func keep<Action: StoreAction>(
        _ action: Action, draws drawn: [DependencyDraw]?, state: State, isCheckpointAllowed: Bool
    ) {
        var outcome = KeepOutcome()
        if position &- firstIndex &+ 1 < count {
            forget(from: position &- firstIndex &+ 1)
            outcome.droppedFuture = true
        }
        if lastType != ObjectIdentifier(Action.self) { useColumn(for: Action.self) }
        let number = lastColumnNumber
        uncheckedUnwrap(lastColumn).withObject(as: TypedColumn<Action>.self) { $0.values.append(action) }
        if count == order.count { grow() }
        let place = first &+ count
        order[place < order.count ? place : place &- order.count] = number
        count &+= 1
        position &+= 1
        if let drawn { note(drawn) }
        if position == nextCheckpoint {
            outcome.isCheckpoint = isCheckpointAllowed
            nextCheckpoint &+= checkpointInterval
        }
        if count &- head > limit {
            head &+= 1
            outcome.foldIsDue = head >= checkpointInterval
        }
        if outcome.asksAnything { asked?(outcome, state) }
    }

    /// Makes the column of `type`'s actions the last used, made at the first action of the type.
    @usableFromInline
    func useColumn<Action: StoreAction>(for type: Action.Type) {
        let key = ObjectIdentifier(type)
        let number: Int
        if let known = columnNumbers[key] {
            number = known
        } else {
            number = columns.count
            columns.append(TypedColumn<Action>())
            columnNumbers[key] = number
        }
        lastType = key
        lastColumn = UncheckedReference(columns[number])
        lastColumnNumber = number
    }

    /// Notes what the action just kept drew.
    @usableFromInline
    func note(_ drawn: [DependencyDraw]) {
        draws[position] = drawn
    }

    // MARK: - Reading and travelling

    /// The indices of the actions kept and not folded yet; `nil` when there is none.
    package var currentIndices: ClosedRange<Int>? {
        count > head ? (firstIndex + head)...(firstIndex + count - 1) : nil
    }

    /// The actions kept and not folded yet, oldest first.
    package var current: [(index: Int, action: any StoreAction, isSkipped: Bool)] {
        var actions: [(index: Int, action: any StoreAction, isSkipped: Bool)] = []
        actions.reserveCapacity(count - head)
        walk(from: head, to: count) { offset, column, place in
            let index = firstIndex + offset
            actions.append((index, columns[column].action(at: place), skipped.contains(index)))
        }
        return actions
    }

    /// Makes `index` the last action in effect (a jump).
    package func move(to index: Int) {
        position = index
        nextCheckpoint = (index / checkpointInterval + 1) * checkpointInterval
    }

    /// The index of the last action past the limit, or `nil` when there is none.
    package var lastFoldable: Int? { head > 0 ? firstIndex + head - 1 : nil }

    /// Forgets the actions up to `index`, which a kept state replaces.
    package func dropThrough(index: Int) {
        forgetFirst(min(count, max(0, index - firstIndex + 1)))
    }

    /// The actions past the limit that are not skipped, in order, and forgets them.
    package func takeFoldable() -> [(action: any StoreAction, draws: [DependencyDraw])] {
        let actions = inEffect(upTo: head, through: .max)
        forgetFirst(head)
        return actions
    }

    /// The actions in effect up to `position`, from the feature's start: those past the limit
    /// that a fold from a kept state left behind included.
    package var inEffect: [(action: any StoreAction, draws: [DependencyDraw])] {
        inEffect(upTo: count, through: position)
    }

    /// Takes action `index` out of the session, or puts it back; an index not held changes
    /// nothing.
    package func toggleSkip(index: Int) {
        guard index >= firstIndex, index - firstIndex < count else { return }
        if skipped.remove(index) == nil { skipped.insert(index) }
    }

    private func inEffect(upTo end: Int, through last: Int) -> [(
        action: any StoreAction, draws: [DependencyDraw]
    )] {
        var actions: [(action: any StoreAction, draws: [DependencyDraw])] = []
        actions.reserveCapacity(end)
        walk(from: 0, to: end) { offset, column, place in
            let index = firstIndex + offset
            guard index <= last, !skipped.contains(index) else { return }
            actions.append((columns[column].action(at: place), draws[index] ?? []))
        }
        return actions
    }

    /// Calls `body` for the actions held from `start` to `end` (offsets from the oldest), with
    /// each one's column and its place in that column.
    private func walk(
        from start: Int, to end: Int, _ body: (_ offset: Int, _ column: Int, _ place: Int) -> Void
    ) {
        var places = [Int](repeating: 0, count: columns.count)
        for offset in 0..<end {
            let column = order[ringOffset(offset)]
            if offset >= start { body(offset, column, places[column]) }
            places[column] += 1
        }
    }

    /// Calls `body` with each column and how many of the actions from `start` to `end` it holds,
    /// for the columns that hold any. A session of one action type needs no walk (callgrind,
    /// `history`: the walk at each fold cost 33 instructions per dispatch); the counts are kept
    /// in `columnCounts`, made again only when a column was added, so that a fold allocates
    /// nothing (`remvvm-malloc-check`, `history`).
    private func forEachColumnCount(
        from start: Int, to end: Int, _ body: (_ column: Int, _ count: Int) -> Void
    ) {
        if columns.count == 1 {
            if end > start { body(0, end - start) }
            return
        }
        if columnCounts.count != columns.count {
            columnCounts = [Int](repeating: 0, count: columns.count)
        }
        for offset in start..<end { columnCounts[order[ringOffset(offset)]] += 1 }
        for column in columnCounts.indices where columnCounts[column] > 0 {
            body(column, columnCounts[column])
            columnCounts[column] = 0
        }
    }

    private func ringOffset(_ offset: Int) -> Int {
        let place = first + offset
        return place < order.count ? place : place - order.count
    }

    /// Forgets the actions from `offset` places after the oldest on.
    @usableFromInline
    func forget(from offset: Int) {
        forEachColumnCount(from: offset, to: count) { columns[$0].removeLast($1) }
        let end = firstIndex + offset
        count = offset
        head = min(head, count)
        if !draws.isEmpty { draws = draws.filter { $0.key < end } }
        if !skipped.isEmpty { skipped = skipped.filter { $0 < end } }
    }

    /// Forgets the `dropped` oldest actions.
    private func forgetFirst(_ dropped: Int) {
        forEachColumnCount(from: 0, to: dropped) { columns[$0].removeFirst($1) }
        first = ringOffset(dropped)
        count -= dropped
        head = max(0, head - dropped)
        firstIndex += dropped
        let start = firstIndex
        if !draws.isEmpty { draws = draws.filter { $0.key >= start } }
        if !skipped.isEmpty { skipped = skipped.filter { $0 >= start } }
    }

    /// Makes room in the ring: up to the most the journal holds (the limit and a batch waiting
    /// to be folded), then twice as many.
    @usableFromInline
    func grow() {
        let most = limit + checkpointInterval + 1
        let capacity = count < most ? min(max(16, count * 2), most) : count * 2
        var grown: [Int] = []
        grown.reserveCapacity(capacity)
        for offset in 0..<count { grown.append(order[ringOffset(offset)]) }
        grown.append(contentsOf: repeatElement(0, count: capacity - count))
        order = grown
        first = 0
    }
}
