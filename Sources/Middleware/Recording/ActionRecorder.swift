public import ReMVVMStore

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// A middleware that writes every dispatched action to a file, one JSON line each, so a
/// session can be replayed later.
///
/// Put it first in the stack, so it records each action as it was dispatched, before any
/// other middleware replaces or blocks it:
///
/// ```swift
/// import Foundation
/// import ReMVVMMiddleware
/// import ReMVVMStore
///
/// let recorder = ActionRecorder(fileURL: URL(fileURLWithPath: "session.jsonl"))
/// let store = Store(with: initialState, middleware: [recorder, navigation])
/// store.dispatch(action: LoginAction(firstName: "Ada", lastName: "Lovelace"))
/// // session.jsonl:
/// // {"seq":1,"type":"LoginAction","origin":"outside","time":0,"action":{"firstName":"Ada","lastName":"Lovelace"}}
/// ```
///
/// Each line holds a sequence number (from 1), the action's type name (its full name without
/// its module: `SearchFeature.Changed`, `Box<Int>`), where it came from (`"origin"`:
/// `"outside"` for an action handed to `Store.dispatch` on an idle store, by a view or a test;
/// `"followUp"` for one dispatched from within the store, by a middleware, an effect or a
/// subscriber; see ``ActionLog/Entry/Origin``), when (`"time"`: seconds since the first line,
/// to the microsecond, on the store's clock, `dependencies.clock`, so a session recorded on a
/// `TestClock` has the test's times; see ``ActionLog/Entry/time``) and its JSON encoding. The
/// line of an ``UndoAction`` or a ``RedoAction`` also says what it brought back (`"restores"`:
/// the line whose state before it returned, or `null`; see ``ActionLog/Entry/Restored``),
/// when the store has an ``UndoHistory``, so that a replay with the reducers alone undoes and
/// redoes the same steps.
/// An action that is not `Encodable`, or whose encoding fails, gets a line with
/// `"skipped":true` and its type name instead, which a replay reports as a gap. Lines are
/// written in one system call each, before the action goes on down the stack: when the app
/// crashes, at most the line being written is lost, and ``ActionLog`` reports such a
/// truncated last line as a warning. (The lines are not synchronized to the disk, so a power
/// failure may lose the ones the system had not written yet.)
///
/// A recorder records one store at a time: given to a second store's middleware, it leaves the
/// first, which reports `StoreDiagnostic.Kind.featureMoved` and whose actions then pass on
/// unrecorded; the file goes on with the second store's actions.
///
/// The recorder creates the file, or empties it when it exists, when it is made. When the file
/// cannot be opened or written (an unwritable path, a full disk), the recorder reports it once
/// through the store's `diagnosticsHandler` with the kind
/// `StoreDiagnostic.Kind.recordingFailed`, sets ``failure`` and stops recording; actions go
/// on through the store as before.
@MainActor
public final class ActionRecorder: StoreFeature {
    /// The file the actions are written to.
    public let fileURL: URL
    /// The sequence number of the last line written, `0` before the first.
    public private(set) var lastSequenceNumber = 0
    /// Why recording stopped, or `nil` while it goes on.
    public private(set) var failure: Failure?

    private var file: LogFile?
    private var failureReported = false
    /// The time since the first line, on the clock of the store of that line; `nil` before it.
    private var elapsed: (() -> Duration)?
    /// Shared with the store's ``UndoHistory``: which lines its undo and redo bring back.
    private var link: RecordingLink?
    /// What the reducer of the last change drew: the draws line of the action being reduced.
    private var drawsOfLastChange: [DependencyDraw] = []
    /// The store the recorder records, a `StoreAttachment` of its state type; `nil` before
    /// ``attach(to:)``.
    private var attachment: AnyObject?
    /// Leaves the store attached last, whatever its state type.
    private var leavePrevious: (() -> Void)?
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// Creates the file at `fileURL`, or empties it, and records every action from then on.
    ///
    /// ```swift
    /// import Foundation
    /// import ReMVVMMiddleware
    ///
    /// let recorder = ActionRecorder(fileURL: URL(fileURLWithPath: "session.jsonl"))
    /// if let failure = recorder.failure { print(failure) }   // the file could not be created
    /// ```
    ///
    /// When the file cannot be created, ``failure`` says why at once, and the store it is in
    /// reports it through its diagnostics handler at the first action.
    ///
    /// - Parameter fileURL: The file to write; a file URL.
    public init(fileURL: URL) {
        self.fileURL = fileURL
        do {
            file = try LogFile(path: fileURL.path)
        } catch {
            failure = Failure(path: fileURL.path, reason: error.reason)
        }
    }

    /// Whether actions are still being written: `false` once writing failed.
    public var isRecording: Bool { file != nil }

    /// Sees every action, to record it.
    ///
    /// - Parameter type: An action type.
    /// - Returns: `true`.
    public func handlesActions(of type: any StoreAction.Type) -> Bool { true }

