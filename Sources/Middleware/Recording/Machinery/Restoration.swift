import ReMVVMStore

/// What an undo or a redo brings back, applied to the state as it is then: the whole state
/// the history kept, or the part it kept set into the current state.
struct Restoration<State: StoreState>: Sendable {
    let apply: @Sendable (State) -> State
}
