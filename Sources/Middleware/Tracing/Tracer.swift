public import ReMVVMStore

/// Logs what happens to every action: its fields, the middleware that saw it and what each
/// did, whether it was reduced, blocked, deferred or unhandled, how the state changed, and how
/// long each step took.
///
/// A tracer instruments a middleware stack: ``instrument(_:)`` returns the stack with a small
/// probe before, between and after the middleware, so it sees exactly which middleware passed
/// the action on, replaced it or held it back. Each finished ``ActionTrace`` goes to ``sink``
/// (standard error by default).
///
/// ```swift
/// let tracer = Tracer()
/// let store = Store(with: initialState, middleware: tracer.instrument([
///     LoginMiddleware(), navigation,
/// ]))
/// tracer.isEnabled = false   // switch it off at run time; the probes then only pass actions on
/// ```
///
/// When it is off, each probe costs one check of ``isEnabled``: no clock reads, no text.
///
/// A middleware that returns without calling `next` either *blocks* the action (it let its
/// dispatcher go: the action stops for good) or *defers* it (it kept its dispatcher, to call
/// `next` later, after a download say). A deferred action is traced twice: first as
/// ``ActionTrace/Outcome/deferred(by:)``, then, when the middleware calls `next`, as a trace of
/// the same number and action marked ``ActionTrace/isResumed``. Each resumed action is matched
/// with its own first trace, whatever the order in which deferred actions resume.
@MainActor
public final class Tracer {
    /// Whether actions are traced. Switching it on or off takes effect from the next action.
    public var isEnabled: Bool
    /// Receives every finished trace.
    public var sink: TraceSink

    let clock = ContinuousClock()
    /// The trace whose action is being processed right now.
    var active: TraceRecording?
    /// Traces whose action a middleware held in the dispatch that is ending: not yet known to
    /// be blocked or deferred, so not yet written.
    var held: [TraceRecording] = []
    /// Traces whose action a middleware deferred, oldest first; a later `next` resumes one.
    var deferred: [TraceRecording] = []
    private var lastNumber = 0
    private var lastStack = 0

    /// How many deferred traces are remembered: a middleware that keeps dispatchers forever
    /// without calling `next` must not make the tracer grow without bound. A dispatcher that is
    /// let go takes its trace off the list at once.
    static let deferredLimit = 64

    /// Creates a tracer.
    ///
    /// - Parameters:
    ///   - isEnabled: Whether actions are traced from the start.
    ///   - sink: Receives every finished trace.
    public init(isEnabled: Bool = true, sink: TraceSink = .standardError) {
        self.isEnabled = isEnabled
        self.sink = sink
    }

    /// Returns `middleware` with the tracer's probes around each element; pass the result to
    /// the `Store`.
    ///
    /// ```swift
    /// let store = Store(with: state, middleware: tracer.instrument([navigation]))
    /// ```
    ///
    /// - Parameter middleware: The app's middleware stack.
    /// - Returns: The stack with `middleware.count + 1` probes added.
    public func instrument(_ middleware: [any AnyMiddleware]) -> [any AnyMiddleware] {
        // Probes of one stack know each other by this number, so one tracer can serve two stores.
        lastStack += 1
        let stackID = lastStack
        var stack: [any AnyMiddleware] = []
        stack.reserveCapacity(middleware.count * 2 + 1)
        for index in 0...middleware.count {
            stack.append(
                TraceProbe(
                    tracer: self,
                    stack: stackID,
                    index: index,
                    preceding: index > 0 ? middleware[index - 1] : nil,
                    following: index < middleware.count ? middleware[index] : nil
                )
            )
            if index < middleware.count { stack.append(middleware[index]) }
        }
        return stack
    }

    func nextNumber() -> Int {
        lastNumber += 1
        return lastNumber
    }

    /// Keeps `recording`, whose action a middleware returned without passing on, until it is
    /// known whether the middleware let its dispatcher go (blocked) or kept it (deferred).
    ///
    /// The store lets a blocked action's completions go by the time its dispatch returns, so
    /// the question is settled by the next probe that runs, or by a task that runs right after
    /// the dispatch on the main actor, whichever comes first.
    func hold(_ recording: TraceRecording) {
        held.append(recording)
        if held.count == 1 {
            Task { @MainActor [weak self] in self?.settleHeld() }
        }
    }

    /// Writes the held traces whose action is still kept as deferred, and keeps them for their
    /// resumption.
    func settleHeld() {
        guard !held.isEmpty else { return }
        let settled = held
        held.removeAll()
        for recording in settled {
            write(recording)
            // One dispatch waits in one place: an older entry for it is stale.
            deferred.removeAll { $0.stack == recording.stack && $0.dispatch == recording.dispatch }
            deferred.append(recording)
            if deferred.count > Self.deferredLimit { deferred.removeFirst() }
        }
    }

    /// Called when the store let go of `recording`'s completions without running them: its
    /// action will not be reduced, and nothing can resume it.
    func letGo(_ recording: TraceRecording) {
        if let index = held.firstIndex(where: { $0 === recording }) {
            held.remove(at: index)
            recording.markBlocked()
            write(recording)
        }
        deferred.removeAll { $0 === recording }
    }

    private func write(_ recording: TraceRecording) {
        sink.write(recording.trace())
    }

    /// The deferred trace of dispatch `dispatch` that stopped at probe `index` of `stack`,
    /// removed.
    func takeDeferred(stack: Int, stoppedAt index: Int, dispatch: ObjectIdentifier) -> TraceRecording? {
        guard
            let found = deferred.firstIndex(where: {
                $0.stack == stack && $0.position == index && $0.dispatch == dispatch
            })
        else { return nil }
        return deferred.remove(at: found)
    }
}
