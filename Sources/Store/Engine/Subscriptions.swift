/// One entry of the store's subscriber list: a ``StoreSubscriber`` object, a closure kept by
/// its ``StoreSubscription``, or a group of closures that select one key path.
///
/// Each entry holds its owner strongly (in ``OwnedEntry``) and checks before each call that
/// something else still holds it (`isKnownUniquelyReferenced`): that costs one load, where a
/// `weak` reference would cost an atomic side-table round trip per notification. The calls go
/// through closures made where the subscriber's type is known, so they run specialized code;
/// they capture the owner `unowned(unsafe)`, which is sound because they are called only after
/// ``isReleased()`` found the owner held, and the entry keeps it alive until it is dropped
/// (assumption 7 in UncheckedCasts.swift).
@MainActor
@usableFromInline
class SubscriptionEntry<State: StoreState> {
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

/// The entry that holds its owner: a subscriber, a subscription or a selection group.
@usableFromInline
final class OwnedEntry<State: StoreState, Owner: AnyObject>: SubscriptionEntry<State> {
    @usableFromInline
    enum Kind {
        /// The owner is a ``StoreSubscriber``.
        case object
        /// The owner is the ``StoreSubscription`` that keeps a closure.
        case subscription
        /// The owner is a ``SelectionGroup``, alive while it has members.
        case group
    }

    private let kind: Kind
    @exclusivity(unchecked) private var owner: Owner?

    @usableFromInline
    init(
        kind: Kind,
        owner: Owner,
        addedAt: UInt64,
        objectID: ObjectIdentifier? = nil,
        selectedKeyPath: AnyKeyPath? = nil,
        selectionGroup: SelectionGroupBase? = nil,
        willChange: (@MainActor (State) -> Void)?,
        didChange: @escaping @MainActor (State, State) -> Void
    ) {
        self.kind = kind
        self.owner = owner
        super.init(
            addedAt: addedAt,
            objectID: objectID,
            selectedKeyPath: selectedKeyPath,
            selectionGroup: selectionGroup,
            willChange: willChange,
            didChange: didChange
        )
    }

    @usableFromInline
    override func isReleased() -> Bool {
        // No local reference to the owner before the uniqueness check: it would count as one.
        guard owner != nil else { return true }
        switch kind {
        case .object:
            return isKnownUniquelyReferenced(&owner)
        case .subscription:
            if isKnownUniquelyReferenced(&owner) { return true }
            // `owner` was just found non-nil and not uniquely referenced.
            return uncheckedDowncast(owner.unsafelyUnwrapped, to: StoreSubscription.self).isCancelled
        case .group:
            return uncheckedDowncast(owner.unsafelyUnwrapped, to: SelectionGroupBase.self)
                .dropReleasedMembers()
        }
    }

    override func releaseOwner() {
        owner = nil
    }
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
            willChange: { [unowned(unsafe) subscriber] state in subscriber.willChange(state: state) },
            didChange: { [unowned(unsafe) subscriber] state, oldState in
                subscriber.didChange(state: state, oldState: oldState)
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
            willChange: { [unowned(unsafe) subscriber] state in
                subscriber.willChange(state: reinterpret(state, as: Subscriber.State.self))
            },
            didChange: { [unowned(unsafe) subscriber] state, oldState in
                subscriber.didChange(
                    state: reinterpret(state, as: Subscriber.State.self),
                    oldState: reinterpret(oldState, as: Subscriber.State.self)
                )
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
            didChange: { [unowned(unsafe) group] state, oldState in group.deliver(state, oldState) }
        )
    }
}

/// What the subscriber list needs of a selection group without knowing its value type.
@MainActor
@usableFromInline
class SelectionGroupBase {
    /// Set by each delivery: `true` once every member is gone, so the entry can be dropped.
    @exclusivity(unchecked) @usableFromInline final var isEmpty = false

    @usableFromInline
    init() {}

