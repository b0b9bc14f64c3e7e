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

    /// Whether the action was passed on already (`reduceFirst`): `next` then does nothing.
    let passedOn: Bool

    init(dispatcher: Dispatcher<Action, State>, passedOn: Bool) {
        self.dispatcher = dispatcher
        self.passedOn = passedOn
    }

    var isCancelled: Bool { dispatcher == nil }

    func cancel() {
        dispatcher = nil
        task?.cancel()
    }
}
