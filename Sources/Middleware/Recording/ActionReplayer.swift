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
/// let replayer = ActionReplayer(types: [LoginAction.self, LogoutAction.self])
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
    /// The names of the action types the replayer knows, in the order given.
    public let typeNames: [String]

    /// Creates a replayer that knows `types`.
    ///
    /// Two different types with the same name cannot be told apart in a log: passing them is a
    /// programmer error that stops the program with a message naming both.
    ///
    /// - Parameter types: Every action type the logs may hold; `Decodable` (or `Codable`).
    public init(types: [any (StoreAction & Decodable).Type]) {
        var table: [String: any (StoreAction & Decodable).Type] = [:]
        var names: [String] = []
        for type in types {
            let name = LogLine.typeName(of: type)
            if let known = table[name] {
                precondition(
                    ObjectIdentifier(known) == ObjectIdentifier(type),
                    "ActionReplayer: \(String(reflecting: known)) and \(String(reflecting: type)) are both "
                        + "named '\(name)' in logs; replay one of them with another replayer")
                continue
            }
            table[name] = type
            names.append(name)
        }
        self.types = table
        typeNames = names
    }

    /// Decodes the actions of `log` without dispatching them: what a replay would dispatch.
    ///
    /// ```swift
    /// let actions = try replayer.actions(in: log)
    /// ```
    ///
    /// - Parameters:
    ///   - log: The log.
    ///   - last: The sequence number of the last entry to decode; later ones are left out.
    /// - Returns: The actions, in order; skipped entries are left out.
    /// - Throws: ``ActionLogError`` for the first line whose type is unknown or whose payload
    ///   does not decode.
    public func actions(in log: ActionLog, through last: Int = .max) throws(ActionLogError)
        -> [any StoreAction]
    {
        let decoder = JSONDecoder()
        var actions: [any StoreAction] = []
        for entry in log.entries where !entry.isSkipped {
            if entry.sequenceNumber > last { break }
            guard let type = types[entry.typeName] else {
                throw .unknownType(line: entry.lineNumber, typeName: entry.typeName, known: typeNames)
            }
            do {
                actions.append(try Self.decode(type, from: entry.line, with: decoder))
            } catch let error as DecodingError {
                throw .undecodableAction(
                    line: entry.lineNumber, typeName: entry.typeName, problem: Self.problem(in: error))
            } catch {
                throw .undecodableAction(
                    line: entry.lineNumber, typeName: entry.typeName, problem: String(describing: error))
            }
        }
        return actions
    }

    /// Dispatches the actions of `log` into `store`, in order, through its middleware.
    ///
    /// ```swift
    /// let summary = try replayer.replay(log, into: store, through: 40)
    /// ```
    ///
    /// Every action is decoded first; when one cannot be, the error is thrown and nothing is
    /// dispatched. The store's state afterwards is what the recorded session reached at the
    /// last replayed entry, provided the store started from the same state with the same
    /// reducers and middleware.
    ///
    /// - Parameters:
    ///   - log: The log.
    ///   - store: The store to dispatch into.
    ///   - last: The sequence number of the last entry to replay; later ones are left out.
    /// - Returns: How many actions were dispatched, and the gaps among the replayed entries.
    /// - Throws: ``ActionLogError`` for the first line whose type is unknown or whose payload
    ///   does not decode.
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

    private static func decode<Action: StoreAction & Decodable>(
        _ type: Action.Type,
        from line: Data,
        with decoder: JSONDecoder
    ) throws -> any StoreAction {
        try decoder.decode(LogLine.Payload<Action>.self, from: line).action
    }

    /// The problem in the payload's terms: paths start inside `action`.
    private static func problem(in error: DecodingError) -> String {
        // The line was JSON when the log was read, so corrupt data means a value the decoder
        // could not convert, such as a number with a fraction for a whole number. Said in our
        // words: Foundation's own (its `debugDescription`) differ between Apple's Foundation and
        // swift-foundation, and so does whether they name the field.
        if case .dataCorrupted(let context) = error {
            let field = LogLine.path(of: context.codingPath, droppingFirstKey: true)
            return (field.isEmpty ? "" : "\"\(field)\": ")
                + "a value does not fit its type (a number with a fraction for a whole number, say)"
        }
        return LogLine.problem(in: error, droppingFirstKey: true)
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
