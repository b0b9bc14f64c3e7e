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
/// Each value saved gets a number, from 1; ``flush()`` waits for the number of the value saved
/// last when it is called, and returns once a write of that value or a newer one ended (written
/// or failed), although the part may go on changing: a flush before the app is suspended ends
/// with the next write, not when the user stops typing.
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

    /// The newest value that came while the writer was busy, not taken by it yet, and its
    /// number.
    private var pending: (value: Part, number: Int)?
    /// The number of the value saved last.
    private var savedNumber = 0
    /// The number of the newest value whose write ended, written or failed.
    private var endedNumber = 0
    /// The flushes waiting for the write of a value to end, with its number.
    private var flushes: [(number: Int, continuation: CheckedContinuation<Void, Never>)] = []
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
        savedNumber += 1
        if writer == nil {
            startWriter(with: value, number: savedNumber)
        } else {
            pending = (value, savedNumber)
        }
    }

    /// Returns once the value saved last before the call, or a newer one, is written (or its
    /// write failed); at once when there is none to wait for.
    func flush() async {
        let number = savedNumber
        guard endedNumber < number else { return }
        await withCheckedContinuation { flushes.append((number, $0)) }
    }

    private func startWriter(with first: Part, number: Int) {
        let file = file
        let version = version
        // Only this writer's own writes can succeed while it runs, so it keeps the flag itself.
        let noWriteYet = writeCount == 0
        writer = Task.detached(priority: .utility) {
            var value = first
            var number = number
            var makingFolder = noWriteYet
            while true {
                let outcome = Self.write(value, to: file, version: version, makingFolder: makingFolder)
                if case .written = outcome { makingFolder = false }
                guard let next = await self.take(after: outcome, of: number) else { return }
                (value, number) = next
            }
        }
    }

    /// Notes how the write of value `number` went, resumes the flushes that waited for it,
    /// and takes the next value to write, or ends the writer when there is none.
    private func take(after outcome: WriteOutcome, of number: Int) -> (value: Part, number: Int)? {
        record(outcome)
        endedNumber = number
        if !flushes.isEmpty { resumeFlushes() }
        guard let next = pending else {
            writer = nil
            return nil
        }
        pending = nil
        return next
    }

    /// Resumes the flushes whose value, or a newer one, was written or failed.
    private func resumeFlushes() {
        var waiting: [(number: Int, continuation: CheckedContinuation<Void, Never>)] = []
        for flush in flushes {
            if flush.number <= endedNumber {
                flush.continuation.resume()
            } else {
                waiting.append(flush)
            }
        }
        flushes = waiting
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
