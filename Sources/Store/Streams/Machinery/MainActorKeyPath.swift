/// A key path carried to the main actor, where alone it is applied. Key paths are immutable;
/// the standard library does not mark them `Sendable` only because a subscript component may
/// capture a non-`Sendable` index.
struct MainActorKeyPath<Root, Value>: @unchecked Sendable {
    let keyPath: KeyPath<Root, Value>
}
