// Properties marked `@exclusivity(unchecked)`: see assumption 6 in UncheckedCasts.swift.

/// The store's ``StateObserver``s, told of every change the engine applies
/// (``DispatchEngine/commit(_:cause:)``), in the order they were added: those that run before
/// the subscribers, then, after them, the others.
///
/// The observers of one timing are composed into one function, rebuilt when one is added: a
/// change then makes one call and retains one context, however many features there are, where
/// a loop over a list retained each observer's context and subscription (callgrind, `persist`:
/// 120 instructions per dispatch for one observer). A cancelled observer is skipped at once
/// and left out at the next rebuild.
@MainActor
@usableFromInline
final class ChangeObservers<State: StoreState> {
    @usableFromInline typealias Body = @MainActor (State, State, StateChangeCause) -> Void

    private struct Entry {
        let body: Body
        let subscription: StoreSubscription
    }

    private var entries: (before: [Entry], after: [Entry]) = ([], [])
    @exclusivity(unchecked) @usableFromInline private(set) var before: Body?
    @exclusivity(unchecked) @usableFromInline private(set) var after: Body?
    /// Whether there is no observer: then a change builds no ``StateChangeCause``.
    @exclusivity(unchecked) @usableFromInline private(set) var isEmpty = true

    init() {}

    func add(_ observer: StateObserver<State>) -> StoreSubscription {
        let subscription = StoreSubscription()
        let entry = Entry(body: observer.body, subscription: subscription)
        switch observer.timing {
        case .beforeSubscribers: entries.before.append(entry)
        case .afterSubscribers: entries.after.append(entry)
        }
        entries.before.removeAll { $0.subscription.isCancelled }
        entries.after.removeAll { $0.subscription.isCancelled }
        before = Self.compose(entries.before)
        after = Self.compose(entries.after)
        isEmpty = false
        return subscription
    }

    /// One function that calls each entry's body in order, unless its subscription was
    /// cancelled; `nil` for none.
    private static func compose(_ entries: [Entry]) -> Body? {
        entries.reduce(nil) { composed, entry in
            let body = entry.body
            let subscription = entry.subscription
            guard let composed else {
                return { state, oldState, cause in
                    if !subscription.isCancelled { body(state, oldState, cause) }
                }
            }
            return { state, oldState, cause in
                composed(state, oldState, cause)
                if !subscription.isCancelled { body(state, oldState, cause) }
            }
        }
    }
}
