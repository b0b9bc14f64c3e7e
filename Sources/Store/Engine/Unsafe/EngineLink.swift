/// How handles that outlive a dispatch reach their engine: `unowned(unsafe)`, guarded by a flag
/// the engine clears in its `deinit`. A `weak` reference would give the engine a side table and
/// make every retain and release of it take the slow path.
@usableFromInline
final class EngineLink<State: StoreState>: @unchecked Sendable {
    @usableFromInline nonisolated(unsafe) unowned(unsafe) var target: DispatchEngine<State>?
    @usableFromInline nonisolated(unsafe) var isAlive = true

    @usableFromInline
    init() {}

    /// The engine, or `nil` once it was deallocated.
    @inlinable
    @MainActor
    var engine: DispatchEngine<State>? { isAlive ? target : nil }
}
