// The store's subscribers, and their entries: one notification reads top to bottom in this
// file.

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
    /// Entries added while a notification runs, appended to ``entries`` when it ends: a
    /// notification reads ``entries`` in place, so nothing changes it meanwhile.
    @exclusivity(unchecked) @usableFromInline var addedWhileNotifying: [SubscriptionEntry<State>] = []
    @exclusivity(unchecked) @usableFromInline var objectEntries:
        [ObjectIdentifier: SubscriptionEntry<State>] = [:]
    @usableFromInline var selections: [AnyKeyPath: SubscriptionEntry<State>] = [:]
    /// Counts notifications; see ``SubscriptionEntry/addedAt``.
    @exclusivity(unchecked) @usableFromInline var serial: UInt64 = 0
    /// How many notifications are running: 0 or 1, since the engine queues every change
    /// made while it is busy, so that no notification runs inside another.
    @exclusivity(unchecked) @usableFromInline var notifying = 0
    /// The entry whose subscriber is being called, during a notification. Read only while
    /// ``notifying``: not cleared after the last call, which would cost each notification a
    /// store.
    @exclusivity(unchecked) @usableFromInline var calling: ObjectIdentifier?
    @exclusivity(unchecked) @usableFromInline var needsCompaction = false
    /// Entries marked inactive since the last compaction.
    @exclusivity(unchecked) @usableFromInline var inactiveCount = 0

    init() {}

    /// The number of entries that are still told about changes.
    var activeCount: Int { (entries + addedWhileNotifying).count { $0.isActive } }

    /// Whether the list holds no entry at all, active or not.
    @inlinable
    var isEmpty: Bool { entries.isEmpty && addedWhileNotifying.isEmpty }

    // MARK: - Notifying

    /// Tells every subscriber about the change from `oldState` to `newState`; `commit` makes
    /// the new state the store's between the `willChange` and `didChange` calls.
    ///
    /// The entries are read in place and lent to the calls, not retained (callgrind, `sub100`:
    /// a retain and a release per subscriber): while a notification runs, nothing changes
    /// ``entries`` (additions wait in ``addedWhileNotifying``, compaction until the end), and
    /// the array holds every entry (assumption 9). Read through its mutable buffer, which
    /// costs no retain of the array.
    @inlinable
    func notify(_ newState: State, _ oldState: State, commit: () -> Void) {
        serial &+= 1
        let serial = self.serial
        notifying &+= 1
        entries.withMutableElementsInPlace { entries in
            if !objectEntries.isEmpty {
                for index in entries.indices {
                    UncheckedReference(entries[index]).withObject { entry in
                        guard entry.isActive, let willChange = entry.willChange, entry.addedAt < serial else {
                            return
                        }
                        if entry.isReleased() {
                            markGone(entry)
                        } else {
                            DefaultWillChange.subscriber = nil
                            calling = ObjectIdentifier(entry)
                            willChange(newState)
                            if let id = DefaultWillChange.subscriber, id == entry.objectID {
                                entry.willChange = nil
                            }
                        }
                    }
                }
                calling = nil  // the observers that `commit` runs are no subscriber's call
            }
            commit()
            for index in entries.indices {
                UncheckedReference(entries[index]).withObject { entry in
                    guard entry.isActive, entry.addedAt < serial else { return }
                    if entry.selectionGroup != nil {
                        // The group drops its released members while it delivers, specialized
                        // for its value type; scanning them here as well would pay for each
                        // member twice. Not bound with `if let`: that retains it.
                        calling = nil  // its closures are no object subscriber's call
                        entry.didChange(newState, oldState)
                        if uncheckedUnwrap(entry.selectionGroup).isEmpty { markGone(entry) }
                    } else if entry.isReleased() {
                        markGone(entry)
                    } else {
                        calling = ObjectIdentifier(entry)
                        entry.didChange(newState, oldState)
                    }
                }
            }
        }
        notifying &-= 1
        if notifying == 0 { notificationsEnded() }
    }

    /// Appends the entries added meanwhile, and compacts the list if entries were let go.
    @inlinable
    func notificationsEnded() {
        if !addedWhileNotifying.isEmpty { appendAddedWhileNotifying() }
        if needsCompaction { compact() }
    }

    @usableFromInline
    func appendAddedWhileNotifying() {
        entries.append(contentsOf: addedWhileNotifying)
        addedWhileNotifying.removeAll()
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
        if needsCompaction && notifying == 0 { compact() }
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

// MARK: - Entries

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
    /// next compaction does not keep its subscriber alive (nor count as a holder of it). Not
    /// for an entry removed during its own subscriber's call: that call borrows the subscriber,
    /// and the notification's compaction drops the entry once it returned.
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
    // `@exclusivity(unchecked)` on the properties below: see assumption 6 in Unchecked.swift.
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
            return uncheckedDowncast(uncheckedUnwrap(owner), to: StoreSubscription.self).isCancelled
        case .group:
            return uncheckedDowncast(uncheckedUnwrap(owner), to: SelectionGroupBase.self)
                .dropReleasedMembers()
        }
    }

    override func releaseOwner() {
        owner = nil
    }
}
