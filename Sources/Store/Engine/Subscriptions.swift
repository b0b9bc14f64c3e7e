/// One entry of the store's subscriber list.
///
/// Entries hold their subscriber strongly and check before each call that something else
/// still holds it (`isKnownUniquelyReferenced`): that costs one load, where a `weak` reference
/// would cost an atomic side-table round trip per notification.
@MainActor
class SubscriptionBox<State: StoreState> {
    /// `false` once removed, cancelled or found released; skipped and dropped after the
    /// notification in progress.
    final var isActive = true
    /// The notification serial at the time the entry was added; an entry is told only about
    /// notifications that started later.
    final let addedAt: UInt64

    init(addedAt: UInt64) {
        self.addedAt = addedAt
    }

    /// Whether the entry implements `willChange`.
    var observesWillChange: Bool { false }

    /// The subscriber's identity, for entries that hold a ``StoreSubscriber``.
    var objectID: ObjectIdentifier? { nil }

    /// The selected key path, for entries that group selecting closures.
    var selectedKeyPath: AnyKeyPath? { nil }

    /// Whether nothing but this entry holds the subscriber any more (or it was cancelled).
    func isReleased() -> Bool { false }

    /// Tells the subscriber that `state` is coming. Returns `false` when the subscriber is gone.
    func willChange(_ state: State, serial: UInt64) -> Bool { true }

    /// Tells the subscriber about a change. Returns `false` when the subscriber is gone.
    func didChange(_ state: State, _ oldState: State, serial: UInt64) -> Bool { true }
}

/// Holds a ``StoreSubscriber`` object.
final class ObjectSubscriptionBox<State: StoreState, Subscriber: StoreSubscriber>:
    SubscriptionBox<State>
{
    private var subscriber: Subscriber

    /// - Precondition: `Subscriber.State` is `State`.
    init(_ subscriber: Subscriber, addedAt: UInt64) {
        precondition(Subscriber.State.self == State.self)
        self.subscriber = subscriber
        super.init(addedAt: addedAt)
    }

    override var observesWillChange: Bool { true }

    override var objectID: ObjectIdentifier? { ObjectIdentifier(subscriber) }

    override func isReleased() -> Bool { isKnownUniquelyReferenced(&subscriber) }

    override func willChange(_ state: State, serial: UInt64) -> Bool {
        if isKnownUniquelyReferenced(&subscriber) { return false }
        subscriber.willChange(state: unsafeBitCast(state, to: Subscriber.State.self))
        return true
    }

    override func didChange(_ state: State, _ oldState: State, serial: UInt64) -> Bool {
        if isKnownUniquelyReferenced(&subscriber) { return false }
        subscriber.didChange(
            state: unsafeBitCast(state, to: Subscriber.State.self),
            oldState: unsafeBitCast(oldState, to: Subscriber.State.self)
        )
        return true
    }
}

/// Holds a closure that lasts as long as its ``StoreSubscription``.
final class ClosureSubscriptionBox<State: StoreState>: SubscriptionBox<State> {
    private var subscription: StoreSubscription
    private let onChange: @MainActor (State, State) -> Void

    init(
        _ subscription: StoreSubscription,
        addedAt: UInt64,
        onChange: @escaping @MainActor (State, State) -> Void
    ) {
        self.subscription = subscription
        self.onChange = onChange
        super.init(addedAt: addedAt)
    }

    override func isReleased() -> Bool {
        subscription.isCancelled || isKnownUniquelyReferenced(&subscription)
    }

    override func didChange(_ state: State, _ oldState: State, serial: UInt64) -> Bool {
        if isReleased() { return false }
        onChange(state, oldState)
        return true
    }
}

/// All closures that select one key path: the selected value is read and compared once per
/// change for the whole group, so subscribers that ignore a change cost almost nothing.
final class SelectionBox<State: StoreState, Value: Equatable>: SubscriptionBox<State> {
    private struct Member {
        var subscription: StoreSubscription
        let addedAt: UInt64
        let onChange: @MainActor (Value, Value) -> Void
        var isGone = false
    }

    let keyPath: KeyPath<State, Value>
    private var members: [Member] = []

    init(keyPath: KeyPath<State, Value>, addedAt: UInt64) {
        self.keyPath = keyPath
        super.init(addedAt: addedAt)
    }

    func add(
        _ subscription: StoreSubscription,
        addedAt: UInt64,
        onChange: @escaping @MainActor (Value, Value) -> Void
    ) {
        members.append(Member(subscription: subscription, addedAt: addedAt, onChange: onChange))
    }

    override var selectedKeyPath: AnyKeyPath? { keyPath }

    override func isReleased() -> Bool {
        for index in members.indices { _ = isGone(at: index) }
        members.removeAll { $0.isGone }
        return members.isEmpty
    }

    override func didChange(_ state: State, _ oldState: State, serial: UInt64) -> Bool {
        let value = state[keyPath: keyPath]
        let oldValue = oldState[keyPath: keyPath]
        var anyGone = false
        if value == oldValue {
            for index in members.indices where isGone(at: index) { anyGone = true }
        } else {
            // Members added by a closure called here are appended: not told about this change.
            var index = 0
            while index < members.count {
                if isGone(at: index) {
                    anyGone = true
                } else if members[index].addedAt < serial {
                    members[index].onChange(value, oldValue)
                }
                index += 1
            }
        }
        if anyGone { members.removeAll { $0.isGone } }
        return !members.isEmpty
    }

    /// Whether the member's subscription was cancelled or released; marks it to be dropped.
    private func isGone(at index: Int) -> Bool {
        if members[index].subscription.isCancelled
            || isKnownUniquelyReferenced(&members[index].subscription)
        {
            members[index].isGone = true
        }
        return members[index].isGone
    }
}