    /// Meets the store's ``UndoHistory``, if it has one, so that the line of an undo or a redo
    /// says which line's state it brought back.
    ///
    /// - Parameter store: The store made with the recorder in its middleware.
    public func attach<State: StoreState>(to store: Store<State>) {
        // A recorder belongs to one store at a time: attached to another, it leaves the first
        // (which reports it), and records only the new one's actions.
        let current: StoreAttachment<State>
        if let typed = attachment as? StoreAttachment<State> {
            current = typed
        } else {
            leavePrevious?()
            current = StoreAttachment(of: ActionRecorder.self)
        }
        guard current.attach(to: store) else { return }
        attachment = current
        leavePrevious = { [current] in current.detach() }
        link = store.attachment(RecordingLink.self) { RecordingLink() }
        // What each action's reducer draws, kept at its change, is written once its `next`
        // returns (see `applyMiddleware`).
        current.keep(store.recordDraws())
        current.keep(
            store.subscribeUntilCancelled(timing: .beforeSubscribers) {
                [weak self, unowned store] _, _ in
                self?.drawsOfLastChange = store.drawsOfCurrentChange
            })
    }

    /// Writes `action` as the next line, then passes it on.
    ///
    /// - Parameters:
    ///   - state: The store's state.
    ///   - action: The action to record.
    ///   - dispatcher: Passes the action on.
    public func applyMiddleware<Action: StoreAction, State: StoreState>(
        for state: State,
        action: Action,
        dispatcher: Dispatcher<Action, State>
    ) {
        // An action of a store the recorder left: passed on, not recorded.
        if attachment != nil {
            let typed = attachment as? StoreAttachment<State>
            guard let typed, typed.isAttached(dispatcher) else {
                if typed?.store != nil {
                    typed?.reportMoved(dispatcher, ignoring: "\(TypeName.of(Action.self)) (not recorded)")
                }
                dispatcher.next()
                return
            }
        }
        if let file {
            let time = time(on: dispatcher.dependencies.clock)
            write(action, origin: dispatcher.isFromOutside ? .outside : .followUp, time: time, to: file)
        }
        if let failure, !failureReported {
            failureReported = true
            dispatcher.report(
                StoreDiagnostic(kind: .recordingFailed, message: "\(failure); recording stopped"))
        }
        guard file != nil else {
            dispatcher.next()
            return
        }
        // Runs right after this action's change, whose draws the observer kept.
        let sequenceNumber = lastSequenceNumber
        dispatcher.next { [weak self] _ in self?.writeDraws(of: sequenceNumber) }
    }

    /// Writes the line of what the reducer of line `sequenceNumber` drew, if it drew anything.
    private func writeDraws(of sequenceNumber: Int) {
        let draws = drawsOfLastChange
        drawsOfLastChange = []
        guard let file, !draws.isEmpty else { return }
        var encoded: [(name: String, value: Data)] = []
        for draw in draws {
            guard let value = draw.value, let data = try? encoder.encode(value) else {
                // Drawn in a replay of an older log; or a value that cannot be encoded.
                return
            }
            encoded.append((draw.name, data))
        }
        append(LogLine.draws(sequenceNumber: sequenceNumber, encoded), to: file)
    }

    /// The time since the first line, which starts the count on `clock`.
    private func time(on clock: any Clock<Duration>) -> Duration {
        if let elapsed { return elapsed() }
        elapsed = Self.stopwatch(on: clock)
        return .zero
    }

    private static func stopwatch<C: Clock<Duration>>(on clock: C) -> () -> Duration {
        let start = clock.now
        return { start.duration(to: clock.now) }
    }

    private func write(
        _ action: some StoreAction, origin: ActionLog.Entry.Origin, time: Duration, to file: LogFile
    ) {
        let sequenceNumber = lastSequenceNumber + 1
        let typeName = LogLine.typeName(of: type(of: action))
        let line: [UInt8]
        if let encodable = action as? any Encodable {
            do {
                let payload = try encoder.encode(encodable)
                line = LogLine.entry(
                    sequenceNumber: sequenceNumber, typeName: typeName, origin: origin, time: time,
                    restored: link?.restored(by: action), payload: payload)
            } catch {
                line = LogLine.skipped(
                    sequenceNumber: sequenceNumber, typeName: typeName, origin: origin, time: time,
                    reason: "encoding failed: \(error)")
            }
        } else {
            line = LogLine.skipped(
                sequenceNumber: sequenceNumber, typeName: typeName, origin: origin, time: time, reason: nil)
        }
        if append(line, to: file) {
            lastSequenceNumber = sequenceNumber
            link?.currentLine = sequenceNumber
        }
    }

    /// Appends `line` to `file`; when that fails, closes the file, stops recording and keeps why.
    /// Returns whether the line was written.
    @discardableResult
    private func append(_ line: [UInt8], to file: LogFile) -> Bool {
        do {
            try file.append(line)
            return true
        } catch {
            file.close()
            self.file = nil
            failure = Failure(path: fileURL.path, reason: error.reason)
            return false
        }
    }
}

extension ActionRecorder {
    /// Why an ``ActionRecorder`` stopped recording: its file could not be created or written.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// The path of the file.
        public let path: String
        /// The system's reason, such as "No space left on device".
        public let reason: String

        /// Creates a failure.
        ///
        /// - Parameters:
        ///   - path: The path of the file.
        ///   - reason: The system's reason.
        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }

        /// `cannot record actions to '<path>': <reason>`.
        public var description: String { "cannot record actions to '\(path)': \(reason)" }
    }
}
