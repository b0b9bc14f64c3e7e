/// A feature that keeps every action its store reduces, as it is reduced: an `ActionHistory`.
///
/// The engine hands a keeper each action directly, before the subscribers are told of the
/// change, rather than through a change observer: no ``StateChangeCause`` is made, copied and
/// destroyed around it, and the action, made for the keeper, is moved into its storage. A
/// history kept as an observer cost `history` 1,351 instructions per dispatch against 696 for
/// the same store without it (callgrind), most of it in the cause and in the observer's
/// closures. A keeper added while a change is being told keeps the next one first; one
/// cancelled then was already told of it.
@MainActor
@usableFromInline
package protocol ActionKeeper<State>: AnyObject {
    associatedtype State: StoreState

    /// Keeps `action`, which a dispatch reduced into `state`; `draws` is what its reducer drew
    /// (`nil`: nothing), given back when it is reduced again.
    func keep(_ action: consuming any StoreAction, draws: [DependencyDraw]?, state: State)

    /// Keeps the actions of a replay (`StateChangeCause.actions`), in order, which made
    /// `state`; `draws[i]` is what action `i` drew, when the replay said (empty: nothing).
    func keep(replayed actions: [any StoreAction], draws: [[DependencyDraw]], state: State)
}

extension Store {
    /// Hands `keeper` every action the store reduces from now on, until the returned
    /// subscription is cancelled. For a feature of the package, which holds the subscription in
    /// its ``StoreAttachment`` and cancels it when it leaves.
    package func keepActions(with keeper: some ActionKeeper<State>) -> StoreSubscription {
        engine.observers.add(keeper: keeper)
    }
}

/// Several keepers of one store as one, told in the order they were added.
@MainActor
final class KeeperSequence<State: StoreState>: ActionKeeper {
    private let keepers: [any ActionKeeper<State>]

    init(_ keepers: [any ActionKeeper<State>]) {
        self.keepers = keepers
    }

    func keep(_ action: consuming any StoreAction, draws: [DependencyDraw]?, state: State) {
        let action = action
        for keeper in keepers { keeper.keep(action, draws: draws, state: state) }
    }

    func keep(replayed actions: [any StoreAction], draws: [[DependencyDraw]], state: State) {
        for keeper in keepers { keeper.keep(replayed: actions, draws: draws, state: state) }
    }
}
