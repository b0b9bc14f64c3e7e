/// The store's subscribers: objects, closures, and groups of closures that select one key
/// path, told about each change in the order they were added.
///
/// The store never keeps a subscriber alive (DESIGN rule 7): each entry checks before each
/// call that something else still holds its owner, and entries found released, removed or
/// cancelled are dropped after the notification in progress. Removal only marks an entry;
/// the list is compacted once per notification, or when half of it is gone, so removing *n*
/// subscribers one by one costs O(*n*) in all.
@MainActor
@usableFromInline
final class SubscriberList<State: StoreState> {
    // `@exclusivity(unchecked)` on the properties below: see assumption 6 in Unchecked.swift.
    @exclusivity(unchecked) @usableFromInline var entries: [SubscriptionEntry<State>] = []
    @exclusivity(unchecked) @usableFromInline var objectEntries:
        [ObjectIdentifier: SubscriptionEntry<State>] = [:]
    @usableFromInline var selections: [AnyKeyPath: SubscriptionEntry<State>] = [:]
    /// Counts notifications; see ``SubscriptionEntry/addedAt``.
    @exclusivity(unchecked) @usableFromInline var serial: UInt64 = 0
    @exclusivity(unchecked) @usableFromInline var isNotifying = false
    @exclusivity(unchecked) @usableFromInline var needsCompaction = false
    /// Entries marked inactive since the last compaction.
    @exclusivity(unchecked) @usableFromInline var inactiveCount = 0

    init() {}

    /// The number of entries that are still told about changes.
    var activeCount: Int { entries.count { $0.isActive } }

    /// Whether the list holds no entry at all, active or not.
    @inlinable
    var isEmpty: Bool { entries.isEmpty }

    // MARK: - Adding and removing

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

    @usableFromInline
    func append(_ entry: SubscriptionEntry<State>, objectID: ObjectIdentifier?) {
        if let objectID { objectEntries[objectID] = entry }
        entries.append(entry)
    }

    func remove(_ subscriber: AnyObject) {
        guard let entry = objectEntries.removeValue(forKey: ObjectIdentifier(subscriber)) else { return }
        markGone(entry)
        // The caller holds the subscriber, so letting go of it here cannot run its deinit.
        entry.releaseOwner()
        // Compacting now would rescan the list at each removal: wait until half of it is gone.
        if !isNotifying && inactiveCount * 2 > entries.count { compact() }
    }

    func subscribe(_ onChange: @escaping @MainActor (State, State) -> Void) -> StoreSubscription {
        let subscription = StoreSubscription()
        append(.closure(onChange, subscription: subscription, addedAt: serial), objectID: nil)
        return subscription
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
        return subscription
    }

    // MARK: - Notifying

    /// Tells every subscriber about the change from `oldState` to `newState`; `commit` makes
    /// the new state the store's between the `willChange` and `didChange` calls.
    @inlinable
    func notify(_ newState: State, _ oldState: State, commit: () -> Void) {
        serial &+= 1
        let serial = self.serial
        isNotifying = true
        let count = entries.count
        if !objectEntries.isEmpty {
            for index in 0..<count {
                let entry = entries[index]
                guard entry.isActive, let willChange = entry.willChange, entry.addedAt < serial else {
                    continue
                }
                if entry.isReleased() {
                    markGone(entry)
                } else {
                    DefaultWillChange.subscriber = nil
                    willChange(newState)
                    if let id = DefaultWillChange.subscriber, id == entry.objectID {
                        entry.willChange = nil
                    }
                }
            }
        }
        commit()
        for index in 0..<count {
            let entry = entries[index]
            guard entry.isActive, entry.addedAt < serial else { continue }
            if let group = entry.selectionGroup {
                // The group drops its released members while it delivers, specialized for its
                // value type; scanning them here as well would pay for each member twice.
                entry.didChange(newState, oldState)
                if group.isEmpty { markGone(entry) }
            } else if entry.isReleased() {
                markGone(entry)
            } else {
                entry.didChange(newState, oldState)
            }
        }
        isNotifying = false
        if needsCompaction { compact() }
    }

    @inlinable
    func markGone(_ entry: SubscriptionEntry<State>) {
        guard entry.isActive else { return }
        entry.isActive = false
        inactiveCount &+= 1
        needsCompaction = true
    }

    /// Lets go of subscribers that nothing else holds, for dispatches that notify nobody.
    @usableFromInline
    func dropReleased() {
        for entry in entries where entry.isActive && entry.isReleased() { markGone(entry) }
        if needsCompaction { compact() }
    }

    @usableFromInline
    func compact() {
        needsCompaction = false
        inactiveCount = 0
        // The removed entries may hold the last reference to a subscriber whose deinit calls
        // back into the store: they are let go only after `entries` is consistent again.
        var removed: [SubscriptionEntry<State>] = []
        defer { withExtendedLifetime(removed) {} }
        entries.removeAll { entry in
            guard !entry.isActive else { return false }
            removed.append(entry)
            if let id = entry.objectID, objectEntries[id] === entry { objectEntries[id] = nil }
            if let keyPath = entry.selectedKeyPath, selections[keyPath] === entry {
                selections[keyPath] = nil
            }
            return true
        }
    }
}
