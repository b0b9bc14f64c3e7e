public import ReMVVMStore

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// The lines of an action log that an ``ActionRecorder`` wrote, checked and ready to replay.
///
/// ```swift
/// import Foundation
/// import ReMVVMMiddleware
///
/// let log = try ActionLog(contentsOf: URL(fileURLWithPath: "session.jsonl"))
/// for warning in log.warnings { print("warning: \(warning)") }
/// for gap in log.gaps { print("not recorded: #\(gap.sequenceNumber) \(gap.typeName)") }
/// try ActionReplayer(types: [LoginAction.self, LogoutAction.self]).replay(log, into: store)
/// ```
///
/// Reading a log checks every line's form: JSON, a sequence number greater than the one
/// before, a type name, and a payload unless the line is marked skipped. Any bad line throws
/// an ``ActionLogError`` naming its number. The one exception is a last line that is cut off
/// (it does not end with a newline and is not complete JSON): the recording stopped while
/// writing it, so it is left out and reported in ``warnings``. Empty lines are ignored.
/// Payloads are decoded later, by the ``ActionReplayer`` that knows their types.
public struct ActionLog: Sendable {
    /// The complete lines, in order, skipped ones included.
    public let entries: [Entry]
    /// What was left out without being an error: a truncated last line.
    public let warnings: [Warning]

    /// Reads and checks the log in a file.
    ///
    /// - Parameter url: The file an ``ActionRecorder`` wrote.
    /// - Throws: ``ActionLogError`` when the file cannot be read or a line is bad.
    public init(contentsOf url: URL) throws(ActionLogError) {
        let bytes: [UInt8]
        do {
            bytes = try readWholeFile(path: url.path)
        } catch {
            throw .unreadable(path: url.path, reason: error.reason)
        }
        try self.init(bytes: bytes)
    }

    /// Reads and checks a log held in memory, such as one a test wrote.
    ///
    /// ```swift
    /// let log = try ActionLog(text: #"{"seq":1,"type":"LogoutAction","action":{}}"# + "\n")
    /// ```
    ///
    /// - Parameter text: The lines of the log.
    /// - Throws: ``ActionLogError`` when a line is bad.
    public init(text: String) throws(ActionLogError) {
        try self.init(bytes: Array(text.utf8))
    }

    private init(bytes: [UInt8]) throws(ActionLogError) {
        let decoder = JSONDecoder()
        var entries: [Entry] = []
        var warnings: [Warning] = []
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let endsWithNewline = bytes.last == UInt8(ascii: "\n")
        for (index, rawLine) in lines.enumerated() {
            let number = index + 1
            var line = rawLine
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { continue }
            let isUnfinished = index == lines.count - 1 && !endsWithNewline
            let data = Data(line)
            let header: LogLine.Header
            do {
                header = try decoder.decode(LogLine.Header.self, from: data)
            } catch let error as DecodingError where LogLine.lacksType(error) && LogLine.isDrawsLine(data) {
                // The draws of the action on the line before.
                guard let drawn = try? decoder.decode(LogLine.DrawsHeader.self, from: data) else {
                    if isUnfinished { continue }
                    throw .notAnEntry(
                        line: number, problem: "\"draws\" must list {\"name\": ..., \"value\": ...}")
                }
                // After its action's line, though not always right after: an action a middleware held
                // back is reduced, and its draws written, after the lines of those that passed it.
                guard
                    let index = entries.lastIndex(where: { $0.sequenceNumber == drawn.sequenceNumber }),
                    entries[index].drawsLine == nil
                else {
                    throw .notAnEntry(
                        line: number,
                        problem:
                            "draws for \"seq\" \(drawn.sequenceNumber) must follow that action's line, once")
                }
                entries[index].drawsLine = data
                entries[index].drawNames = drawn.names
                continue
            } catch {
                if isUnfinished {
                    warnings.append(
                        Warning(
                            lineNumber: number,
                            message: "the last line is cut off (the recording stopped while writing it); "
                                + "it was left out"))
                    continue
                }
                guard let error = error as? DecodingError, !LogLine.isNotJSON(error) else {
                    throw .notJSON(line: number, excerpt: LogLine.excerpt(of: line))
                }
                throw .notAnEntry(line: number, problem: LogLine.problem(in: error))
            }
            if header.sequenceNumber < 1 {
                throw .notAnEntry(
                    line: number, problem: "\"seq\" must be 1 or more, got \(header.sequenceNumber)")
            }
            if header.typeName.isEmpty {
                throw .notAnEntry(line: number, problem: "\"type\" is empty")
            }
            if !header.isSkipped && !header.hasPayload {
                throw .notAnEntry(line: number, problem: "missing \"action\" (and not marked skipped)")
            }
            var origin: Entry.Origin?
            if let name = header.originName {
                guard let known = Entry.Origin(rawValue: name) else {
                    throw .notAnEntry(
                        line: number,
                        problem:
                            "\"origin\" must be \"outside\" or \"followUp\", got \(String(reflecting: name))")
                }
                origin = known
            }
            if let time = header.time, !(time >= 0 && time.isFinite) {
                throw .notAnEntry(line: number, problem: "\"time\" must be 0 or more seconds, got \(time)")
            }
            if case .stateBefore(let restored) = header.restored,
                restored >= header.sequenceNumber || restored < 1
            {
                throw .notAnEntry(
                    line: number,
                    problem: "\"restores\" must name an earlier line's \"seq\", got \(restored)")
            }
            if let previous = entries.last, header.sequenceNumber <= previous.sequenceNumber {
                throw .outOfOrder(
                    line: number, sequenceNumber: header.sequenceNumber, previous: previous.sequenceNumber)
            }
            entries.append(
                Entry(
                    sequenceNumber: header.sequenceNumber,
                    typeName: header.typeName,
                    lineNumber: number,
                    isSkipped: header.isSkipped,
                    origin: origin,
                    time: header.time.map(LogLine.duration(seconds:)),
                    restored: header.restored,
                    line: data
                ))
        }
        self.entries = entries
        self.warnings = warnings
    }

