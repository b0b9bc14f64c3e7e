// The work one action sent by a TestStore set off, for `try await store.send(action).finish()`.
//
// The test store sends its action inside `SentActionWork.$current.withValue(work)`. A task
// started through `Dispatcher.task` while that value is current is counted in it; since a
// `Task { }` inherits task-local values, the work of that task sees the same value, and so do the
// middleware of every action the work dispatches (they run inside the dispatch), the tasks they
// start, and the tasks those start in turn. Only a tracker whose test store asked for it
// (`EffectTracker.followsSentActions`) reads the task-local value: a plain store's
// `dispatcher.task` pays one check of a flag, and its dispatch nothing.

/// The tasks that one action a ``TestStore`` sent set off, directly or through the actions and
/// tasks that followed from it, while they run.
@MainActor
final class SentActionWork {
    /// The work of the action being sent, or of the task whose work runs now.
    @TaskLocal static var current: SentActionWork?

    /// The running tasks, by the key ``taskStarted(_:)`` gave them, each with how a timeout
    /// names it.
    private var running: [UInt64: @MainActor () -> String] = [:]
    private var nextKey: UInt64 = 0

    /// Whether every task counted here has returned.
    var isFinished: Bool { running.isEmpty }

    /// One line per running task, in the order they started.
    var runningDescriptions: [String] {
        running.sorted { $0.key < $1.key }.map { $0.value() }
    }

    /// Counts a task that started; returns the key to give back to ``taskEnded(_:)``.
    func taskStarted(_ describe: @escaping @MainActor () -> String) -> UInt64 {
        let key = nextKey
        nextKey += 1
        running[key] = describe
        return key
    }

    /// Stops counting the task of `key`.
    func taskEnded(_ key: UInt64) {
        running[key] = nil
    }
}

extension EffectTracker {
    /// `operation`, counted in the current ``SentActionWork`` until it returns; `operation` itself
    /// when no action sent by a test store is at the origin of this task. Out of line: a plain
    /// store never calls it.
    @inline(never)
    func counted(
        _ operation: @escaping @MainActor () async -> Void,
        describe: @escaping @MainActor () -> String
    ) -> @MainActor () async -> Void {
        guard let work = SentActionWork.current else { return operation }
        let key = work.taskStarted(describe)
        return {
            await operation()
            work.taskEnded(key)
        }
    }

    /// `operation`, counted in the current ``SentActionWork`` until it returns or throws; see
    /// ``counted(_:describe:)``.
    @inline(never)
    func counted(
        _ operation: @escaping @MainActor () async throws -> Void,
        describe: @escaping @MainActor () -> String
    ) -> @MainActor () async throws -> Void {
        guard let work = SentActionWork.current else { return operation }
        let key = work.taskStarted(describe)
        return {
            defer { work.taskEnded(key) }
            try await operation()
        }
    }
}
