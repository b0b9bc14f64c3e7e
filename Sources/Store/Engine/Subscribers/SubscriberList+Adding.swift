// Adding subscribers to the store's list and removing them: while a notification runs, an
// addition waits for its end and a removal only marks its entry (SubscriberList.swift).

extension SubscriberList {
    @inlinable
    func add<Subscriber: StoreSubscriber>(_ subscriber: Subscriber) where Subscriber.State == State {
        let id = ObjectIdentifier(subscriber)
        if let existing = objectEntries[id], existing.isActive { return }
        append(.subscriber(subscriber, addedAt: serial), objectID: id)
    }

    /// Adds a subscriber whose state type was checked at run time to be `State`.
    func add<Subscriber: StoreSubscriber>(checked subscriber: Subscriber) {
        let id = ObjectIdentifier(subscriber)
        if let existing = objectEntries[id], existing.isActive { return }
        append(.reinterpreted(subscriber, addedAt: serial), objectID: id)
    }

    @inlinable
    func append(_ entry: SubscriptionEntry<State>, objectID: ObjectIdentifier?) {
        if let objectID { objectEntries[objectID] = entry }
        if notifying == 0 {
            entries.append(entry)
        } else {
            addedWhileNotifying.append(entry)
        }
    }

    func remove(_ subscriber: AnyObject) {
        guard let entry = objectEntries.removeValue(forKey: ObjectIdentifier(subscriber)) else { return }
        markGone(entry)
        // The caller holds the subscriber, so letting go of it here cannot run its deinit. But
        // the caller may be the subscriber's own call, which borrows it unretained (assumption
        // 7) and may let go of its last other holder before it returns: the entry then keeps
        // it until the compaction that ends the notification.
        if notifying == 0 || calling != ObjectIdentifier(entry) { entry.releaseOwner() }
        // Compacting now would rescan the list at each removal: wait until half of it is gone.
        if notifying == 0 && inactiveCount * 2 > entries.count { compact() }
    }

    func subscribe(_ onChange: @escaping @MainActor (State, State) -> Void) -> StoreSubscription {
        let subscription = StoreSubscription()
        let entry = SubscriptionEntry.closure(onChange, subscription: subscription, addedAt: serial)
        append(entry, objectID: nil)
        // The closure may capture the store: it goes at `cancel()`, not at a next dispatch that
        // may never come. Weak: the entry holds the subscription.
        subscription.onCancel = { [weak self, weak entry] in
            if let self, let entry { self.letGo(cancelled: entry) }
        }
        return subscription
    }

    /// As for a closure subscription: the member's closure goes at `cancel()`. Out of line: the
    /// subscription's `onCancel` is no part of the inlinable surface.
    @usableFromInline
    func letGoAtCancel(_ subscription: StoreSubscription, of group: SelectionGroupBase) {
        subscription.onCancel = { [weak group] in group?.letGoOfCancelledMembers() }
    }

    /// Drops the entry of a cancelled closure subscription now, and with it the closure; during
    /// a notification, when the notification ends. Searches from the newest entry: a
    /// subscription cancelled soon after it was made is found first.
    ///
    /// - Complexity: O(*n*) for *n* entries added after it.
    func letGo(cancelled entry: SubscriptionEntry<State>) {
        guard entry.isActive else { return }
        guard notifying == 0, let index = entries.lastIndex(where: { $0 === entry }) else {
            markGone(entry)
            return
        }
        entry.isActive = false
        // Released after `entries` is consistent again: the closure may hold the last reference
        // to an object whose deinit calls back into the store.
        let removed = entries.remove(at: index)
        withExtendedLifetime(removed) {}
    }

    @inlinable
    func subscribe<Value: Equatable>(
        to keyPath: KeyPath<State, Value>,
        _ onChange: @escaping @MainActor (Value, Value) -> Void
    ) -> StoreSubscription {
        let subscription = StoreSubscription()
        let group: SelectionGroup<State, Value>
        if let existing = selections[keyPath], existing.isActive, let selection = existing.selectionGroup {
            group = uncheckedDowncast(selection, to: SelectionGroup<State, Value>.self)
        } else {
            group = SelectionGroup(keyPath: keyPath, list: self)
            let entry = SubscriptionEntry<State>.group(group, addedAt: serial)
            selections[keyPath] = entry
            append(entry, objectID: nil)
        }
        group.add(subscription, addedAt: serial, onChange: onChange)
        letGoAtCancel(subscription, of: group)
        return subscription
    }
}
