public import ReMVVMStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Replays an ``ActionLog`` into a store: decodes each recorded action with the type its line
/// names, then dispatches them in order.
///
/// ```swift
/// import Foundation
/// import ReMVVMMiddleware
///
/// let replayer = try ActionReplayer(types: [LoginAction.self, LogoutAction.self])
/// let log = try ActionLog(contentsOf: URL(fileURLWithPath: "session.jsonl"))
/// let summary = try replayer.replay(log, into: store)
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
/// The actions go through the store's whole middleware stack, as when they were recorded. The
/// log holds the actions that middleware dispatched too, so replay into a store whose
/// middleware does not dispatch them again (reducers and navigation, say), or they happen twice.
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
    /// - Parameters:
    ///   - log: The log.
    ///   - last: The sequence number of the last entry to decode; every entry by default.
    /// - Returns: The actions of the entries that are not gaps.
    /// - Throws: ``ActionLogError`` naming the first line whose type is unknown or ambiguous,
    ///   or whose payload does not decode.
    public func actions(in log: ActionLog, through last: Int = .max) throws(ActionLogError)
        -> [any StoreAction]
    {
        let decoder = JSONDecoder()
        var actions: [any StoreAction] = []
        for entry in log.entries where !entry.isSkipped {
            if entry.sequenceNumber > last { break }
            let type = try self.type(of: entry)
            do {
                actions.append(try Self.decode(type, from: entry.line, with: decoder))
            } catch let error as DecodingError {
                throw .undecodableAction(
                    line: entry.lineNumber, typeName: entry.typeName,
                    problem: LogLine.problem(in: error, droppingFirstKey: true))
            } catch {
                throw .undecodableAction(
                    line: entry.lineNumber, typeName: entry.typeName, problem: String(describing: error))
            }
        }
        return actions
    }

    /// Replays `log` into `store`: every action is decoded first (a bad log changes nothing),
    /// then each is dispatched in order, through the store's middleware.
    ///
    /// The log holds the actions that middleware dispatched too, so replay into a store whose
    /// middleware does not dispatch them again (reducers and navigation, say), or they happen
    /// twice.
    ///
    /// - Parameters:
    ///   - log: The log.
    ///   - store: The store to replay into; it needs the reducers of the log's actions.
    ///   - last: The sequence number of the last entry to replay; every entry by default.
    /// - Returns: What the replay did.
    /// - Throws: ``ActionLogError`` for a line that cannot be replayed; nothing was dispatched.
    @MainActor
    @discardableResult
    public func replay<State: StoreState>(
        _ log: ActionLog,
        into store: Store<State>,
        through last: Int = .max
    ) throws(ActionLogError) -> Summary {
        let actions = try actions(in: log, through: last)
        for action in actions {
            store.dispatch(action: action)
        }
        let replayed = log.entries.prefix { $0.sequenceNumber <= last }
        return Summary(
            replayedCount: actions.count,
            gaps: replayed.filter(\.isSkipped),
            lastSequenceNumber: replayed.last?.sequenceNumber
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
    /// What a replay did.
    public struct Summary: Sendable, Equatable {
        /// The number of actions dispatched.
        public let replayedCount: Int
        /// The skipped entries among those replayed: actions that were not recorded.
        public let gaps: [ActionLog.Entry]
        /// The sequence number of the last entry replayed, or `nil` when there was none.
        public let lastSequenceNumber: Int?
    }
}
