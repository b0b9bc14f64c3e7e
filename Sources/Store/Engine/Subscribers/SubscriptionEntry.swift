/// One entry of the store's subscriber list: a ``StoreSubscriber`` object, a closure kept by
/// its ``StoreSubscription``, or a group of closures that select one key path.
///
/// Each entry holds its owner strongly (in ``OwnedEntry``) and checks before each call that
/// something else still holds it (`isKnownUniquelyReferenced`): that costs one load, where a
/// `weak` reference would cost an atomic side-table round trip per notification. The calls go
/// through closures made where the subscriber's type is known, so they run specialized code;
/// they capture the owner as an ``UncheckedReference``, which is sound because they are called only after
/// ``isReleased()`` found the owner held, and the entry keeps it alive until it is dropped
/// (assumption 7 in Unchecked.swift).
@MainActor
@usableFromInline
class SubscriptionEntry<State: StoreState> {
    // `@exclusivity(unchecked)` on the properties below: see assumption 6 in Unchecked.swift.
    /// `false` once removed, cancelled or found released; skipped, and dropped after the
    /// notification in progress.
    @exclusivity(unchecked) @usableFromInline final var isActive = true
    /// The notification serial at the time the entry was added; an entry is told only about
    /// notifications that started later.
    @usableFromInline final let addedAt: UInt64
    /// Set to `nil` once a call showed that the subscriber uses the default `willChange`, which
    /// does nothing: it stays the default for the life of the subscriber, since a protocol
    /// extension's method cannot be overridden.
    @exclusivity(unchecked) @usableFromInline final var willChange: (@MainActor (State) -> Void)?
    @usableFromInline final let didChange: @MainActor (State, State) -> Void
    /// The subscriber's identity, for entries that hold a ``StoreSubscriber``.
    @usableFromInline final let objectID: ObjectIdentifier?
    /// The selected key path, for entries that group selecting closures.
    final let selectedKeyPath: AnyKeyPath?
    /// The group, for entries that group selecting closures: the group checks its members
    /// itself while it delivers, so the notification asks it only whether any is left.
    @usableFromInline final let selectionGroup: SelectionGroupBase?

    @usableFromInline
    init(
        addedAt: UInt64,
        objectID: ObjectIdentifier?,
        selectedKeyPath: AnyKeyPath?,
        selectionGroup: SelectionGroupBase?,
        willChange: (@MainActor (State) -> Void)?,
        didChange: @escaping @MainActor (State, State) -> Void
    ) {
        self.addedAt = addedAt
        self.objectID = objectID
        self.selectedKeyPath = selectedKeyPath
        self.selectionGroup = selectionGroup
        self.willChange = willChange
        self.didChange = didChange
    }

    /// Whether nothing but this entry holds the owner any more, or it was cancelled.
    @usableFromInline
    func isReleased() -> Bool { true }

    /// Lets go of the owner of an entry that was removed, so that an entry waiting for the
    /// next compaction does not keep its subscriber alive (nor count as a holder of it).
    func releaseOwner() {}
}

extension SubscriptionEntry {
    /// An entry for a subscriber whose state type is the store's.
    @inlinable
    static func subscriber<Subscriber: StoreSubscriber>(
        _ subscriber: Subscriber,
        addedAt: UInt64
    ) -> SubscriptionEntry where Subscriber.State == State {
        OwnedEntry(
            kind: .object,
            owner: subscriber,
            addedAt: addedAt,
            objectID: ObjectIdentifier(subscriber),
            willChange: { [subscriber = UncheckedReference(subscriber)] state in
                subscriber.withObject { $0.willChange(state: state) }
            },
            didChange: { [subscriber = UncheckedReference(subscriber)] state, oldState in
                subscriber.withObject { $0.didChange(state: state, oldState: oldState) }
            }
        )
    }

    /// An entry for a subscriber whose state type was checked at run time to be `State`.
    static func reinterpreted<Subscriber: StoreSubscriber>(
        _ subscriber: Subscriber,
        addedAt: UInt64
    ) -> SubscriptionEntry {
        OwnedEntry<State, Subscriber>(
            kind: .object,
            owner: subscriber,
            addedAt: addedAt,
            objectID: ObjectIdentifier(subscriber),
            willChange: { [subscriber = UncheckedReference(subscriber)] state in
                subscriber.withObject { $0.willChange(state: reinterpret(state, as: Subscriber.State.self)) }
            },
            didChange: { [subscriber = UncheckedReference(subscriber)] state, oldState in
                subscriber.withObject {
                    $0.didChange(
                        state: reinterpret(state, as: Subscriber.State.self),
                        oldState: reinterpret(oldState, as: Subscriber.State.self)
                    )
                }
            }
        )
    }

    /// An entry for a closure kept by `subscription`.
    static func closure(
        _ onChange: @escaping @MainActor (State, State) -> Void,
        subscription: StoreSubscription,
        addedAt: UInt64
    ) -> SubscriptionEntry {
        OwnedEntry(
            kind: .subscription, owner: subscription, addedAt: addedAt, willChange: nil, didChange: onChange)
    }

    /// An entry for a group of closures that select one key path.
    @inlinable
    static func group<Value: Equatable>(
        _ group: SelectionGroup<State, Value>,
        addedAt: UInt64
    ) -> SubscriptionEntry {
        OwnedEntry(
            kind: .group,
            owner: group,
            addedAt: addedAt,
            selectedKeyPath: group.keyPath,
            selectionGroup: group,
            willChange: nil,
            didChange: { [group = UncheckedReference(group)] state, oldState in
                group.withObject { $0.deliver(state, oldState) }
            }
        )
    }
}
