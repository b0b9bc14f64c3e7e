// The package's unsafe handle: everything the engine does without the compiler's checks goes
// through the types and functions of this file, and each is sound because of one of the
// assumptions below, stated once here and cited where the handle is used. Every other file of
// the engine is safe Swift; the Unsafe folder holds the rest: the reducing cell
// (ReducingCell.swift) and the C calls (SystemCalls.swift). The lists have an unsafe room of
// their own, with their node storage and its assumptions (Lists/Unsafe/).
//
// Why: the hot path avoids a retain and a release per middleware step, and generic middleware
// run unspecialized, so the handles a `Dispatcher` refers to are not generic and reach their
// typed context, route and engine through unchecked references and casts.
//
// The assumptions, and the debug `assert` that checks each where it can be checked:
//
// 1. An action address (``Borrowed``, ``ErasedBorrow``) is valid only while its level runs
//    (phase `.running`): it points at a local of the engine frame that called the middleware.
//    A level that outlives that frame keeps a copy of the action (`savedAction`) instead.
//    Checked: `DispatchLevel.passOn(replacement:)` asserts that a running level has one.
// 2. A level reads its `context` only while its middleware runs (the engine frame holds the
//    context) or while it is deferred (the level then holds the context strongly, in
//    `heldContext`). A level that passed the action on never touches its context again.
//    Checked: `DispatchLevel.context(as:)` asserts the phase; `continueChain` asserts that the
//    context is on the engine's stack.
// 3. A route lives as long as its engine: the engine's table never lets go of one. The engine
//    lends its last route (`lastRoute`), a context its route (`routeReference`), a route its
//    reducer (`reducing`) and a level its step (`step`). A level reads its `route` and runs its
//    `step` only while it runs (the engine is on the stack), or after checking through its
//    `link` that the engine is alive. Checked: `passOn` reads the route of a deferred level, or
//    of one that passed the action on, only when `link.isAlive`.
// 4. The engine outlives every context on its stack; handles that outlive a dispatch reach the
//    engine only through ``EngineLink``, which the engine's `deinit` clears. Checked:
//    `continueChain` asserts `link.isAlive` before it lends the engine.
// 5. Everything here runs on the main actor; the type-level casts reinterpret a value as the
//    type it was just compared equal to, or as the type it was stored with. Checked:
//    ``reinterpret(_:as:)``, ``uncheckedDowncast(_:to:)`` and
//    ``UncheckedReference/withObject(as:_:)`` assert the type.
// 6. The stored properties of the engine's classes that a dispatch touches are
//    `@exclusivity(unchecked)`: each dynamic check costs more than the access (callgrind: a plain
//    dispatch took 2,422 instructions with the checks, 960 without). Only the main actor touches
//    them, and the engine never holds an access to one across a call that could reach it again,
//    with one exception: a notification reads `SubscriberList.entries` in place across the
//    subscribers' calls, which may add and remove subscribers; the list then writes to other
//    properties only, and changes `entries` once the notification ended (assumption 9).
//    Not checkable by an assert: the checks this turns off are the check.
// 7. A subscriber list entry holds its subscriber as an ``UncheckedReference`` and calls it
//    only after the list found the entry's owner alive in the same pass; the owner keeps the
//    subscriber until the call returned: an entry removed during its own call (a subscriber may
//    remove itself, then let go of its last other holder) lets go of its owner only at the
//    compaction that ends the notification. Checked at run time, not only in debug builds:
//    `SubscriberList.notify` calls an entry only after its `isReleased()` returned `false`, and
//    `SubscriberList.remove` does not let go of the owner of the entry being called.
// 8. A state part is read and written in place at the offset `MemoryLayout.offset(of:)` gave
//    for a stored property of that very state type. Checked: `StatePart.init` asserts that the
//    part lies inside the state.
// 9. Elements read in place (``Swift/Array/withElementsInPlace(_:)``) and states compared in
//    place (``withBorrowed(_:_:)``) are read only while the closure runs, which neither
//    changes nor lets go of the array or the state; an element lent on from there
//    (``UncheckedReference``) is used only while the array holds it. Checked by the types
//    where the closures get no way to reach the array, and the borrowed state is a local of
//    the caller; a notification, whose closure calls subscribers, defers every change of the
//    subscriber list to its end (`SubscriberList.notify`), and a pooled level is replaced only
//    when it is not running (assumption 2).
// 10. An action journal's columns live as long as the journal: its `columns` never lets go of
//    one, so the column it lends itself for the last action type kept (`lastColumn`) is alive
//    whenever it reads it. Checked: ``UncheckedReference/withObject(as:_:)`` asserts the type,
//    and `ActionJournal.useColumn(for:)` is the only writer of `lastColumn`.
// 11. The engine lends a store's first action journal and first action tap
//    (`ChangeObservers.journal`, `.tap`) to its commit without a retain: `ChangeObservers`
//    holds each until its subscription is cancelled, and the commit reads what it needs of it
//    (its `next`) before handing it the action, and touches it no more after: a journal or a
//    tap calls out only as the last step (`asked`, `told`), so even a feature that let go of
//    it from there would not be read again. Checked by the code's shape
//    (`DispatchEngine.commit(_:cause:keeping:tapping:)`, `tellTaps`), not by an assert.
// 12. The engine lends the store's composed observers (`ChangeObservers.before`, `.after`)
//    to its commit without a retain: `ChangeObservers.composed` holds them, and a rebuild
//    while a change is being told (an observer added or cancelled from a subscriber or an
//    observer: the subscriber list is notifying, or `isTellingAfter` is set around the call of
//    `after`) keeps the ones it replaces in `retired` until the engine ends that change.
//    Checked in a release build (a debug build retains around the call anyway) by
//    `Benchmarks/remvvm-lending-check`, run in CI: an observer that cancels every observer from
//    its own call finds what only the cancelled ones held still alive, and gone after the
//    change; it fails when the retirement is taken out.

