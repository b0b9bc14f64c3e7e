/// One place of a state that an action is addressed to: a row of a list (`forEach`), a part
/// that may be `nil` (`ifLet`), or a navigation entry (ReMVVMMiddleware's `forEach:case:`).
///
/// The tasks that middleware start while handling an action addressed to a place end with it:
/// when a change leaves the place out of the state, the store cancels them, and what they
/// dispatch afterwards is dropped and reported, naming the place. Made by the registrations, one
/// per action that starts a task, never per dispatch.
@usableFromInline
package struct StatePlace<State> {
    /// Tells places apart: two actions addressed to one row give equal keys.
    @usableFromInline package let key: PlaceKey
    /// How reports name the place: `the row 3 of \Library.books`. Made only for a report: a
    /// key path's description allocates several times.
    @usableFromInline package let name: @MainActor () -> String
    /// Whether the place is in `state`.
    @usableFromInline package let isPresent: @MainActor (State) -> Bool
    /// For a container that can tell which of its places a change removed (a navigation's
    /// entries): the ids of those places, from the state after the change, the state before,
    /// and whether the change recomputed the state (time travel, a replay) rather than reduced
    /// an action. The store then looks up only those, instead of checking each place with
    /// ``isPresent``.
    @usableFromInline package let removedIDs: (@MainActor (State, State, Bool) -> [AnyHashable])?

    /// Creates a place.
    ///
    /// - Parameters:
    ///   - path: Where the place's container lives in the state.
    ///   - id: Which element of the container, or `nil` for the part itself.
    ///   - name: How reports name it.
    ///   - isPresent: Whether the place is in a state.
    ///   - removedIDs: The ids of the places of the container that a change removed, when the
    ///     container can tell them; see ``removedIDs``.
    @usableFromInline
    package init(
        path: AnyKeyPath, id: AnyHashable?, name: @escaping @MainActor () -> String,
        isPresent: @escaping @MainActor (State) -> Bool,
        removedIDs: (@MainActor (State, State, Bool) -> [AnyHashable])? = nil
    ) {
        key = PlaceKey(path: path, id: id)
        self.name = name
        self.isPresent = isPresent
        self.removedIDs = removedIDs
    }
}

/// The identity of a ``StatePlace``: its container's key path, and the element's id in it.
@usableFromInline
package struct PlaceKey: Hashable {
    @usableFromInline let path: AnyKeyPath
    @usableFromInline let id: AnyHashable?
}
