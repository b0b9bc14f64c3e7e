/// Rides in the first probe's completion and tells the tracer when that completion is let go
/// without having run.
///
/// The store lets an action's completions go when the action can no longer be reduced: at
/// once when a middleware blocks it (the probes then know it from the engine's outcome), or
/// later, when a middleware that deferred it lets its dispatcher go without calling `next`: a
/// held action whose trace was written as deferred, and whose watch goes, was dropped.
@MainActor
final class LetGoWatch {
    private let recording: TraceRecording
    private weak var tracer: Tracer?
    private var ran = false

    init(recording: TraceRecording, tracer: Tracer) {
        self.recording = recording
        self.tracer = tracer
    }

    /// Called from the completion when it runs.
    func completionRan() {
        ran = true
    }

    // Isolated: a task that lets a kept dispatcher go may do so off the main actor. On the main
    // actor, where the store lets completions go, it runs at once.
    isolated deinit {
        guard !ran else { return }
        tracer?.letGo(recording)
    }
}