/// Reinterprets a value as a type it was just compared equal to (assumption 5).
///
/// Always inlined, so that in a release build the target type's metadata is never looked up:
/// `Benchmarks/remvvm-profile mw5typed` under callgrind counts the same instructions as a bare
/// `unsafeBitCast`. Package-wide, so that the package's middleware that see every action read
/// their own action type through this one audited cast.
@inlinable
@inline(__always)
package func reinterpret<Value, Target>(_ value: Value, as _: Target.Type) -> Target {
    assert(Value.self == Target.self, "internal inconsistency: \(Value.self) is not \(Target.self)")
    return unsafeBitCast(value, to: Target.self)
}

/// Downcasts an object to the class it was stored as (assumption 5).
@inlinable
@inline(__always)
func uncheckedDowncast<Target: AnyObject>(_ object: AnyObject, to _: Target.Type) -> Target {
    assert(object is Target, "internal inconsistency: \(type(of: object)) is not \(Target.self)")
    return unsafeDowncast(object, to: Target.self)
}

/// The value of an optional that the assumption cited at the call says holds one, unwrapped
/// without the release build's check (a debug build checks): the engine's hot path reads the
/// action address of a running level (assumption 1), a route's typed step (assumption 5) and a
/// subscriber entry's owner (assumption 7) this way.
@inlinable
@inline(__always)
func uncheckedUnwrap<Wrapped>(_ value: Wrapped?) -> Wrapped {
    assert(value != nil, "internal inconsistency: an unchecked unwrap of nil")
    return value.unsafelyUnwrapped
}

/// A reference that neither retains its object nor checks that it is alive: for the engine's
/// handles, whose objects something else holds while they are read (assumptions 2, 3, 4, 7).
///
/// ``withObject(_:)`` lends the object to a closure without a retain and a release: a load of
/// an `unowned(unsafe)` property retains the object for the length of the call it is passed to
/// (callgrind, `mw1`: two pairs per middleware step, 80 instructions).
@usableFromInline
struct UncheckedReference<Object: AnyObject> {
    @usableFromInline var unmanaged: Unmanaged<Object>

    @inlinable
    init(_ object: Object) {
        unmanaged = .passUnretained(object)
    }

    /// Runs `body` with the object, neither retained nor checked.
    @inlinable
    @inline(__always)
    func withObject<Result>(_ body: (Object) -> Result) -> Result {
        unmanaged._withUnsafeGuaranteedRef(body)
    }

    /// Runs `body` with the object as the class it was stored as (assumption 5).
    @inlinable
    @inline(__always)
    func withObject<Target: AnyObject, Result>(as _: Target.Type, _ body: (Target) -> Result) -> Result {
        assert(
            unmanaged.takeUnretainedValue() is Target,
            "internal inconsistency: \(type(of: unmanaged.takeUnretainedValue())) is not \(Target.self)")
        return Unmanaged<Target>.fromOpaque(unmanaged.toOpaque())._withUnsafeGuaranteedRef(body)
    }

    /// The object, retained for the caller: for paths off the dispatch's hot path.
    @inlinable
    var object: Object { unmanaged.takeUnretainedValue() }
}

/// The address of a value that lives in the caller's frame, lent for the length of a call: the
/// action of a running middleware (assumption 1), or a state compared in place (assumption 9).
/// Reading through it copies nothing but what is read.
@usableFromInline
struct Borrowed<Value> {
    @usableFromInline let pointer: UnsafePointer<Value>

    @inlinable
    init(_ pointer: UnsafePointer<Value>) {
        self.pointer = pointer
    }

