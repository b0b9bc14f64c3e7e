public import ReMVVMStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Replays an ``ActionLog`` into a store: decodes each recorded action with the type its line
/// names, then reduces them in order (or dispatches them through the middleware).
///
/// ```swift
/// import Foundation
/// import ReMVVMMiddleware
///
/// let replayer = try ActionReplayer(types: [LoginAction.self, LogoutAction.self])
/// let log = try ActionLog(contentsOf: URL(fileURLWithPath: "session.jsonl"))
/// let summary = try replayer.replay(log, into: store)        // reducers alone
/// print("replayed \(summary.replayedCount) actions, \(summary.gaps.count) gaps")
/// try replayer.replay(log, into: otherStore, through: 12)   // stop after line #12
/// ```
///
/// The replayer knows the action types it is given, by the name an ``ActionRecorder`` writes
/// (the type's name without its module). A line naming another type, or whose payload does not
/// decode as its type, throws an ``ActionLogError`` naming the line. Every action is decoded
/// before the first is dispatched, so a bad log changes nothing. Lines marked skipped are gaps:
/// the replay passes over them and lists them in its ``Summary``.
///
/// A replay reduces the actions with the store's reducers alone: the log holds the actions that
/// middleware and effects dispatched too, so running them again would do their work twice.
/// ``Mode/throughMiddleware`` replays through the middleware instead, for whoever wants the
/// effects, and leaves out the follow-ups they dispatch again.
public struct ActionReplayer: Sendable {
    private let types: [String: any (StoreAction & Decodable).Type]
    /// The types whose names in logs written before names were qualified (the innermost name,
    /// `Changed` for `SearchFeature.Changed`) differ from today's, by that older name.
    private let typesByOlderName: [String: [any (StoreAction & Decodable).Type]]
    /// The names of the action types the replayer knows, in the order given.
    public let typeNames: [String]

    /// Creates a replayer that knows `types`.
    ///
    /// Logs name a type by its full name without its module (`SearchFeature.Changed`,
    /// `Box<Int>`), so two types of one name in different modules cannot be told apart:
    /// giving both throws, naming them.
    ///
    /// ```swift
    /// let replayer = try ActionReplayer(types: [LoginAction.self, LogoutAction.self])
    /// ```
    ///
    /// - Parameter types: Every action type the logs may hold; `Decodable` (or `Codable`).
    /// - Throws: ``ActionLogError/ambiguousTypeName(name:types:)`` for two types of one name.
    public init(types: [any (StoreAction & Decodable).Type]) throws(ActionLogError) {
        var table: [String: any (StoreAction & Decodable).Type] = [:]
        var older: [String: [any (StoreAction & Decodable).Type]] = [:]
        var names: [String] = []
        for type in types {
            let name = LogLine.typeName(of: type)
            if let known = table[name] {
                guard ObjectIdentifier(known) == ObjectIdentifier(type) else {
                    throw .ambiguousTypeName(
                        name: name, types: [String(reflecting: known), String(reflecting: type)])
                }
                continue
            }
            table[name] = type
            names.append(name)
            let olderName = String(describing: type)
            if olderName != name { older[olderName, default: []].append(type) }
        }
        self.types = table
        typesByOlderName = older
        typeNames = names
    }

    /// Decodes the actions of `log`, in order, without dispatching them.
    ///
    /// <!-- snippet: given log: ActionLog -->
    /// ```swift
    /// let actions = try replayer.actions(in: log)   // every line checked, nothing dispatched
    /// ```
    ///
    /// - Parameters:
    ///   - log: The log.
    ///   - last: The sequence number of the last entry to decode; every entry by default.
    /// - Returns: The actions of the entries that are not gaps.
    /// - Throws: ``ActionLogError`` naming the first line whose type is unknown or ambiguous,
    ///   or whose payload does not decode.
    public func actions(in log: ActionLog, through last: Int = .max) throws(ActionLogError)
        -> [any StoreAction]
    {
        try decodedEntries(in: log, through: last).map(\.action)
    }