    /// The entries of actions that were not recorded (not `Encodable`, or their encoding
    /// failed): gaps a replay reports and passes over.
    public var gaps: [Entry] { entries.filter(\.isSkipped) }

    /// The sequence number of the last complete line, or `nil` for an empty log.
    public var lastSequenceNumber: Int? { entries.last?.sequenceNumber }
}

extension ActionLog {
    /// One complete line of an action log.
    public struct Entry: Sendable, Equatable {
        /// The line's sequence number: the order the recorder saw the action in, from 1.
        public let sequenceNumber: Int
        /// The action's type name, such as `LoginAction`.
        public let typeName: String
        /// The number of the line in the file, from 1.
        public let lineNumber: Int
        /// Whether the action was not recorded, only its type: a gap in the log.
        public let isSkipped: Bool
        /// Where the action came from, or `nil` in a log written before origins were recorded.
        public let origin: Origin?
        /// When the action was dispatched, on the store's clock, counted from the log's first
        /// line (whose time is zero); `nil` in a log written before times were recorded.
        ///
        /// A ``SessionTestExporter`` advances the test's clock by the gaps between these.
        public let time: Duration?
        /// For an ``UndoAction`` or a ``RedoAction``: what it brought back, so that a replay with
        /// the reducers alone brings back the same; `nil` for other actions, and for undos and
        /// redos recorded without an ``UndoHistory`` that knew the log's lines.
        public let restored: Restored?
        /// The line's bytes, decoded again with the action's type at replay.
        let line: Data
        /// The line of what the action's reducer drew, which follows the action's own line when
        /// it drew anything (`{"seq":4,"draws":[{"name":"uuid","value":"..."}]}`); its values are
        /// decoded when a replayed reducer draws them.
        var drawsLine: Data? = nil
        /// The names of those draws, in order.
        var drawNames: [String] = []

        /// What the action's reducer drew from its dependencies (`DependencyValues.uuid`,
        /// `DependencyValues.date`, ...), in order: a replay gives the reducer these again.
        /// Empty when it drew nothing, or was recorded before draws were.
        public var draws: [DependencyDraw] {
            guard let drawsLine else { return [] }
            return drawNames.enumerated().map { index, name in
                DependencyDraw(name: name, encoded: LogLine.DrawValue(line: drawsLine, index: index))
            }
        }
    }

}

extension ActionLog.Entry {
    /// Where a recorded action came from: what a generated test sends, and what it receives.
    ///
    /// <!-- snippet: given log: ActionLog -->
    /// ```swift
    /// for entry in log.entries where entry.origin == .followUp {
    ///     print("#\(entry.sequenceNumber) \(entry.typeName) was dispatched by the app itself")
    /// }
    /// ```
    public enum Origin: String, Sendable, Equatable {
        /// Handed to `Store.dispatch` while the store was idle: by a view, a view model, a
        /// test. A replay through middleware dispatches these alone.
        case outside
        /// Dispatched from within the store: by a middleware or an effect through its
        /// dispatcher, or by anyone while the store was busy with another action (a
        /// subscriber, say). The log holds it, so a replay with the reducers alone needs no
        /// middleware to make it again.
        case followUp
    }
}

extension ActionLog.Entry {
    /// What an ``UndoAction`` or a ``RedoAction`` brought back, as its line in the log says
    /// (`"restores":3`, `"restores":null`).
    ///
    /// An ``UndoHistory`` in a store with an ``ActionRecorder`` tells the recorder which line
    /// made the step an undo or a redo takes back: an undo brings back the state (or the part
    /// the history keeps) from before the line of the action it undoes; a redo, the state from
    /// before the undo it takes back.
    ///
    /// <!-- snippet: given log: ActionLog -->
    /// ```swift
    /// for entry in log.entries {
    ///     if case .stateBefore(let line) = entry.restored {
    ///         print("#\(entry.sequenceNumber) \(entry.typeName) went back to before #\(line)")
    ///     }
    /// }
    /// ```
    public enum Restored: Sendable, Equatable {
        /// The state as it was right before the line with this sequence number.
        case stateBefore(sequenceNumber: Int)
        /// Nothing: the history had no step to take back, and blocked the action.
        case nothing
    }
}

extension ActionLog {
    /// Something an ``ActionLog`` left out without failing, such as a cut-off last line.
    public struct Warning: Sendable, Equatable, CustomStringConvertible {
        /// The number of the line, from 1.
        public let lineNumber: Int
        /// What was left out, and why.
        public let message: String

        /// `line <number>: <message>`.
        public var description: String { "line \(lineNumber): \(message)" }
    }
}
