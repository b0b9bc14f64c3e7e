/// A part of the state stored inline at a fixed offset, read or reduced in place without a
/// key-path projection: with `Benchmarks/remvvm-profile keypath` under callgrind, the two
/// runtime projections of a `WritableKeyPath` (read, then write back) cost more than half of a
/// whole dispatch, and `observe100` spends most of its time projecting key paths.
///
/// Safety: `offset` comes from `MemoryLayout<State>.offset(of:)`, which returns an offset only
/// for a key path of stored properties that lie inline in `State`'s storage, and documents
/// that a pointer to the state advanced by it points at the part. The part is written only
/// through ``reduce(in:_:)``, while `state` is exclusively accessed (`inout`), and only for a
/// part made from a `WritableKeyPath`; ``value(in:)`` only reads (assumption 8 in
/// Unchecked.swift).
@usableFromInline
struct StatePart<State, Part> {
    @usableFromInline let offset: Int

    /// `nil` when the key path is not a plain stored part (a computed property, say).
    @inlinable
    init?(_ keyPath: KeyPath<State, Part>) {
        guard let offset = MemoryLayout<State>.offset(of: keyPath) else { return nil }
        assert(offset >= 0 && offset + MemoryLayout<Part>.size <= MemoryLayout<State>.size)
        self.offset = offset
    }

    /// The part's value in the state at `state`.
    @inlinable
    func value(in state: Borrowed<State>) -> Part {
        (UnsafeRawPointer(state.pointer) + offset).assumingMemoryBound(to: Part.self).pointee
    }

    /// The part's value in `state`, read in place.
    @inlinable
    func value(of state: State) -> Part {
        withUnsafePointer(to: state) { value(in: Borrowed($0)) }
    }

    /// Replaces the part of `state` with what `body` returns for it; only for a part made from
    /// a `WritableKeyPath`.
    @inlinable
    func reduce(in state: inout State, _ body: (Part) -> Part) {
        Self.reduce(&state, offset: offset, body)
    }

    @inlinable
    static func reduce(_ state: UnsafeMutablePointer<State>, offset: Int, _ body: (Part) -> Part) {
        let part = (UnsafeMutableRawPointer(state) + offset).assumingMemoryBound(to: Part.self)
        part.pointee = body(part.pointee)
    }
}
