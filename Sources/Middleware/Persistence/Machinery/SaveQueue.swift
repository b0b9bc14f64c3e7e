import ReMVVMStore

/// The writing half of a ``StatePersistence``: takes each new value of the part on the main
/// actor and writes it off the main actor, one write at a time, the latest value winning.
///
/// The state machine is two fields on the main actor: `pending`, the newest value not yet
/// taken by a write, and `writer`, the one task that writes. ``save(_:)`` only stores the value
/// and, when no writer runs, starts one. The writer takes `pending` on the main actor, encodes
/// and writes it off the main actor, and goes back for the next; it ends when nothing is
/// pending. So a burst of changes in one main-actor turn leaves one value pending, and the
/// writer, which cannot take it before the turn ends, writes only that one: changes that
/// arrive while a write is in flight coalesce into the next write.
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

    /// The newest value no write has taken yet.
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
        pending = value
        if writer == nil { startWriter() }
    }

    /// Returns once every value saved so far is written (or its write failed).
    func flush() async {
        if let writer { await writer.value }
    }

    private func startWriter() {
        let file = file
        let version = version
        writer = Task.detached(priority: .utility) {
            var outcome: WriteOutcome?
            while let value = await self.take(after: outcome) {
                outcome = Self.write(value, to: file, version: version)
            }
        }
    }

    /// Notes how the last write went, and takes the next value to write, or ends the writer
    /// when there is none.
    private func take(after outcome: WriteOutcome?) -> Part? {
        if let outcome { record(outcome) }
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
                    message: "cannot save \(Part.self) to '\(file.path)': \(reason); "
                        + "the next change will try again"))
        }
    }

    /// Encodes and writes `value`; runs off the main actor.
    private nonisolated static func write(_ value: Part, to file: AtomicFile, version: Int) -> WriteOutcome {
        let bytes: [UInt8]
        do {
            bytes = try PersistedFile.encode(value, version: version)
        } catch {
            return .failed("it could not be encoded as JSON (\(error))")
        }
        do {
            try file.replace(with: bytes)
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
