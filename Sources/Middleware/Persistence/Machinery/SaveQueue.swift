import ReMVVMStore

/// The writing half of a ``StatePersistence``: takes each new value of the part on the main
/// actor and writes it off the main actor, one write at a time, the latest value winning.
///
/// The state machine is two fields on the main actor: `writer`, the one task that writes, and
/// `pending`, the newest value that came while it was busy. ``save(_:)`` starts a writer with
/// the value when none runs (so the first write needs nothing more of the main actor), and
/// otherwise only stores the value in `pending`. The writer encodes and writes its value off the
/// main actor, then comes back to the main actor to note how it went and to take `pending`; it
/// ends when nothing is pending. Changes that arrive while a write is in flight coalesce: only
/// the latest is written next. A burst of changes in one main-actor turn makes two writes, the
/// first value's and, after the turn, the last one's.
///
/// Until a write has succeeded, each write makes the file's folder when it is missing (a fresh
/// app container has no Application Support folder). After one has, a missing folder is a
/// failure like any other: a folder that went away was taken away, perhaps with the volume it
/// was on, and is not made again behind someone's back.
@MainActor
final class SaveQueue<Part: Codable & Sendable> {
    /// The file written.
    let file: AtomicFile
    /// The version written into the file.
    let version: Int
    /// Sends a diagnostic to the store's hook; set by the middleware at its first action.
    var report: (@MainActor (StoreDiagnostic) -> Void)?
    /// How many writes succeeded.
    private(set) var writeCount = 0

    /// The newest value that came while the writer was busy, not taken by it yet.
    private var pending: Part?
    /// The task that writes, while there is something to write.
    private var writer: Task<Void, Never>?
    /// Whether the last write failed: a failure streak is reported once, at its first failure.
    private var isFailing = false

    init(file: AtomicFile, version: Int) {
        self.file = file
        self.version = version
    }

    /// Saves `value` soon, off the main actor; replaces a value saved before that no write
    /// has taken yet.
    func save(_ value: Part) {
        if writer == nil {
            startWriter(with: value)
        } else {
            pending = value
        }
    }

    /// Returns once every value saved so far is written (or its write failed).
    func flush() async {
        if let writer { await writer.value }
    }

    private func startWriter(with first: Part) {
        let file = file
        let version = version
        // Only this writer's own writes can succeed while it runs, so it keeps the flag itself.
        let noWriteYet = writeCount == 0
        writer = Task.detached(priority: .utility) {
            var value = first
            var makingFolder = noWriteYet
            while true {
                let outcome = Self.write(value, to: file, version: version, makingFolder: makingFolder)
                if case .written = outcome { makingFolder = false }
                guard let next = await self.take(after: outcome) else { return }
                value = next
            }
        }
    }

    /// Notes how the last write went, and takes the next value to write, or ends the writer
    /// when there is none.
    private func take(after outcome: WriteOutcome) -> Part? {
        record(outcome)
        guard let value = pending else {
            writer = nil
            return nil
        }
        pending = nil
        return value
    }

    private func record(_ outcome: WriteOutcome) {
        switch outcome {
        case .written:
            writeCount += 1
            isFailing = false
        case .failed(let reason):
            guard !isFailing else { return }
            isFailing = true
            report?(
                StoreDiagnostic(
                    kind: .persistenceFailed,
                    message: "cannot save \(TypeName.of(Part.self)) to '\(file.path)': \(reason); "
                        + "the next change will try again"))
        }
    }

    /// Encodes and writes `value`; runs off the main actor.
    private nonisolated static func write(
        _ value: Part, to file: AtomicFile, version: Int, makingFolder: Bool
    ) -> WriteOutcome {
        let bytes: [UInt8]
        do {
            bytes = try PersistedFile.encode(value, version: version)
        } catch {
            return .failed("it could not be encoded as JSON (\(error))")
        }
        do {
            try file.replace(with: bytes, makingFolder: makingFolder)
            return .written
        } catch {
            return .failed(error.reason)
        }
    }

    private enum WriteOutcome: Sendable {
        case written
        case failed(String)
    }
}
