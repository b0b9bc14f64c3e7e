public import ReMVVMStore

/// Every action a store reduced, in order, for exact time travel over the session: jump to
/// the state after any action, or skip an action and see the session without it.
///
/// ```swift
/// let undo = UndoHistory<AppState>(limit: 100)
/// let history = ActionHistory<AppState>()
/// let store = Store(with: initialState, middleware: [undo, history])
///
/// history.jump(to: 3)   // the state right after the 3rd action (0: the initial state)
/// history.skip(2)       // the session without action 2; skip(2) again brings it back
/// history.entries       // index, action, isSkipped
/// ```
///
/// A jump or a skip recomputes the state from the initial one with the store's reducers
/// alone, exactly: no middleware runs, so no effect happens again, and the log holds the
/// actions the effects dispatched back. Subscribers and view models are told once, with the
/// result, and so is every feature of the store: a ``StatePersistence`` saves the travelled-to
/// part, a ``NavigationStateMiddleware`` shows the travelled-to screens. An action dispatched
/// after a jump into the past drops the actions after that point, as an action after an undo
/// does.
///
/// The history is a `StoreFeature`: in a store's middleware it attaches itself when the store
/// is made, wherever it stands in the list, and keeps each action as it was reduced (an
/// ``UndoAction`` that an ``UndoHistory`` filled in, say). A history that is not in the
/// middleware starts with `register(on:)`; until it is attached or registered, it keeps
/// nothing, and its `jump(to:)` and `skip(_:)` return `false`.
///
/// A history belongs to one store at a time: its actions are that store's. Attached to another
/// store (a store remade with the same middleware instances while the first one lives, a
/// history reused across test cases), it moves: it stops keeping the first store's actions and
/// starts anew from the second store's state; its jumps and skips travel in the second store.
/// The first store, if it still lives, hears of it through its diagnostics
/// (`StoreDiagnostic.Kind.featureMoved`).
///
/// - Complexity: Keeping an action costs O(1) amortized per dispatch, and allocates nothing
///   for an action of up to three words (it is stored inline); a jump or a skip reduces every
///   action up to the position again, O(*n*). The history keeps at most ``limit`` actions;
///   the oldest are folded into the starting state, so a jump cannot go back before them.
@MainActor
public final class ActionHistory<State: StoreState>: StoreFeature {
    /// One reduced action of the session.
    public struct Entry: Sendable {
        /// The action's number in the session, from 1.
        public let index: Int
        /// The action, as it was reduced.
        public let action: any StoreAction
        /// Whether ``ActionHistory/skip(_:)`` took it out of the session.
        public let isSkipped: Bool
    }

    /// The most actions kept; older ones are folded into the starting state.
    public let limit: Int
    /// The actions kept, oldest first.
    ///
    /// - Complexity: O(*n*) in the number of actions kept: it copies them.
    public var entries: [Entry] {
        journal.current.map { Entry(index: $0.index, action: $0.action, isSkipped: $0.isSkipped) }
    }
    /// The index of the last action in effect: the last entry's, or an earlier one after a
    /// jump into the past; 0 before the first action.
    public var position: Int { journal.position }

    /// The actions kept, which the store hands over as it reduces them.
    private var journal: ActionJournal<State>
    /// The state before the first action in `kept`.
    private var start: State?
    /// States right after some actions (every `checkpointInterval`-th), oldest first: a fold
    /// starts from one instead of reducing the folded actions again, so keeping an action costs
    /// no reduce (callgrind, `history`). A skip or a dropped future invalidates those after it.
    ///
    /// Two arrays, the indices non-generic, and only appended to, indexed and cut by count:
    /// generic algorithms with closures (`last(where:)`, `removeAll(where:)`) run unspecialized
    /// here and allocate their coroutine frames (`remvvm-malloc-check`, `history`: 0.022 mallocs
    /// per dispatch).
    private var checkpointIndices: [Int] = []
    private var checkpointStates: [State] = []
    /// The store whose actions the history keeps: the one it travels in.
    private let attachment = StoreAttachment<State>(of: ActionHistory<State>.self)
    private var store: Store<State>? { attachment.store }

