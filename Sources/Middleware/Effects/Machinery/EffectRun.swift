import ReMVVMStore

/// One run of an ``AsyncEffect``: its task, the dispatcher of its action, and whether it was
/// cancelled.
///
/// The run, not its ``EffectContext``, holds the dispatcher, so that cancelling the run lets
/// the dispatcher go at once, whatever the operation is awaiting: the store then knows the
/// action will not be passed on (``Store/idle()`` stops waiting for it, a tracer ends its trace
/// as dropped).
@MainActor
final class EffectRun<Action: StoreAction, State: StoreState> {
    var task: Task<Void, Never>?
    /// The action's dispatcher, until the run is cancelled.
    private(set) var dispatcher: Dispatcher<Action, State>?

    init(dispatcher: Dispatcher<Action, State>) {
        self.dispatcher = dispatcher
    }

    var isCancelled: Bool { dispatcher == nil }

    func cancel() {
        dispatcher = nil
        task?.cancel()
    }
}
