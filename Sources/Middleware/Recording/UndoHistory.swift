public import ReMVVMStore

/// Keeps the last states of a store, so that ``UndoAction`` and ``RedoAction`` can bring them
/// back through the store.
///
/// A history is a middleware that notes each reduced action with the state before it, plus
/// the two reducers that restore states. Put it in the store's middleware, then register it on
/// the store:
///
/// ```swift
/// let history = UndoHistory<AppState>(limit: 100)
/// let store = Store(with: initialState, middleware: [history, navigation])
/// history.register(on: store)
///
/// store.dispatch(action: LoginAction(firstName: "Ada", lastName: "Lovelace"))
/// store.dispatch(action: UndoAction())   // logged out again: subscribers see the change
/// store.dispatch(action: RedoAction())   // logged in again
/// ```
///
/// Each action that was reduced is one step; actions that were blocked or had no reducer are
/// not. An ``UndoAction`` restores the state before the last step, and a ``RedoAction`` takes
/// the undo back, restoring the state the undo left: undo and redo are not steps of their own,
/// so undoing an undo is a redo, and *n* undos followed by *n* redos come back to where they
/// started. An action reduced after an undo starts a new branch: what could have been redone
/// is dropped. Both actions are ordinary actions: the middleware after the history, the
/// subscribers and the view models see the restored state as any other change.
///
/// The history keeps at most ``limit`` steps to undo and redo together, dropping the oldest,
/// so memory stays bounded however long the session. States are values, so steps share the
/// storage that did not change between them.
///
/// Without ``register(on:)`` the store has no reducer for the two actions and reports them as
/// unhandled. A middleware placed after the history that holds back an undo while other
/// actions are reduced makes the history drop its redo steps, rather than guess.
@MainActor
public final class UndoHistory<State: StoreState>: StateMiddleware {
    /// The most steps kept, to undo and to redo together.
    public let limit: Int

    /// A reduced action with what it changed: for undo, what the state held before the
    /// action; for redo, what it held after it (the whole state, or the part kept).
    private struct Step {
        let id: Int
        let restoration: Restoration<State>
        let action: any StoreAction
    }

    /// What a step keeps of a state: the whole state, or the part at `at:`.
    private let snapshot: @MainActor (State) -> Restoration<State>
    /// Whether an action changed what the history keeps.
    private let changedKeptPart: @MainActor (State, State) -> Bool
    /// The action types that make steps, or `nil` for every type.
    private let stepTypes: Set<ObjectIdentifier>?

    /// The steps to undo, oldest first.
    private typealias StepStack = BoundedStack<Step>

    private var undoSteps: StepStack
    /// The steps to redo, the next one to redo last.
    private var redoSteps: StepStack
    /// The store's state after the last step, once known.
    private var present: State?
    private var lastID = 0

    /// Creates a history that keeps up to `limit` steps of the whole state, one for each
    /// reduced action, or for each action of the types in `only`.
    ///
    /// ```swift
    /// let history = UndoHistory<AppState>(limit: 100)
    /// let favorites = UndoHistory<AppState>(limit: 100, only: [ToggleFavorite.self])
    /// ```
    ///
    /// - Parameters:
    ///   - limit: The most steps kept, 0 or more; the oldest go first.
    ///   - only: The action types that make steps; every type when `nil`.
    public convenience init(limit: Int, only: [any StoreAction.Type]? = nil) {
        self.init(
            limit: limit, only: only,
            snapshot: { saved in Restoration { _ in saved } },
            changedKeptPart: { _, _ in true })
    }

    /// Creates a history that keeps up to `limit` steps of one part of the state: an action
    /// makes a step only when it changed that part (and, with `only`, is of one of those
    /// types), and an undo restores that part alone, leaving the rest as it is now.
    ///
    /// The search and favorites case: results that arrive after the user starred a book stay
    /// when the star is undone.
    ///
    /// ```swift
    /// let history = UndoHistory<AppState>(limit: 100, at: \.favorites)
    /// let store = Store(with: initialState, middleware: [history])
    /// history.register(on: store)
    ///
    /// store.dispatch(action: ToggleFavorite(id: 7))
    /// // Not a step: the favorites did not change.
    /// store.dispatch(action: SearchResults(query: "swift", items: ["The Swift Book"]))
    /// store.dispatch(action: UndoAction())   // favorites back, results kept
    /// ```
    ///
    /// - Parameters:
    ///   - limit: The most steps kept, 0 or more; the oldest go first.
    ///   - part: The part of the state the history keeps and restores.
    ///   - only: The action types that make steps; every type when `nil`.
    public convenience init<Part: Equatable & Sendable>(
        limit: Int, at part: WritableKeyPath<State, Part>, only: [any StoreAction.Type]? = nil
    ) {
        nonisolated(unsafe) let part = part
        self.init(
            limit: limit, only: only,
            snapshot: { state in
                let saved = state[keyPath: part]
                return Restoration { current in
                    var restored = current
                    restored[keyPath: part] = saved
                    return restored
                }
            },
            changedKeptPart: { old, new in old[keyPath: part] != new[keyPath: part] })
    }

