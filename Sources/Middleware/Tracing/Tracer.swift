public import ReMVVMStore

/// Logs what happens to every action: its fields, the middleware that saw it and what each
/// did, whether it was reduced, blocked, deferred, dropped or unhandled, which values of the
/// state changed, and how long each step took.
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
/// A reduced action's trace lists the values of the state that changed, each by its path from
/// the state, old value first: `search.isLoading: false -> true`,
/// `todos[2].title: "milk" -> "oat milk"` (see ``ActionTrace/Change``). A value longer than
/// ``valueLimit`` characters is cut, keeping in view where the old and the new value differ.
///
/// A middleware that returns without calling `next` either *blocks* the action (it let its
/// dispatcher go: the action stops for good) or *defers* it (it kept its dispatcher, to call
/// `next` later, after a download say). A deferred action is traced twice, the first time as
/// soon as the middleware returned, before the dispatch does: as
/// ``ActionTrace/Outcome/deferred(by:)``, then either, when the middleware calls `next`, as a
/// trace of the same number and action marked ``ActionTrace/isResumed``, or, when it lets its
/// dispatcher go without calling `next` (an ``AsyncEffect`` run cancelled by a newer one does),
/// as a trace of the same number whose outcome is ``ActionTrace/Outcome/dropped(by:)``. Each
/// resumed action is matched with its own first trace, whatever the order in which deferred
/// actions resume.
@MainActor
public final class Tracer {
    /// Whether actions are traced. Switching it on or off takes effect from the next action.
    public var isEnabled: Bool
    /// Receives every finished trace.
    public var sink: TraceSink

    let clock = ContinuousClock()
    /// The trace whose action is being processed right now.
    var active: TraceRecording?
    /// Traces whose action a middleware deferred, oldest first; a later `next` resumes one, a
    /// dispatcher let go without `next` drops one.
    var deferred: [TraceRecording] = []
    private var lastNumber = 0
    private var lastStack = 0

    /// How many deferred traces are remembered: a middleware that keeps dispatchers forever
    /// without calling `next` must not make the tracer grow without bound. A dispatcher that is
    /// let go takes its trace off the list at once.
    static let deferredLimit = 64

    /// The most characters a value of an ``ActionTrace/Change`` has, so that a state holding a
    /// long list still gives a trace one can read.
    ///
    /// A longer value is cut, and says how much it left out with `…(n more)…`. The old and the
    /// new value of a change are cut so that the first place where they differ stays in view on
    /// both sides: when it lies in their first or last 34 or so characters each keeps its start
    /// and its end; otherwise each keeps its start and the part around the difference. A
    /// `TestStore` failure cuts each value the same way at 160 characters, and a diagnostic
    /// cuts an action at 200 (ReMVVMStore's Diagnostics article).
    ///
    /// Values are written as Swift source would write them: a list of the library
    /// (`IdentifiedArray`) as its elements, a `Duration` as `.seconds(1.5)` or
    /// `.milliseconds(300)`, a type with its own `CustomStringConvertible` by its description, a
    /// function as `(function)`.
    public nonisolated static let valueLimit = 80

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
    /// let tracer = Tracer()
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

    /// Writes the finished `recording`; a deferred one is kept for its resumption.
    ///
    /// By the time the probe that finishes a trace returns, the store has settled what the
    /// middleware that held the action did: when it let its dispatcher go, the store let the
    /// action's completions go as well, and the trace's ``LetGoWatch`` marked it blocked.
    func finish(_ recording: TraceRecording) {
        sink.write(recording.trace())
        guard case .deferred = recording.outcome else { return }
        // One dispatch waits in one place: an older entry for it is stale.
        deferred.removeAll { $0.stack == recording.stack && $0.dispatch == recording.dispatch }
        deferred.append(recording)
        if deferred.count > Self.deferredLimit { deferred.removeFirst() }
    }

    /// Called when the store let go of `recording`'s completions without running them: its
    /// action will not be reduced, and nothing can resume it. A trace already written as
    /// deferred ends with a trace of its being dropped (one still on its way was blocked, which
    /// its probe read from the engine).
    func letGo(_ recording: TraceRecording) {
        guard let index = deferred.firstIndex(where: { $0 === recording }) else { return }
        deferred.remove(at: index)
        recording.markDropped(at: clock.now)
        if isEnabled { sink.write(recording.trace()) }
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
