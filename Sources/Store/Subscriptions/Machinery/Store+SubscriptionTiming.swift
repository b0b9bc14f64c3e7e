// Where a closure subscription goes: with the subscribers into the subscriber list, before or
// after them into the engine's change observers; one that reads the cause with the subscribers
// takes it from an observer that runs before them.

extension Store {
    /// Subscribes `body`, made where the types are known, as `timing` says; `readsCause` says
    /// whether it reads the cause, which the store then makes at each change.
    @usableFromInline
    func subscribe(
        timing: SubscriptionTiming,
        readsCause: Bool,
        _ body: @escaping ChangeBody<State>.Body
    ) -> StoreSubscription {
        switch timing {
        case .withSubscribers:
            // No cause is read: the placeholder costs nothing to make.
            guard readsCause else { return engine.subscribers.subscribe { body($0, $1, .travel) } }
            return subscribeWithCause(body)
        case .beforeSubscribers, .afterSubscribers:
            return engine.observers.add(
                body, readsCause: readsCause, timing: timing, endsWhenReleased: true,
                subscribers: engine.subscribers)
        }
    }

    /// A closure that runs with the subscribers and reads the cause: an observer that runs
    /// before the subscribers notes each change's cause for it. The note holds the observer's
    /// subscription, and the closure holds the note: once the store lets go of the closure
    /// (cancelled or released), the observer is released too and ends.
    private func subscribeWithCause(_ body: @escaping ChangeBody<State>.Body) -> StoreSubscription {
        let note = CauseNote()
        note.observer = engine.observers.add(
            { [unowned note] _, _, cause in note.cause = cause },
            readsCause: true, timing: .beforeSubscribers, endsWhenReleased: true,
            subscribers: engine.subscribers)
        let subscription = engine.subscribers.subscribe { state, oldState in
            body(state, oldState, note.cause)
        }
        let letGoOfClosure = subscription.onCancel
        subscription.onCancel = { [weak note] in
            note?.observer?.cancel()
            letGoOfClosure?()
        }
        return subscription
    }
}

/// The cause of the change being told, for a closure that runs with the subscribers.
@MainActor
private final class CauseNote {
    var cause = StateChangeCause.travel
    var observer: StoreSubscription?
}
