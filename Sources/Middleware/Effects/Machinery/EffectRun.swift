/// One run of an ``AsyncEffect``: its task, and whether it was cancelled.
@MainActor
final class EffectRun {
    var task: Task<Void, Never>?
    private(set) var isCancelled = false

    func cancel() {
        isCancelled = true
        task?.cancel()
    }
}
