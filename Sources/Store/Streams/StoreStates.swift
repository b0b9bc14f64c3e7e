/// The states of a ``Store`` as an asynchronous sequence: the current state first, then every
/// change, in order.
///
/// Deprecated with ``Store/states`` and ``Store/states(bufferingPolicy:)``, which return it:
/// `values(of: \.self)` returns a ``StoreValues`` of the whole state, which works the same way.
///
/// ```swift
/// for await state in store.values(of: \.self) {
///     render(state)
/// }
/// ```
///
/// Each iteration (each ``makeAsyncIterator()``) subscribes to the store on its own at its
/// first `next()`, starts with the state current then, and counts among the store's
/// subscribers while it runs. It never throws. It ends, and its subscription
/// goes, when its task is cancelled (at once, without waiting for a change), when the loop is
/// left, or when the store is freed; a running iteration does not keep the store alive.
public struct StoreStates<State: StoreState>: AsyncSequence, Sendable {
    /// The element type: the store's state.
    public typealias Element = State
    /// Iterating never fails.
    public typealias Failure = Never

    private weak var store: Store<State>?
    private let bufferingPolicy: AsyncStream<State>.Continuation.BufferingPolicy
    /// Whether iterations wait with `next(isolation:)`; tests set it to take the fallback of
    /// systems older than macOS 15 and iOS 18 on any system.
    private let hasIsolatedNext: Bool

    init(
        store: Store<State>,
        bufferingPolicy: AsyncStream<State>.Continuation.BufferingPolicy,
        hasIsolatedNext: Bool = StoreStream<State>.systemHasIsolatedNext
    ) {
        self.store = store
        self.bufferingPolicy = bufferingPolicy
        self.hasIsolatedNext = hasIsolatedNext
    }

    /// The iterator of an iteration: see ``StoreIterator``.
    public typealias Iterator = StoreIterator<State>

    /// Starts an iteration with its own subscription, made at its first `next()`.
    ///
    /// - Returns: The iterator.
    public func makeAsyncIterator() -> Iterator {
        Iterator(
            stream: StoreStream(
                following: store,
                bufferingPolicy: bufferingPolicy,
                hasIsolatedNext: hasIsolatedNext,
                first: { $0 },
                change: { state, _ in state }
            )
        )
    }
}
