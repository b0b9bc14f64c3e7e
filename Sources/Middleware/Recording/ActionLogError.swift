/// Why an action log cannot be read or replayed: the file, or one of its lines, named with
/// what is wrong.
///
/// ```swift
/// import Foundation
/// import ReMVVMMiddleware
///
/// do {
///     let log = try ActionLog(contentsOf: URL(fileURLWithPath: "session.jsonl"))
///     try replayer.replay(log, into: store)
/// } catch {
///     print("error: \(error)")   // error: line 3: unknown action type 'FrobAction' (...)
/// }
/// ```
///
/// Both ``ActionLog/init(contentsOf:)`` and ``ActionReplayer`` throw it, before changing
/// anything: a replay decodes every action before it dispatches the first.
public enum ActionLogError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file could not be read; `reason` is the system's.
    case unreadable(path: String, reason: String)
    /// The line is not JSON (or not UTF-8); `excerpt` is its start, quoted.
    case notJSON(line: Int, excerpt: String)
    /// The line is JSON but not a log entry: `problem` names the missing or wrong field.
    case notAnEntry(line: Int, problem: String)
    /// The line's sequence number is not greater than the one before: two logs joined, or
    /// lines moved.
    case outOfOrder(line: Int, sequenceNumber: Int, previous: Int)
    /// The replayer was not given the line's action type.
    case unknownType(line: Int, typeName: String, known: [String])
    /// The line's payload does not decode as its action type.
    case undecodableAction(line: Int, typeName: String, problem: String)
    /// Two types given to one ``ActionReplayer`` have the same name in logs (`name`); `types`
    /// are their full names. Replay each with a replayer of its own.
    case ambiguousTypeName(name: String, types: [String])
    /// An entry of a log written before names were qualified names a type by its innermost
    /// name, which more than one of the replayer's types have.
    case ambiguousEntry(line: Int, typeName: String, candidates: [String])
    /// The line holds an ``UndoAction`` or a ``RedoAction`` that does not say which state it
    /// brought back (``ActionLog/Entry/restored`` is `nil`: a log written before lines said it,
    /// or by a store without an ``UndoHistory``), so the reducers alone cannot reproduce it.
    /// Replay with ``ActionReplayer/Mode/throughMiddleware``.
    case needsMiddleware(line: Int, typeName: String)
    /// A ``SessionTestExporter`` cannot write the line's action into a test; `reason` says why.
    case notExportable(line: Int, typeName: String, reason: String)

    /// The number of the line at fault, counting from 1; `nil` when the file could not be read.
    public var lineNumber: Int? {
        switch self {
        case .unreadable, .ambiguousTypeName: nil
        case .notJSON(let line, _), .notAnEntry(let line, _), .outOfOrder(let line, _, _),
            .unknownType(let line, _, _), .undecodableAction(let line, _, _), .ambiguousEntry(let line, _, _),
            .needsMiddleware(let line, _), .notExportable(let line, _, _):
            line
        }
    }

    /// One line naming the line number and what is wrong with it.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            return "cannot read action log '\(path)': \(reason)"
        case .notJSON(let line, let excerpt):
            return "line \(line): not JSON: \(excerpt)"
        case .notAnEntry(let line, let problem):
            return "line \(line): not an action log entry: \(problem)"
        case .outOfOrder(let line, let sequenceNumber, let previous):
            return "line \(line): sequence number \(sequenceNumber) does not follow \(previous) "
                + "(the numbers must increase: were two logs joined?)"
        case .unknownType(let line, let typeName, let known):
            let list = known.isEmpty ? "none" : known.joined(separator: ", ")
            return "line \(line): unknown action type '\(typeName)' (the replayer knows: \(list))"
        case .undecodableAction(let line, let typeName, let problem):
            return "line \(line): the \(typeName) payload does not decode: \(problem)"
        case .ambiguousTypeName(let name, let types):
            return "the replayer was given \(types.joined(separator: " and ")), all named '\(name)' in logs: "
                + "replay each with a replayer of its own"
        case .ambiguousEntry(let line, let typeName, let candidates):
            return "line \(line): '\(typeName)' (a log written before names were qualified) could be "
                + "\(candidates.joined(separator: " or ")); replay it with a replayer that has only one of them"
        case .needsMiddleware(let line, let typeName):
            return "line \(line): \(typeName) does not say which state it brought back (a log written "
                + "before lines said it), which the reducers alone cannot reproduce: replay through "
                + "middleware (mode: .throughMiddleware)"
        case .notExportable(let line, let typeName, let reason):
            return "line \(line): \(typeName) cannot be exported into a test: \(reason)"
        }
    }
}