    /// Creates a history that keeps up to `limit` actions.
    ///
    /// - Parameter limit: The most actions kept, 1 or more (values below 1 keep 1). Each entry
    ///   holds one action, so memory grows with the limit, not with the state. Actions past
    ///   the limit are folded into the starting state in batches of half the limit, so memory
    ///   holds up to one and a half times `limit` actions.
    public init(limit: Int = 10_000) {
        self.limit = max(1, limit)
        journal = ActionJournal(limit: self.limit)
    }

    /// Starts the history from `store`'s state and lets it travel in that store.
    ///
    /// A history in the store's middleware is attached when the store is made, so this call
    /// is needed only for a history kept outside the middleware; calling it again for the
    /// same store does nothing. Calling it for another store moves the history there: it
    /// forgets the actions of the store before and starts from this one's state.
    ///
    /// - Parameter store: The store whose actions the history keeps.
    public func register(on store: Store<State>) {
        guard attachment.attach(to: store) else { return }
        start = store.state
        checkpointIndices = []
        checkpointStates = []
        journal = ActionJournal(limit: limit)
        journal.asked = { [weak self] outcome, state in self?.didKeep(outcome, state: state) }
        attachment.keep(store.recordDraws())
        attachment.keep(store.keepActions(in: journal))
    }

    /// Registers the history on the store a `StoreRegistering` sets up: a store, or a test
    /// store's real store.
    ///
    /// - Parameter store: The store or test store.
    public func register(on store: some StoreRegistering<State>) {
        register(on: store._storeBeingSetUp)
    }

    /// Registers the history on the store made with it in its middleware.
    ///
    /// - Parameter store: The store.
    public func attach<Other: StoreState>(to store: Store<Other>) {
        guard let store = matchingStore(store, of: State.self) else { return }
        register(on: store)
    }

    /// Makes the store's state the state right after action `index`, recomputed from the
    /// start with the reducers alone; 0 is the state before the first action kept.
    ///
    /// An index outside the session changes nothing and is reported through the store's
    /// diagnostics. Before `register(on:)` there is no store to travel in: nothing changes.
    ///
    /// Asked for while the store is busy (from a subscriber, a middleware or a completion), the
    /// jump happens when the current work is done, after the actions dispatched before it was
    /// asked for; `true` then says that `index` was in the session when asked.
    ///
    /// - Parameter index: The index of an action kept, or the one before the first.
    /// - Returns: Whether the store went there.
    @discardableResult
    public func jump(to index: Int) -> Bool {
        guard let store else { return false }
        guard reportIfOutside(index) else { return false }
        store.changeState(cause: .travel) { [self] in
            // Checked again: when the store was busy, the limit may have folded it since.
            guard reportIfOutside(index) else { return nil }
            journal.move(to: index)
            return recomputed()
        }
        return true
    }

    /// Whether `index` is in the session kept, or the one before the first; reports it if not.
    private func reportIfOutside(_ index: Int) -> Bool {
        let kept = journal.currentIndices
        let lowest = (kept?.lowerBound ?? position + 1) - 1
        let highest = kept?.upperBound ?? position
        guard (lowest...highest).contains(index) else {
            report("jump(to: \(index)) is outside the session kept (\(rangeDescription)); nothing changed")
            return false
        }
        return true
    }

