/// One part of a ``Store``'s state as an asynchronous sequence: its current value first, then
/// each value that differs from the one before.
///
/// Get one from ``Store/values(of:bufferingPolicy:)``:
///
/// ```swift
/// for await name in store.values(of: \.user?.firstName) {
///     header.text = name ?? "Guest"
/// }
/// ```
///
/// Iterations behave as those of ``StoreStates``: each has its own subscription, counted in
/// ``Store/subscriberCount`` while it runs, never throws, and ends when its task is cancelled,
/// when the loop is left, or when the store is freed, which it does not keep alive.
public struct StoreValues<State: StoreState, Value: Equatable & Sendable>: AsyncSequence, Sendable {
    /// The element type: the selected value.
    public typealias Element = Value
    /// Iterating never fails.
    public typealias Failure = Never

    private weak var store: Store<State>?
    private let keyPath: MainActorKeyPath<State, Value>
    private let bufferingPolicy: AsyncStream<Value>.Continuation.BufferingPolicy
    /// Whether iterations wait with `next(isolation:)`; see ``StoreStates``.
    private let hasIsolatedNext: Bool

    init(
        store: Store<State>,
        keyPath: KeyPath<State, Value>,
        bufferingPolicy: AsyncStream<Value>.Continuation.BufferingPolicy,
        hasIsolatedNext: Bool = StoreStream<Value>.systemHasIsolatedNext
    ) {
        self.store = store
        self.keyPath = MainActorKeyPath(keyPath: keyPath)
        self.bufferingPolicy = bufferingPolicy
        self.hasIsolatedNext = hasIsolatedNext
    }

    /// The iterator of an iteration: see ``StoreIterator``.
    public typealias Iterator = StoreIterator<Value>

    /// Starts an iteration with its own subscription, made at its first `next()`.
    ///
    /// - Returns: The iterator.
    public func makeAsyncIterator() -> Iterator {
        let keyPath = self.keyPath
        return Iterator(
            stream: StoreStream(
                following: store,
                bufferingPolicy: bufferingPolicy,
                hasIsolatedNext: hasIsolatedNext,
                first: { $0[keyPath: keyPath.keyPath] },
                change: { state, oldState in
                    let value = state[keyPath: keyPath.keyPath]
                    return value != oldState[keyPath: keyPath.keyPath] ? value : nil
                }
            )
        )
    }
}
