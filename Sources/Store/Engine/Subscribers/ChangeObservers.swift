/// The store's ``StateObserver``s, told of every change the engine applies
/// (``DispatchEngine/commit(_:cause:)``), in the order they were added: those that run before
/// the subscribers, then, after them, the others.
///
/// The observers of one timing are composed into one function, rebuilt when one is added or
/// cancelled: a change then makes one call and retains one context, however many features
/// there are, where a loop over a list retained each observer's context and subscription
/// (callgrind, `persist`: 120 instructions per dispatch for one observer).
@MainActor
@usableFromInline
final class ChangeObservers<State: StoreState> {
    @usableFromInline typealias Body = @MainActor (State, State, StateChangeCause) -> Void

    private struct Entry {
        let body: Body
        let readsCause: Bool
        let subscription: StoreSubscription
    }

    private var entries: (before: [Entry], after: [Entry]) = ([], [])
    // `@exclusivity(unchecked)` on the properties below: see assumption 6 in Unchecked.swift.
    @exclusivity(unchecked) @usableFromInline private(set) var before: Body?
    @exclusivity(unchecked) @usableFromInline private(set) var after: Body?
    /// Whether there is no observer: then a change builds no ``StateChangeCause``.
    @exclusivity(unchecked) @usableFromInline private(set) var isEmpty = true
    /// Whether an observer reads the cause of a change; when none does, a change makes none.
    @exclusivity(unchecked) @usableFromInline private(set) var readCause = false

    init() {}

    func add(_ observer: StateObserver<State>) -> StoreSubscription {
        let subscription = StoreSubscription()
        let entry = Entry(body: observer.body, readsCause: observer.readsCause, subscription: subscription)
        switch observer.timing {
        case .beforeSubscribers: entries.before.append(entry)
        case .afterSubscribers: entries.after.append(entry)
        }
        subscription.onCancel = { [weak self] in self?.rebuild() }
        rebuild()
        return subscription
    }

    private func rebuild() {
        entries.before.removeAll { $0.subscription.isCancelled }
        entries.after.removeAll { $0.subscription.isCancelled }
        before = Self.compose(entries.before)
        after = Self.compose(entries.after)
        isEmpty = entries.before.isEmpty && entries.after.isEmpty
        readCause = (entries.before + entries.after).contains { $0.readsCause }
    }

    /// One function that calls each entry's body in order; `nil` for none. A cancel during a
    /// change takes effect at once: the function in progress checks each entry's subscription.
    private static func compose(_ entries: [Entry]) -> Body? {
        entries.reduce(nil) { composed, entry in
            let body = entry.body
            guard let composed else { return body }
            let subscription = entry.subscription
            return { state, oldState, cause in
                composed(state, oldState, cause)
                if !subscription.isCancelled { body(state, oldState, cause) }
            }
        }
    }
}
