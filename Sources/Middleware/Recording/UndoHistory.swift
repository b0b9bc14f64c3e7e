public import ReMVVMStore

/// Keeps the last states of a store, so that ``UndoAction`` and ``RedoAction`` can bring them
/// back through the store.
///
/// A history notes each reduced action with the state before it, and brings in the two
/// reducers that restore states. Put it in the store's middleware; it attaches itself when the
/// store is made (a `StoreFeature`):
///
/// ```swift
/// let history = UndoHistory<AppState>(limit: 100)
/// let store = Store(with: initialState, middleware: [history, navigation])
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
/// subscribers and the view models see the restored state as any other change. The history
/// learns of every change where the store applies it, so it is up to date when subscribers are
/// told (``canUndo`` included); time travel (an ``ActionHistory``'s jump or skip) and a replay
/// make no step.
///
/// With an ``ActionRecorder`` in the same store (before or after the history), each step knows
/// the log line of the action it was made for, and the line of an undo or a redo says which
/// line's state it brought back (``ActionLog/Entry/restored``): a replay by the reducers alone
/// then undoes and redoes the same steps. One history per store tells its recorder; a replay
/// restores the part that the history of the store replayed into keeps, so replay into a store
/// set up as the recorded one was.
///
/// The history keeps at most ``limit`` steps to undo and redo together, dropping the oldest,
/// so memory stays bounded however long the session. States are values, so steps share the
/// storage that did not change between them.
///
/// A history belongs to one store at a time: its steps are states of that store. Attached to
/// another store (a store remade with the same middleware instances while the first one lives,
/// a history reused across test cases), it moves: it stops noting the first store's changes,
/// drops its steps and starts anew in the second. The first store, if it still lives, hears of
/// it through its diagnostics (`StoreDiagnostic.Kind.featureMoved`), and an undo or a redo
/// dispatched there afterwards is blocked (nothing changes) and reported the same way.
///
/// A history kept outside the store's middleware needs `register(on:)`; without it the store
/// has no reducer for the two actions and reports them as unhandled. A middleware placed after
/// the history that holds back an undo while other actions are reduced makes the history drop
/// its redo steps, rather than guess.
@MainActor
public final class UndoHistory<State: StoreState>: StoreFeature {
    /// The most steps kept, to undo and to redo together.
    public let limit: Int

    /// A reduced action with what it changed: for undo, what the state held before the
    /// action; for redo, what it held after it (the whole state, or the part kept).
    private struct Step {
        let id: Int
        let restoration: Restoration<State>
        let action: any StoreAction
        /// The sequence number of the line an ``ActionRecorder`` of the store wrote for the
        /// action whose state before this step keeps, or `nil` without a recorder.
        let line: Int?
    }

    /// What a step keeps of a state (the whole state, or the part at `at:`), as the function
    /// that restores it.
    private let snapshot: @MainActor (State) -> @Sendable (State) -> State
    /// Whether an action changed what the history keeps.
    private let changedKeptPart: @MainActor (State, State) -> Bool
    /// The action types that make steps, or `nil` for every type; a list, since it is short
    /// and read at every change.
    private let stepTypes: [ObjectIdentifier]?
    /// The store the history was registered on: the one it acts in.
    private let attachment = StoreAttachment<State>(of: UndoHistory<State>.self)
    /// Shared with the store's ``ActionRecorder``, if it has one: the lines of the steps.
    private var link: RecordingLink?

    /// The steps to undo, oldest first.
    private typealias StepStack = BoundedStack<Step>

    private var undoSteps: StepStack
    /// The steps to redo, the next one to redo last.
    private var redoSteps: StepStack
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
            snapshot: { saved in { _ in saved } },
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
    /// let store = Store(with: initialState, middleware: [history])   // attached: no register(on:)
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
                return { current in
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
        snapshot: @escaping @MainActor (State) -> @Sendable (State) -> State,
        changedKeptPart: @escaping @MainActor (State, State) -> Bool
    ) {
        precondition(limit >= 0, "UndoHistory needs a limit of 0 or more, got \(limit)")
        self.limit = limit
        undoSteps = StepStack(capacity: limit)
        redoSteps = StepStack(capacity: limit)
        self.snapshot = snapshot
        self.changedKeptPart = changedKeptPart
        stepTypes = only.map { types in types.map { ObjectIdentifier($0) } }
    }

