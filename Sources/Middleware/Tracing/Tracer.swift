public import ReMVVMStore

/// Logs what happens to every action: its fields, the middleware that saw it and what each
/// did, whether it was reduced, blocked or unhandled, how the state changed, and how long
/// each step took.
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
/// When it is off, each probe costs one check of ``isEnabled``: no clock reads, no text. A
/// middleware that calls `next` later (after a download) is traced twice: first as blocked
/// by it, then, when it resumes, as a trace marked ``ActionTrace/isResumed`` with the same number.
@MainActor
public final class Tracer {
    /// Whether actions are traced. Switching it on or off takes effect from the next action.
    public var isEnabled: Bool
    /// Receives every finished trace.
    public var sink: TraceSink

    let clock = ContinuousClock()
    /// The trace whose action is being processed right now.
    var active: TraceRecording?
    /// Traces whose action a middleware held back, oldest first; a later `next` resumes one.
    var heldBack: [TraceRecording] = []
    private var lastNumber = 0
    private var lastStack = 0

    /// How many held-back traces are remembered: a middleware that blocks actions for good
    /// must not make the tracer grow without bound.
    static let heldBackLimit = 64

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

    func holdBack(_ recording: TraceRecording) {
        heldBack.append(recording)
        if heldBack.count > Self.heldBackLimit { heldBack.removeFirst() }
    }

    /// The oldest held-back trace of `actionType` that stopped at probe `index` of `stack`,
    /// removed.
    func takeHeldBack(stack: Int, stoppedAt index: Int, actionType: ObjectIdentifier) -> TraceRecording? {
        guard
            let found = heldBack.firstIndex(where: {
                $0.stack == stack && $0.position == index && $0.actionType == actionType
            })
        else { return nil }
        return heldBack.remove(at: found)
    }
}