    /// Takes action `index` out of the session, or puts it back if it was out, and recomputes
    /// the state at the current ``position`` from the start with the reducers alone.
    ///
    /// An index that names no action kept changes nothing and is reported through the store's
    /// diagnostics. Before `register(on:)` there is no store to travel in: nothing changes.
    /// Asked for while the store is busy, it happens when the current work is done, as
    /// ``jump(to:)`` does.
    ///
    /// - Parameter index: The index of an action kept.
    /// - Returns: Whether the action was toggled.
    @discardableResult
    public func skip(_ index: Int) -> Bool {
        guard let store else { return false }
        guard isKeptReportingIfNot(index) else { return false }
        store.changeState(cause: .travel) { [self] in
            guard isKeptReportingIfNot(index) else { return nil }
            journal.toggleSkip(index: index)
            dropCheckpoints(from: index)
            return recomputed()
        }
        return true
    }

    /// Whether action `index` is among the actions kept; reports it if not.
    private func isKeptReportingIfNot(_ index: Int) -> Bool {
        guard journal.currentIndices?.contains(index) == true else {
            report("skip(\(index)) names no action kept (\(rangeDescription)); nothing changed")
            return false
        }
        return true
    }

    // MARK: - Keeping and recomputing

    private func didKeep(_ outcome: KeepOutcome, state: State) {
        let position = journal.position
        if outcome.droppedFuture { dropCheckpoints(from: position) }
        if outcome.isCheckpoint {
            checkpointIndices.append(position)
            checkpointStates.append(state)
            if checkpointIndices.count > 3 { dropCheckpoints(through: 1) }
        }
        if outcome.foldIsDue { foldPastTheLimit() }
    }

    /// Folds the actions that went past the limit into the starting state, all at once: from
    /// the newest kept state among them when there is one, with the reducers otherwise.
    private func foldPastTheLimit() {
        guard let boundary = journal.lastFoldable, let store, let start else { return }
        // The kept states are in the order of their indices: the newest usable is the last one
        // at or before the boundary.
        var usable = 0
        while usable < checkpointIndices.count, checkpointIndices[usable] <= boundary { usable += 1 }
        if usable > 0 {
            self.start = checkpointStates[usable - 1]
            journal.dropThrough(index: checkpointIndices[usable - 1])
        } else {
            self.start = store.reduced(journal.takeFoldable(), from: start)
        }
        dropCheckpoints(through: usable)
    }

    /// Forgets the kept states of index `index` and after (they no longer hold).
    private func dropCheckpoints(from index: Int) {
        var count = checkpointIndices.count
        while count > 0, checkpointIndices[count - 1] >= index { count -= 1 }
        checkpointIndices.removeLast(checkpointIndices.count - count)
        checkpointStates.removeLast(checkpointStates.count - count)
    }

    /// Forgets the first `count` kept states.
    private func dropCheckpoints(through count: Int) {
        checkpointIndices.removeFirst(count)
        checkpointStates.removeFirst(count)
    }

    /// The state at the current position, from the start with the reducers alone; `nil`
    /// without a store.
    private func recomputed() -> State? {
        foldPastTheLimit()
        guard let store, let start else { return nil }
        return store.reduced(journal.inEffect, from: start)
    }

    private var rangeDescription: String {
        guard let kept = journal.currentIndices else { return "no action yet" }
        return "actions \(kept.lowerBound) to \(kept.upperBound)"
    }

    private func report(_ message: String) {
        store?.diagnosticsHandler(
            StoreDiagnostic(kind: .historyRequestIgnored, message: "\(TypeName.of(Self.self)): \(message)")
        )
    }
}

extension StoreDiagnostic.Kind {
    /// An ``ActionHistory`` was asked to jump to, or skip, an action outside the session it
    /// keeps; nothing changed.
    public static let historyRequestIgnored = StoreDiagnostic.Kind("historyRequestIgnored")

    /// Reported by earlier releases when an ``ActionHistory`` in the middleware was not
    /// registered. A history in the middleware now attaches itself when the store is made, so
    /// this kind is no longer reported.
    @available(
        *, deprecated, message: "an ActionHistory in the middleware attaches itself; nothing reports this"
    )
    public static let historyNotRegistered = StoreDiagnostic.Kind("historyNotRegistered")
}