    /// The entries up to `last` that are not gaps, each with its decoded action.
    func decodedEntries(in log: ActionLog, through last: Int = .max) throws(ActionLogError)
        -> [(entry: ActionLog.Entry, action: any StoreAction)]
    {
        let decoder = JSONDecoder()
        var decoded: [(entry: ActionLog.Entry, action: any StoreAction)] = []
        for entry in log.entries where !entry.isSkipped {
            if entry.sequenceNumber > last { break }
            let type = try self.type(of: entry)
            do {
                decoded.append((entry, try Self.decode(type, from: entry.line, with: decoder)))
            } catch let error as DecodingError {
                throw .undecodableAction(
                    line: entry.lineNumber, typeName: entry.typeName,
                    problem: LogLine.problem(in: error, droppingFirstKey: true))
            } catch {
                throw .undecodableAction(
                    line: entry.lineNumber, typeName: entry.typeName, problem: String(describing: error))
            }
        }
        return decoded
    }

    /// Replays `log` into `store`: every action is decoded first (a bad log changes nothing),
    /// then the store's state becomes what they make of it.
    ///
    /// <!-- snippet: given log: ActionLog -->
    /// ```swift
    /// let summary = try replayer.replay(log, into: store)                 // reducers alone
    /// try replayer.replay(log, into: store, mode: .throughMiddleware)    // effects run again
    /// ```
    ///
    /// By default (``Mode/reducersOnly``) the actions are reduced with the store's reducers
    /// alone and subscribers are told once, with the result: no middleware runs, so no effect
    /// happens again, and none needs to, since the log holds the actions the effects
    /// dispatched back. The store's features see the change as one, with every action
    /// replayed (`StateChangeCause.actions`): an ``ActionHistory`` keeps them, a
    /// ``StatePersistence`` saves the result. An ``UndoAction`` or a ``RedoAction`` brings back
    /// what its line says it did (``ActionLog/Entry/restored``): the state the replay had
    /// reached right before that line, or, when `store` has an `UndoHistory(limit:at:)`, that
    /// part of it; so the replay undoes and redoes the same steps as the session, however they
    /// interleave with effects' follow-ups. One whose line does not say it (a log written
    /// before lines said it) throws ``ActionLogError/needsMiddleware(line:typeName:)`` before
    /// anything changes: replay such a log with ``Mode/throughMiddleware``.
    ///
    /// With ``Mode/throughMiddleware`` each action goes through the store's whole middleware
    /// stack, as when it was recorded; the actions the log marks as follow-ups (dispatched
    /// from within the store) are left out, since the middleware dispatch them again. A log
    /// written before origins were recorded does not say which those are: every action of it
    /// is dispatched.
    ///
    /// Asked for while the store is busy (from a subscriber, a middleware or a completion), a
    /// ``Mode/reducersOnly`` replay happens once the current work is done, from the state that
    /// work left, after the actions dispatched before it was asked for.
    ///
    /// - Parameters:
    ///   - log: The log.
    ///   - store: The store to replay into; it needs the reducers of the log's actions.
    ///   - last: The sequence number of the last entry to replay; every entry by default.
    ///   - mode: Reducers alone (the default), or through the store's middleware.
    /// - Returns: What the replay did.
    /// - Throws: ``ActionLogError`` for a line that cannot be replayed; nothing changed.
    /// - Complexity: O(*n*) reduces for *n* actions; subscribers are told once with
    ///   ``Mode/reducersOnly``, at each change otherwise.
    @MainActor
    @discardableResult
    public func replay<State: StoreState>(
        _ log: ActionLog,
        into store: Store<State>,
        through last: Int = .max,
        mode: Mode = .reducersOnly
    ) throws(ActionLogError) -> Summary {
        let decoded = try decodedEntries(in: log, through: last)
        var dispatched = 0
        var leftOut = 0
        switch mode {
        case .reducersOnly:
            // Checked now, so that a line that cannot be replayed throws with nothing changed.
            let replay = try ExactReplay(decoded, from: store.state, store: store)
            if store.isBusy {
                // Asked for from within the store: the replay comes after the current work, and
                // starts from the state that work left.
                store.changeState(cause: .actions(replay.steps.map(\.action))) { [store] in
                    let replay = try? ExactReplay(decoded, from: store.state, store: store)
                    store.drawsOfCurrentSteps = replay?.steps.map(\.draws) ?? []
                    return replay?.steps.last?.state
                }
            } else {
                // Kept for the history, which keeps each action with what it drew.
                store.drawsOfCurrentSteps = replay.steps.map(\.draws)
                store.replaceState(
                    with: replay.steps.last?.state ?? store.state, cause: .actions(replay.steps.map(\.action))
                )
                store.drawsOfCurrentSteps = []
            }
            dispatched = decoded.count
        case .throughMiddleware:
            for (entry, action) in decoded {
                if entry.origin == .followUp {
                    leftOut += 1
                    continue
                }
                store.dispatch(action: action)
                dispatched += 1
            }
        }
        let replayed = log.entries.prefix { $0.sequenceNumber <= last }
        return Summary(
            replayedCount: dispatched,
            gaps: replayed.filter(\.isSkipped),
            lastSequenceNumber: replayed.last?.sequenceNumber,
            mode: mode,
            followUpsLeftOut: leftOut
        )
    }

