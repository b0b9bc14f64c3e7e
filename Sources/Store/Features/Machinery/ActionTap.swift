// A feature told of the actions of some types as its store reduces them, with the state before
// and after (an `UndoHistory`), handed over by the engine where the action's type is known.
//
// Why not a change observer: an observer that picks actions by type reads the change's cause,
// which the store then makes for every change, and asks the runtime for each action's type
// (callgrind, `app`: about 150 instructions per dispatch for an undo history of one action type,
// which the workload never dispatches). A tap costs a comparison of type identities for an
// action it does not want, and makes nothing.

/// A feature told of each action of the types it names (all, for `nil`) as the store reduces
/// it: with the action, the state it made and the state before, before the subscribers are
/// told of the change.
@MainActor
@usableFromInline
package final class ActionTap<State: StoreState> {
    /// The types of the actions the tap is told of; `nil` for every action.
    @usableFromInline let types: [ObjectIdentifier]?
    @usableFromInline let told:
        @MainActor (_ action: any StoreAction, _ state: State, _ oldState: State) -> Void
    /// The next tap of the same store (the engine tells each in turn).
    @exclusivity(unchecked) @usableFromInline var next: ActionTap<State>?

    /// Creates a tap told of the actions of the types `types` identifies (every action for
    /// `nil`) through `told`.
    package init(
        types: [ObjectIdentifier]?,
        told: @escaping @MainActor (_ action: any StoreAction, _ state: State, _ oldState: State) -> Void
    ) {
        self.types = types
        self.told = told
    }

    /// Tells the tap of `action`, if it names its type; the action is made `any StoreAction`
    /// only then. Called last: the tap may be let go of from `told`.
    @inlinable
    func tell<Action: StoreAction>(_ action: Action, state: State, oldState: State) {
        if let types, !types.contains(ObjectIdentifier(Action.self)) { return }
        told(action, state, oldState)
    }

    /// Tells the tap of an action the engine has only as `any StoreAction` (a change made
    /// without a dispatch, which names one action).
    @usableFromInline
    func tell(opened action: any StoreAction, state: State, oldState: State) {
        tell(action, state: state, oldState: oldState)
    }
}

extension Store {
    /// Tells `tap` of the actions it names from now on, until the returned subscription is
    /// cancelled. For a feature of the package (an `UndoHistory`), which holds the
    /// subscription in its ``StoreAttachment`` and cancels it when it leaves.
    package func tapActions(with tap: ActionTap<State>) -> StoreSubscription {
        engine.observers.add(tap: tap)
    }
}
