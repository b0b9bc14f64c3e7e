/// What the subscriber list needs of a selection group without knowing its value type.
@MainActor
@usableFromInline
class SelectionGroupBase {
    // `@exclusivity(unchecked)` on the properties below: see assumption 6 in Unchecked.swift.
    /// Set by each delivery: `true` once every member is gone, so the entry can be dropped.
    @exclusivity(unchecked) @usableFromInline final var isEmpty = false

    @usableFromInline
    init() {}

    /// Drops members whose subscription was cancelled or released; `true` when none is left.
    @usableFromInline
    func dropReleasedMembers() -> Bool { true }

    /// Removes the members whose subscription was cancelled, outside a notification.
    func letGoOfCancelledMembers() {}
}