    /// The type an entry names: by its qualified name, or, in a log written before names were
    /// qualified, by its innermost name when only one of the replayer's types has it.
    private func type(of entry: ActionLog.Entry) throws(ActionLogError) -> any (StoreAction & Decodable).Type
    {
        if let type = types[entry.typeName] { return type }
        guard let candidates = typesByOlderName[entry.typeName] else {
            throw .unknownType(line: entry.lineNumber, typeName: entry.typeName, known: typeNames)
        }
        guard candidates.count == 1, let type = candidates.first else {
            throw .ambiguousEntry(
                line: entry.lineNumber, typeName: entry.typeName,
                candidates: candidates.map { LogLine.typeName(of: $0) })
        }
        return type
    }

    private static func decode<Action: StoreAction & Decodable>(
        _ type: Action.Type,
        from line: Data,
        with decoder: JSONDecoder
    ) throws -> any StoreAction {
        try decoder.decode(LogLine.Payload<Action>.self, from: line).action
    }
}

extension ActionReplayer {
    /// How ``ActionReplayer/replay(_:into:through:mode:)`` brings a log's actions into a store.
    ///
    /// <!-- snippet: given log: ActionLog -->
    /// ```swift
    /// try replayer.replay(log, into: store, mode: .throughMiddleware)
    /// ```
    public enum Mode: Sendable, Equatable {
        /// The store's reducers alone: no middleware runs and no effect happens again; the
        /// follow-up actions the effects dispatched come from the log. Subscribers are told once,
        /// with the result. An ``UndoAction`` or a ``RedoAction`` brings back the state its line
        /// names; one whose line names none throws
        /// ``ActionLogError/needsMiddleware(line:typeName:)``.
        case reducersOnly
        /// Each action from outside through the store's whole middleware stack, as when it was
        /// recorded, so effects run again and dispatch their follow-ups themselves: the log's
        /// follow-ups are left out (all actions are dispatched for a log without origins).
        case throughMiddleware
    }

    /// What a replay did.
    public struct Summary: Sendable, Equatable {
        /// The number of actions reduced (``Mode/reducersOnly``) or dispatched
        /// (``Mode/throughMiddleware``).
        public let replayedCount: Int
        /// The skipped entries among those replayed: actions that were not recorded.
        public let gaps: [ActionLog.Entry]
        /// The sequence number of the last entry replayed, or `nil` when there was none.
        public let lastSequenceNumber: Int?
        /// How the actions were replayed.
        public let mode: Mode
        /// The follow-up actions not dispatched by a ``Mode/throughMiddleware`` replay, since
        /// the store's middleware dispatch them again; 0 for ``Mode/reducersOnly``.
        public let followUpsLeftOut: Int
    }
}