    private init(
        limit: Int,
        only: [any StoreAction.Type]?,
        snapshot: @escaping @MainActor (State) -> Restoration<State>,
        changedKeptPart: @escaping @MainActor (State, State) -> Bool
    ) {
        precondition(limit >= 0, "UndoHistory needs a limit of 0 or more, got \(limit)")
        self.limit = limit
        undoSteps = StepStack(capacity: limit)
        redoSteps = StepStack(capacity: limit)
        self.snapshot = snapshot
        self.changedKeptPart = changedKeptPart
        stepTypes = only.map { Set($0.map { ObjectIdentifier($0) }) }
    }

    /// Registers the reducers of ``UndoAction`` and ``RedoAction`` on `store`, and starts from
    /// its state.
    ///
    /// ```swift
    /// let history = UndoHistory<AppState>(limit: 100)
    /// let store = Store(with: initialState, middleware: [history])
    /// history.register(on: store)
    /// ```
    ///
    /// Call it once, on the store whose middleware holds this history. The store allows one
    /// reducer per action type, so a store has at most one history.
    ///
    /// - Parameter store: The store.
    public func register(on store: Store<State>) {
        store.register(reducer: RestoreReducer<State, UndoAction>.self)
        store.register(reducer: RestoreReducer<State, RedoAction>.self)
        if present == nil { present = store.state }
    }

    /// Whether there is a step to undo.
    public var canUndo: Bool { !undoSteps.isEmpty }

    /// Whether there is an undo to take back.
    public var canRedo: Bool { !redoSteps.isEmpty }

    /// The actions an undo would take back, oldest first: the last one goes first.
    ///
    /// - Complexity: O(*n*) for *n* steps.
    public var undoableActions: [any StoreAction] { undoSteps.elements.map(\.action) }

    /// The actions a redo would bring back, in the order they were first reduced: the first one
    /// comes back first.
    ///
    /// - Complexity: O(*n*) for *n* steps.
    public var redoableActions: [any StoreAction] { redoSteps.elements.reversed().map(\.action) }

    /// Passes every action on and records the state it leaves as a step; gives ``UndoAction``
    /// and ``RedoAction`` the state to restore, or blocks them when there is none.
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
        if present == nil { present = state }
        if Action.self == UndoAction.self {
            restore(UndoAction.self, from: \.undoSteps, to: \.redoSteps, dispatcher: dispatcher)
        } else if Action.self == RedoAction.self {
            restore(RedoAction.self, from: \.redoSteps, to: \.undoSteps, dispatcher: dispatcher)
        } else {
            dispatcher.next { [weak self] newState in
                self?.didReduce(action, to: newState)
            }
        }
    }

    // MARK: - Steps

    /// Undo and redo alike: take the newest step of `source`, restore its state, and once the
    /// store has it, move the step to `target` with the state it replaced.
    private func restore<Restoring: RestoringAction, Action: StoreAction>(
        _: Restoring.Type,
        from source: ReferenceWritableKeyPath<UndoHistory, StepStack>,
        to target: ReferenceWritableKeyPath<UndoHistory, StepStack>,
        dispatcher: Dispatcher<Action, State>
    ) {
        // Nothing to restore: block it, so nothing changes and nobody is told.
        guard let step = self[keyPath: source].last,
            let replacement = Restoring(restoring: step.restoration) as? Action
        else { return }
        dispatcher.next(action: replacement) { [weak self] newState in
            guard let self else { return }
            if self[keyPath: source].last?.id == step.id, let present {
                self[keyPath: source].popLast()
                self[keyPath: target].push(
                    Step(id: nextID(), restoration: snapshot(present), action: step.action))
            } else {
                // Other steps were taken while the restore was held back: redo is stale.
                redoSteps.removeAll()
            }
            present = newState
        }
    }

    /// Makes a step for an action of a type that makes steps and that changed what the
    /// history keeps; a new step drops what could have been redone.
    private func didReduce(_ action: any StoreAction, to newState: State) {
        defer { present = newState }
        guard let present, stepTypes?.contains(ObjectIdentifier(type(of: action))) ?? true,
            changedKeptPart(present, newState)
        else { return }
        undoSteps.push(Step(id: nextID(), restoration: snapshot(present), action: action))
        redoSteps.removeAll()
    }

    private func nextID() -> Int {
        lastID += 1
        return lastID
    }
}
