/// An iteration of ``StoreStates`` or ``StoreValues``: the current element first, then each
/// change, until the task is cancelled, the loop is left or the store is freed.
///
/// ```swift
/// Task {
///     var states = store.states.makeAsyncIterator()
///     let current = await states.next()   // the state now
///     let changed = await states.next()   // the state after the next change
/// }
/// ```
///
/// The iteration subscribes to the store at its first `next()` and holds nothing that keeps the
/// store alive. It never throws; `nil` means it ended.
public struct StoreIterator<Element: Sendable>: AsyncIteratorProtocol {
    private var stream: StoreStream<Element>

    init(stream: StoreStream<Element>) {
        self.stream = stream
    }

    /// Returns the next element, waiting for a change; `nil` once the iteration ended.
    ///
    /// - Returns: The next element, or `nil` when the task was cancelled or the store freed.
    public mutating func next() async -> Element? {
        await stream.next(isolation: nil)
    }

    /// Returns the next element, waiting for a change; `nil` once the iteration ended.
    ///
    /// - Parameter actor: The caller's actor, which the iteration stays on while it waits.
    /// - Returns: The next element, or `nil` when the task was cancelled or the store freed.
    public mutating func next(isolation actor: isolated (any Actor)?) async -> Element? {
        await stream.next(isolation: actor)
    }
}

@available(*, unavailable)
extension StoreIterator: Sendable {}
