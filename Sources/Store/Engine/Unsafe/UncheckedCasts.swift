// The package's unsafe code: what it assumes, once, and the casts that rely on it.
//
// The hot path avoids a retain and a release per middleware step, and generic middleware run
// unspecialized, so the handles a `Dispatcher` refers to are not generic and reach their typed
// context, route and engine through unchecked references and casts. Every cast goes through a
// function of this file, which `assert`s its assumption in debug builds; the unchecked
// references (`unowned(unsafe)`) cite the assumption that makes them sound. Each piece is sound
// because of one of these:
//
// 1. An action pointer is valid only while its level runs (phase `.running`): it points at a
//    local of the engine frame that called the middleware. A level that outlives that frame
//    keeps a copy of the action (`savedAction`) instead. (DispatchLevel.swift)
// 2. A level reads its `context` only while its middleware runs (the engine frame holds the
//    context) or while it is deferred (the level then holds the context strongly, in
//    `heldContext`). A level that passed the action on never touches its context again.
//    (DispatchLevel.swift)
// 3. A level reads its `route` only while it runs (the engine, which holds its routes, is on
//    the stack), while it is deferred (the context it holds keeps the route), or after checking
//    through its `link` that the engine is alive. (DispatchLevel.swift, DispatchEngine.swift)
// 4. The engine outlives every context on its stack; handles that outlive a dispatch reach the
//    engine only through `EngineLink`, which the engine's `deinit` clears.
//    (DispatchContext.swift, DispatchLevel.swift, EngineLink.swift)
// 5. Everything here runs on the main actor; the type-level casts reinterpret a value as the
//    type it was just compared equal to, or as the type it was stored with. (Middleware.swift,
//    StateMiddleware.swift, SubscriptionEntry.swift, SubscriberList.swift, DispatchLevel.swift,
//    Store+Package.swift's attachments, and the package's middleware that see every action)
// 6. The stored properties of the engine's classes that a dispatch touches are
//    `@exclusivity(unchecked)`: each dynamic check costs more than the access (callgrind: a plain
//    dispatch took 2,422 instructions with the checks, 960 without). Only the main actor touches
//    them, and the engine never holds an access to one across a call that could reach it again.
// 7. A subscriber list entry holds its subscriber `unowned(unsafe)` and calls it only after
//    the list found the entry's owner alive in the same pass; the owner keeps the subscriber.
//    (SubscriptionEntry.swift)
// 8. A state part is read and written in place at the offset `MemoryLayout.offset(of:)` gave
//    for a stored property of that very state type. (StatePart.swift)

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