    /// Registers the reducers of ``UndoAction`` and ``RedoAction`` on `store`, and starts
    /// noting its changes.
    ///
    /// A history in the store's middleware is attached when the store is made, so this call
    /// is needed only for one kept outside the middleware (which can then make steps, but
    /// not restore them: an undo needs the history in the middleware to fill it in). Calling
    /// it again for the same store does nothing. Calling it for another store moves the history
    /// there, with no step: it no longer notes the changes of the store before.
    ///
    /// - Parameter store: The store.
    public func register(on store: Store<State>) {
        guard attachment.attach(to: store) else { return }
        // The steps kept are states of the store before: none of them may reach this one.
        if let previous = self.link {
            previous.hasHistory = false
            previous.restoreFunction = nil
            previous.undoLine = nil
            previous.redoLine = nil
        }
        undoSteps.removeAll()
        redoSteps.removeAll()
        let link = store.attachment(RecordingLink.self) { RecordingLink() }
        link.hasHistory = true
        link.restoreFunction = snapshot
        self.link = link
        publishLines()
        store.register(reducer: RestoreReducer<State, UndoAction>.self)
        store.register(reducer: RestoreReducer<State, RedoAction>.self)
        let restoringTypes = (ObjectIdentifier(UndoAction.self), ObjectIdentifier(RedoAction.self))
        // Told of its actions' types only, as the state is set, before the subscribers: they
        // read `canUndo` and `canRedo` as they now are.
        let tap = ActionTap<State>(types: stepTypes.map { $0 + [restoringTypes.0, restoringTypes.1] }) {
            [weak self] action, state, oldState in
            let type = action.typeIdentifier
            if type == restoringTypes.0 || type == restoringTypes.1 {
                self?.didRestore(action, from: oldState)
            } else {
                self?.didReduce(action, from: oldState, to: state)
            }
        }
        attachment.keep(store.tapActions(with: tap))
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

    /// Sees ``UndoAction`` and ``RedoAction`` only, to fill them in.
    ///
    /// - Parameter type: An action type.
    /// - Returns: Whether it is ``UndoAction`` or ``RedoAction``.
    public func handlesActions(of type: any StoreAction.Type) -> Bool {
        type == UndoAction.self || type == RedoAction.self
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

    /// Gives ``UndoAction`` and ``RedoAction`` the state to restore, or blocks them when there
    /// is none.
    ///
    /// - Parameters:
    ///   - state: The store's state when the action reaches the history.
    ///   - action: The action.
    ///   - dispatcher: Passes the action on.
    public func applyMiddleware<Action: StoreAction, Other: StoreState>(
        for state: Other,
        action: Action,
        dispatcher: Dispatcher<Action, Other>
    ) {
        // Nothing to restore, or a store of another state: block it, so nothing changes and
        // nobody is told. The steps are those of the store the history acts in: an undo of
        // another store (which the history moved away from) is blocked too.
        if Action.self == UndoAction.self || Action.self == RedoAction.self,
            !attachment.isAttached(dispatcher)
        {
            if attachment.store != nil {
                attachment.reportMoved(dispatcher, ignoring: "\(TypeName.of(Action.self))()")
            }
            return
        }
        if Action.self == UndoAction.self {
            guard let step = undoSteps.last,
                let replacement = UndoAction(restoring: step.restoration) as? Action
            else { return }
            dispatcher.next(action: replacement)
        } else if Action.self == RedoAction.self {
            guard let step = redoSteps.last,
                let replacement = RedoAction(restoring: step.restoration) as? Action
            else { return }
            dispatcher.next(action: replacement)
        } else {
            dispatcher.next()
        }
    }

    // MARK: - Steps

    /// An undo or a redo was reduced: its step moves to the other stack, keeping the state it
    /// replaced, if it is still the newest step there.
    private func didRestore(_ action: any StoreAction, from oldState: State) {
        let isUndo = action is UndoAction
        let restoration = (action as? any RestoringAction)?.restoring as? Restoration<State>
        let source = isUndo ? \UndoHistory.undoSteps : \UndoHistory.redoSteps
        let target = isUndo ? \UndoHistory.redoSteps : \UndoHistory.undoSteps
        guard let step = self[keyPath: source].last, step.id == restoration?.stepID else {
            // Other steps were taken while the restore was held back: redo is stale.
            redoSteps.removeAll()
            publishLines()
            return
        }
        self[keyPath: source].popLast()
        self[keyPath: target].push(makeStep(keeping: oldState, action: step.action))
        publishLines()
    }

    /// Makes a step for an action that changed what the history keeps; a new step drops what
    /// could have been redone.
    private func didReduce(_ action: any StoreAction, from oldState: State, to newState: State) {
        guard changedKeptPart(oldState, newState) else { return }
        undoSteps.push(makeStep(keeping: oldState, action: action))
        redoSteps.removeAll()
        publishLines()
    }

    /// A step keeping `state`, the state before the action being reduced: its line is the one
    /// the recorder wrote last.
    private func makeStep(keeping state: State, action: any StoreAction) -> Step {
        lastID += 1
        return Step(
            id: lastID, restoration: Restoration(stepID: lastID, apply: snapshot(state)), action: action,
            line: link?.currentLine)
    }

    /// Tells the recorder which lines an undo and a redo would now take the state back to.
    private func publishLines() {
        guard let link else { return }
        link.undoLine = undoSteps.last.map(\.line)
        link.redoLine = redoSteps.last.map(\.line)
    }
}