    /// The value at the address.
    @inlinable
    var value: Value { pointer.pointee }

    /// The value of `keyPath` in the value at the address, projected in place.
    @inlinable
    subscript<Part>(keyPath keyPath: KeyPath<Value, Part>) -> Part {
        pointer.pointee[keyPath: keyPath]
    }

    /// The address without its type, for the handles that do not know it.
    @inlinable
    var erased: ErasedBorrow { ErasedBorrow(UnsafeRawPointer(pointer)) }
}

/// A ``Borrowed`` address whose type the holder does not know; read back only as the type it
/// was made from (assumption 5).
@usableFromInline
struct ErasedBorrow {
    @usableFromInline let pointer: UnsafeRawPointer

    @inlinable
    init(_ pointer: UnsafeRawPointer) {
        self.pointer = pointer
    }

    /// The address as the type it was made from.
    @inlinable
    func assuming<Value>(_: Value.Type) -> Borrowed<Value> {
        Borrowed(pointer.assumingMemoryBound(to: Value.self))
    }
}

/// Runs `body` with the address of `value`, valid until `body` returns.
@inlinable
@inline(__always)
func withBorrowed<Value, Result>(_ value: inout Value, _ body: (Borrowed<Value>) -> Result) -> Result {
    withUnsafePointer(to: &value) { body(Borrowed($0)) }
}

extension Array {
    /// Runs `body` with the elements read in place: an element read from an array is copied,
    /// which retains what it holds; read here, it is not (assumption 9).
    @inlinable
    @inline(__always)
    func withElementsInPlace<Result>(_ body: (UnsafeBufferPointer<Element>) -> Result) -> Result {
        withUnsafeBufferPointer(body)
    }

    /// Runs `body` with the elements in place, mutable without a uniqueness check per access:
    /// for `isKnownUniquelyReferenced` on the references the elements hold (assumption 9).
    @inlinable
    @inline(__always)
    mutating func withMutableElementsInPlace<Result>(
        _ body: (inout UnsafeMutableBufferPointer<Element>) -> Result
    ) -> Result {
        withUnsafeMutableBufferPointer(body)
    }
}

/// Whether a store's engine is still alive, for the handles that do not know its state type.
@usableFromInline
class EngineLiveness: @unchecked Sendable {
    @usableFromInline nonisolated(unsafe) var isAlive = true

    @usableFromInline
    init() {}
}

/// How handles that outlive a dispatch reach their engine (assumption 4): `unowned(unsafe)`,
/// guarded by a flag the engine clears in its `deinit`. A `weak` reference would give the
/// engine a side table and make every retain and release of it take the slow path.
@usableFromInline
final class EngineLink<State: StoreState>: EngineLiveness, @unchecked Sendable {
    @usableFromInline nonisolated(unsafe) unowned(unsafe) var target: DispatchEngine<State>?

    @usableFromInline
    override init() {}

    /// The engine, or `nil` once it was deallocated.
    @inlinable
    @MainActor
    var engine: DispatchEngine<State>? { isAlive ? target : nil }
}

/// Runs `body` with `value`, in place, as the type it was compared equal to (assumption 5):
/// the engine's row reducer writes an `IdentifiedArray` it knows only as a generic collection.
@inlinable
@inline(__always)
func withReinterpretedInPlace<Value, Target, Result>(
    _ value: inout Value, as _: Target.Type, _ body: (inout Target) -> Result
) -> Result {
    assert(Value.self == Target.self, "internal inconsistency: \(Value.self) is not \(Target.self)")
    return withUnsafeMutablePointer(to: &value) { pointer in
        pointer.withMemoryRebound(to: Target.self, capacity: 1) { body(&$0.pointee) }
    }
}

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

    /// Runs `body` with the part of `state`, in place; only for a part made from a
    /// `WritableKeyPath`.
    @inlinable
    func modify(in state: inout State, _ body: (inout Part) -> Bool) -> Bool {
        // The pointer comes from the `inout` argument: `withUnsafeMutablePointer(to:)` asked for
        // `Result`'s metadata at each call (callgrind, `screen.case`: 340 instructions).
        Self.modify(&state, offset: offset, body)
    }

    @inlinable
    static func modify(_ state: UnsafeMutablePointer<State>, offset: Int, _ body: (inout Part) -> Bool)
        -> Bool
    {
        body(&(UnsafeMutableRawPointer(state) + offset).assumingMemoryBound(to: Part.self).pointee)
    }

    @inlinable
    static func reduce(_ state: UnsafeMutablePointer<State>, offset: Int, _ body: (Part) -> Part) {
        let part = (UnsafeMutableRawPointer(state) + offset).assumingMemoryBound(to: Part.self)
        part.pointee = body(part.pointee)
    }
}
