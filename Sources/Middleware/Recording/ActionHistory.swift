public import ReMVVMStore

/// Every action a store reduced, in order, for exact time travel over the session: jump to
/// the state after any action, or skip an action and see the session without it.
///
/// ```swift
/// let undo = UndoHistory<AppState>(limit: 100)
/// let history = ActionHistory<AppState>()
/// let store = Store(with: initialState, middleware: [undo, history])  // the history last
/// undo.register(on: store)
/// history.register(on: store)
///
/// history.jump(to: 3)   // the state right after the 3rd action (0: the initial state)
/// history.skip(2)       // the session without action 2; skip(2) again brings it back
/// history.entries       // index, action, isSkipped
/// ```
///
/// A jump or a skip recomputes the state from the initial one with the store's reducers
/// alone, exactly: no middleware runs, so no effect happens again, and the log holds the
/// actions the effects dispatched back. Subscribers and view models are told once, with the
/// result. An action dispatched after a jump into the past drops the actions after that point,
/// as an action after an undo does.
///
/// Put the history last in the middleware stack, so that it keeps each action as it was
/// reduced (an ``UndoAction`` that an ``UndoHistory`` before it filled in, say). Other
/// middleware are not told of a jump or a skip: an ``UndoHistory`` goes on from the state it
/// saw last.
///
/// Call ``register(on:)`` once the store is made: the history needs the store to fold actions
/// past its limit and to travel. A history in the middleware but never registered reports
/// `StoreDiagnostic.Kind.historyNotRegistered` at the first action it sees, keeps in memory
/// the actions past its limit that it cannot fold, and its `jump(to:)` and `skip(_:)` return
/// `false`.
///
/// - Complexity: Keeping an action costs O(1) per dispatch; a jump or a skip reduces every
///   action up to the position again, O(*n*). The history keeps at most ``limit`` actions;
///   the oldest are folded into the starting state, so a jump cannot go back before them.
@MainActor
public final class ActionHistory<State: StoreState>: StateMiddleware {
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
        kept[head...].map { Entry(index: $0.index, action: $0.action, isSkipped: $0.isSkipped) }
    }
    /// The index of the last action in effect: the last entry's, or an earlier one after a
    /// jump into the past; 0 before the first action.
    public private(set) var position = 0

    /// The actions, oldest first, from `head` on; those before `head` went past the limit and
    /// are not folded into `start` yet. They are folded in batches, so keeping an action costs
    /// O(1) amortized, not a copy of every entry kept.
    private var kept: [KeptAction] = []
    private var head = 0
    /// The state before the first action in `kept`.
    private var start: State?
    private weak var store: Store<State>?
    /// Set by ``register(on:)``; a flag, so that the check at each dispatch reads no weak
    /// reference.
    private var isRegistered = false
    /// Whether the history said that it was not registered; it says so once.
    private var saidNotRegistered = false

    /// Creates a history that keeps up to `limit` actions.
    ///
    /// - Parameter limit: The most actions kept, 1 or more (values below 1 keep 1). Each entry
    ///   holds one action, so memory grows with the limit, not with the state. Actions past
    ///   the limit are folded into the starting state in batches of half the limit, so memory
    ///   holds up to one and a half times `limit` actions.
    public init(limit: Int = 10_000) {
        self.limit = max(1, limit)
    }

    /// Starts the history from `store`'s state and lets it travel in that store.
    ///
    /// - Parameter store: The store whose middleware holds this history.
    public func register(on store: Store<State>) {
        self.store = store
        isRegistered = true
        if start == nil { start = store.state }
    }

    /// Keeps each action once the store reduced it.
    ///
    /// - Parameters:
    ///   - state: The store's state when the action reaches the history.
    ///   - action: The action.
    ///   - dispatcher: Passes the action on.
    public func applyMiddleware<Action: StoreAction>(
        for state: State,
        action: Action,
        dispatcher: Dispatcher<Action, State>
    ) {
        if start == nil { start = state }
        if !isRegistered, !saidNotRegistered {
            saidNotRegistered = true
            dispatcher.report(
                .historyNotRegistered,
                "ActionHistory<\(State.self)> is in the middleware but was never registered: call "
                    + "history.register(on: store) after making the store; until then it keeps every action, "
                    + "past its limit too, and cannot jump or skip"
            )
        }
        dispatcher.next { [weak self] _ in self?.keep(action) }
    }

    /// Makes the store's state the state right after action `index`, recomputed from the
    /// start with the reducers alone; 0 is the state before the first action kept.
    ///
    /// An index outside the session changes nothing and is reported through the store's
    /// diagnostics. Before ``register(on:)`` there is no store to travel in: nothing changes.
    ///
    /// - Parameter index: The index of an action kept, or the one before the first.
    /// - Returns: Whether the store went there.
    @discardableResult
    public func jump(to index: Int) -> Bool {
        guard store != nil else { return false }
        let lowest = (kept[head...].first?.index ?? position + 1) - 1
        let highest = kept.last?.index ?? position
        guard (lowest...highest).contains(index) else {
            report("jump(to: \(index)) is outside the session kept (\(rangeDescription)); nothing changed")
            return false
        }
        position = index
        recompute()
        return true
    }

    /// Takes action `index` out of the session, or puts it back if it was out, and recomputes
    /// the state at the current ``position`` from the start with the reducers alone.
    ///
    /// An index that names no action kept changes nothing and is reported through the store's
    /// diagnostics. Before ``register(on:)`` there is no store to travel in: nothing changes.
    ///
    /// - Parameter index: The index of an action kept.
    /// - Returns: Whether the action was toggled.
    @discardableResult
    public func skip(_ index: Int) -> Bool {
        guard store != nil else { return false }
        guard let offset = kept[head...].firstIndex(where: { $0.index == index }) else {
            report("skip(\(index)) names no action kept (\(rangeDescription)); nothing changed")
            return false
        }
        kept[offset].isSkipped.toggle()
        recompute()
        return true
    }

    // MARK: - Keeping and recomputing

    private func keep(_ action: any StoreAction) {
        // A dispatch after a jump into the past drops the future.
        if let last = kept.last?.index, position < last {
            kept.removeLast(last - position)
        }
        position += 1
        kept.append(KeptAction(index: position, action: action, isSkipped: false))
        if kept.count - head > limit {
            head += 1
            if head >= max(1, limit / 2) { foldPastTheLimit() }
        }
    }

    /// Folds the actions that went past the limit into the starting state, all at once.
    private func foldPastTheLimit() {
        guard head > 0, let store, let start else { return }
        self.start = store.reduced(Self.actionsInEffect(kept[..<head]), from: start)
        kept.removeFirst(head)
        head = 0
    }

    private func recompute() {
        foldPastTheLimit()
        guard let store, let start else { return }
        let actions = Self.actionsInEffect(kept[...], through: position)
        store.replaceState(with: store.reduced(actions, from: start))
    }

    /// The actions of `entries` that are not skipped, up to index `last`. A plain loop into an
    /// array: this generic class runs unspecialized in an app's module, where lazy sequences
    /// look up generic metadata for every element (callgrind, the `history` workload: 13,861
    /// instructions per dispatch with lazy sequences, 10,331 with this loop).
    private static func actionsInEffect(
        _ entries: ArraySlice<KeptAction>, through last: Int = .max
    ) -> [any StoreAction] {
        var actions: [any StoreAction] = []
        actions.reserveCapacity(entries.count)
        for entry in entries where !entry.isSkipped && entry.index <= last {
            actions.append(entry.action)
        }
        return actions
    }

    private var rangeDescription: String {
        guard let first = kept[head...].first?.index, let last = kept.last?.index else {
            return "no action yet"
        }
        return "actions \(first) to \(last)"
    }

    private func report(_ message: String) {
        store?.diagnosticsHandler(
            StoreDiagnostic(kind: .historyRequestIgnored, message: "ActionHistory<\(State.self)>: \(message)")
        )
    }
}

extension StoreDiagnostic.Kind {
    /// An ``ActionHistory`` was asked to jump to, or skip, an action outside the session it
    /// keeps; nothing changed.
    public static let historyRequestIgnored = StoreDiagnostic.Kind("historyRequestIgnored")

    /// An ``ActionHistory`` saw an action before ``ActionHistory/register(on:)`` was called:
    /// it cannot fold actions past its limit, nor jump or skip, until it is.
    public static let historyNotRegistered = StoreDiagnostic.Kind("historyNotRegistered")
}
