/// Lets the store find out that a subscriber uses the default, empty `willChange`, so that it
/// stops calling it: a subscriber that does not implement `willChange` costs one call, once.
@MainActor
@usableFromInline
enum DefaultWillChange {
    /// The last subscriber whose default `willChange` ran. An identity, not a flag: a custom
    /// `willChange` may call another subscriber's default one (forwarding to a child, or
    /// dispatching to another store), which must not switch off its own.
    @exclusivity(unchecked) @usableFromInline static var subscriber: ObjectIdentifier?
}
