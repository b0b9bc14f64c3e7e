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
