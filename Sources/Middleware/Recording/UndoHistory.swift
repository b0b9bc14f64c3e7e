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

    /// A reduced action with a state: for undo, the state before the action; for redo, the
    /// state after it.
    private struct Step {
        let id: Int
        let state: State
        let action: any StoreAction
    }

    /// The steps to undo, oldest first.
    private typealias StepStack = BoundedStack<Step>

    private var undoSteps: StepStack
    /// The steps to redo, the next one to redo last.
    private var redoSteps: StepStack
    /// The store's state after the last step, once known.
    private var present: State?
    private var lastID = 0

    /// Creates a history that keeps up to `limit` steps.
    ///
    /// - Parameter limit: The most steps kept, 0 or more; the oldest go first.
    public init(limit: Int) {
        precondition(limit >= 0, "UndoHistory needs a limit of 0 or more, got \(limit)")
        self.limit = limit
        undoSteps = StepStack(capacity: limit)
        redoSteps = StepStack(capacity: limit)
    }

    /// Registers the reducers of ``UndoAction`` and ``RedoAction`` on `store`, and starts from
    /// its state.
    ///
    /// ```swift
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
            let replacement = Restoring(restoring: step.state) as? Action
        else { return }
        dispatcher.next(action: replacement) { [weak self] newState in
            guard let self else { return }
            if self[keyPath: source].last?.id == step.id, let present {
                self[keyPath: source].popLast()
                self[keyPath: target].push(Step(id: nextID(), state: present, action: step.action))
            } else {
                // Other steps were taken while the restore was held back: redo is stale.
                redoSteps.removeAll()
            }
            present = newState
        }
    }

    private func didReduce(_ action: any StoreAction, to newState: State) {
        if let present {
            undoSteps.push(Step(id: nextID(), state: present, action: action))
        }
        redoSteps.removeAll()
        present = newState
    }

    private func nextID() -> Int {
        lastID += 1
        return lastID
    }
}