    /// Drops members whose subscription was cancelled or released; `true` when none is left.
    @usableFromInline
    func dropReleasedMembers() -> Bool { true }
}

/// All closures that select one key path: the selected value is read and compared once per
/// change for the whole group, so subscribers that ignore a change cost almost nothing.
///
/// Made where the store's state and the value type are known (``Store/subscribe(to:_:)`` is
/// `@inlinable`), so the key-path read, the comparison and the scan below run specialized.
@usableFromInline
final class SelectionGroup<State: StoreState, Value: Equatable>: SelectionGroupBase {
    @usableFromInline
    struct Member {
        @usableFromInline var subscription: StoreSubscription
        @usableFromInline let addedAt: UInt64
        @usableFromInline let onChange: @MainActor (Value, Value) -> Void

        @inlinable
        init(
            subscription: StoreSubscription,
            addedAt: UInt64,
            onChange: @escaping @MainActor (Value, Value) -> Void
        ) {
            self.subscription = subscription
            self.addedAt = addedAt
            self.onChange = onChange
        }

        /// Whether the subscription was cancelled, or nothing but this member holds it.
        @MainActor
        @inlinable
        mutating func isGone() -> Bool {
            subscription.isCancelled || isKnownUniquelyReferenced(&subscription)
        }
    }

    @usableFromInline let keyPath: KeyPath<State, Value>
    /// Unchecked: the scan reads every member at every change, and a dynamic exclusivity check
    /// per access would cost more than the member's check itself.
    @exclusivity(unchecked) @usableFromInline var members: [Member] = []
    /// The serial of the notification being delivered, from the list.
    @usableFromInline unowned let serialSource: SubscriberList<State>

    @inlinable
    init(keyPath: KeyPath<State, Value>, list: SubscriberList<State>) {
        self.keyPath = keyPath
        serialSource = list
    }

    @inlinable
    func add(
        _ subscription: StoreSubscription,
        addedAt: UInt64,
        onChange: @escaping @MainActor (Value, Value) -> Void
    ) {
        members.append(Member(subscription: subscription, addedAt: addedAt, onChange: onChange))
    }

    @inlinable
    override func dropReleasedMembers() -> Bool {
        if hasGoneMember() { removeGoneMembers() }
        return members.isEmpty
    }

    /// Whether any member is gone: one pass over the storage, no writes, so a group whose
    /// members are all alive costs a load and a uniqueness check per member.
    @inlinable
    func hasGoneMember() -> Bool {
        members.withUnsafeMutableBufferPointer { buffer in
            for index in buffer.indices where buffer[index].isGone() { return true }
            return false
        }
    }

    @inlinable
    func deliver(_ state: State, _ oldState: State) {
        let value = state[keyPath: keyPath]
        let oldValue = oldState[keyPath: keyPath]
        guard value != oldValue else {
            if hasGoneMember() { removeGoneMembers() }
            isEmpty = members.isEmpty
            return
        }
        let serial = serialSource.serial
        var anyGone = false
        // Members added by a closure called here are appended: not told about this change.
        var index = 0
        while index < members.count {
            if members[index].isGone() {
                anyGone = true
            } else if members[index].addedAt < serial {
                members[index].onChange(value, oldValue)
            }
            index &+= 1
        }
        if anyGone { removeGoneMembers() }
        isEmpty = members.isEmpty
    }

    /// Removes the members that are gone, keeping the others in order.
    @inlinable
    func removeGoneMembers() {
        var kept = 0
        for index in members.indices where !members[index].isGone() {
            if kept != index { members.swapAt(kept, index) }
            kept &+= 1
        }
        // Released only after `members` is consistent again: a member's closure may hold the
        // last reference to an object whose deinit subscribes to this group.
        let removed = Array(members[kept...])
        members.removeLast(members.count - kept)
        withExtendedLifetime(removed) {}
    }
}
