import ReMVVMStore

/// What an undo or a redo brings back, applied to the state as it is then: the whole state
/// the history kept, or the part it kept set into the current state.
struct Restoration<State: StoreState>: Sendable {
    /// The step it restores, so that the history knows, once the action is reduced, whether
    /// it is still the step on top.
    let stepID: Int
    let apply: @Sendable (State) -> State
}
