// What a store's reducers reach while they reduce: its dependencies, and the record of what they
// draw from them. One per store, made with its engine; the engine puts it in the reducing cell
// (Unsafe/ReducingCell.swift) around each reduce and each replay, where `@Dependency` and
// `DependencyValues.draw(_:_:)` find it.
//
// Three ways a draw goes, decided here:
// - a dispatch: the value is made, and kept with the action when a feature records draws
//   (an `ActionHistory`, an `ActionRecorder`);
// - a replay of kept actions (a jump, a skip, a reducers-only replay): the value the action
//   drew when it was first reduced, so the state comes out as it did;
// - a store set up to replay a session's draws (`DependencyValues.replayedDraws`, an exported
//   session's test): the next of those, store-wide, in order.
// A draw that the record does not hold (another name, another type, none left) is made afresh
// and reported: the replay is no longer exact, and the diagnostics say where.

/// The dependencies and the draws of one store's reducers.
@usableFromInline
package final class ReduceScope {
    /// The store's dependencies; the engine's `dependencies` reads and writes them here.
    @usableFromInline var dependencies: DependencyValues {
        didSet {
            queuedDraws = nil
            replayedDrawsTaken = 0
        }
    }
    /// ``DependencyValues/replayedDraws``, read at the first draw.
    private var queuedDraws: [DependencyDraw]?
    /// Whether draws made in a dispatch are kept, for a feature that records them.
    @exclusivity(unchecked) @usableFromInline package private(set) var recordsDraws = false
    /// How many features keep draws (`Store.recordDraws()`); the draws kept go when none does.
    var recorders = 0 {
        didSet {
            recordsDraws = recorders > 0
            if !recordsDraws {
                draws.removeAll()
                stepDraws.removeAll()
            }
        }
    }
    /// What the reducer of the action being reduced drew, while ``recordsDraws``; the engine
    /// empties it once the change's observers were told.
    @exclusivity(unchecked) @usableFromInline package var draws: [DependencyDraw] = []
    /// What each action of a change of many actions (a reducers-only replay) drew, in order, set
    /// by whoever makes the change; the engine empties it with ``draws``.
    @exclusivity(unchecked) @usableFromInline package var stepDraws: [[DependencyDraw]] = []
    /// The draws of the action being replayed, how many were taken, and the action's type name;
    /// `nil` in a dispatch.
    private var replay: (draws: [DependencyDraw], taken: Int, action: any StoreAction.Type)?
    /// How many of ``DependencyValues/replayedDraws`` were taken.
    private var replayedDrawsTaken = 0
    /// Reports a draw the record does not hold: the engine's diagnostics, kind `drawNotRecorded`.
    var reportMiss: (String) -> Void = { _ in }

    init(dependencies: DependencyValues) {
        self.dependencies = dependencies
        ReducingCell.noteMainThread()
    }

    /// The value the reducer draws under `name`: see the file's comment for where it comes from.
    func draw<Value: Codable & Sendable>(_ name: String, _ make: () -> Value) -> Value {
        if var replay {
            defer { self.replay = replay }
            if PlantedDrawBug.replaysDrawAfresh { return make() }
            if replay.taken < replay.draws.count {
                let recorded = replay.draws[replay.taken]
                replay.taken += 1
                if recorded.name == name, let value = recorded.value(as: Value.self) { return value }
                reportMiss(
                    "replaying \(TypeName.of(replay.action)), its reducer drew \(name) where the record holds \(recorded); "
                        + "drew a new value, so the replayed state may differ from the session's")
            } else {
                reportMiss(
                    "replaying \(TypeName.of(replay.action)), its reducer drew \(name) beyond the \(replay.draws.count) "
                        + "draws the record holds; drew a new value, so the replayed state may differ from the session's"
                )
            }
            return make()
        }
        let queued: [DependencyDraw]
        if let known = queuedDraws {
            queued = known
        } else {
            queued = dependencies.replayedDraws
            queuedDraws = queued
        }
        if replayedDrawsTaken < queued.count {
            // Taken only when it is the one drawn: a draw of another name leaves it for the next.
            let recorded = queued[replayedDrawsTaken]
            if recorded.name == name, let value = recorded.value(as: Value.self) {
                replayedDrawsTaken += 1
                keep(recorded)
                return value
            }
            reportMiss(
                "a reducer drew \(name) where the next of the replayed draws (DependencyValues.replayedDraws) is "
                    + "\(recorded); drew a new value")
        }
        let value = make()
        keep(DependencyDraw(name, value))
        return value
    }

    private func keep(_ draw: DependencyDraw) {
        if recordsDraws { draws.append(draw) }
    }

    /// The draws of the change being told to the observers, or `nil` when it drew nothing: an
    /// empty list kept with every action cost a retain and a release each (callgrind,
    /// `history`).
    @inlinable
    package var drawsOfChange: [DependencyDraw]? {
        draws.isEmpty ? nil : draws
    }

    /// Forgets the draws of the change the observers were just told of, if it drew any: the
    /// check inline, the forgetting out of line (inlined, it made the engine's `commit` too
    /// large to inline, callgrind `d0`: 29 more instructions per dispatch; always called, it
    /// cost `persist` 24).
    @inlinable
    @inline(__always)
    func endChangeIfDrawn() {
        if !draws.isEmpty || !stepDraws.isEmpty { endChange() }
    }

    @usableFromInline
    @inline(never)
    func endChange() {
        if !draws.isEmpty { draws.removeAll(keepingCapacity: true) }
        if !stepDraws.isEmpty { stepDraws = [] }
    }

    /// Runs `body`, in which reducers replay `recorded` rather than draw afresh.
    func replaying<Result>(
        _ recorded: [DependencyDraw], of action: any StoreAction.Type, _ body: () -> Result
    ) -> Result {
        let outer = replay
        replay = (recorded, 0, action)
        defer { replay = outer }
        return body()
    }
}

/// A planted bug for the model check that shows the check can fail: replays draw afresh, as a
/// replay that ignored the record would. Only tests set it, from the main actor.
package enum PlantedDrawBug {
    nonisolated(unsafe) package static var replaysDrawAfresh = false
}
