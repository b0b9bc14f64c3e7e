/// All closures that select one key path: the selected value is read and compared once per
/// change for the whole group, so subscribers that ignore a change cost almost nothing.
///
/// Made where the store's state and the value type are known (the store's
/// `subscribe(to:timing:_:)` is `@inlinable`), so the key-path read, the comparison and the scan
/// below run specialized.
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
    // `@exclusivity(unchecked)` on the properties below: see assumption 6 in Unchecked.swift.
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
        members.withMutableElementsInPlace { buffer in
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

    /// Removes a member cancelled outside a notification now, so that its closure goes at
    /// `cancel()`; during a notification, ``deliver(_:_:)`` or the next change removes it.
    override func letGoOfCancelledMembers() {
        guard serialSource.notifying == 0 else { return }
        removeGoneMembers()
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
