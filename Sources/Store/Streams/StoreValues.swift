/// One part of a ``Store``'s state as an asynchronous sequence: its current value first, then
/// each value that differs from the one before (an `Equatable` value), or the value after every
/// change (any other).
///
/// Get one from ``Store/values(of:bufferingPolicy:)-3qp10``:
///
/// ```swift
/// for await name in store.values(of: \.user?.firstName) {
///     header.text = name ?? "Guest"
/// }
/// for await state in store.values(of: \.self) {   // the whole state, of any type
///     render(state)
/// }
/// ```
///
/// Each iteration (each ``makeAsyncIterator()``) subscribes to the store on its own at its
/// first `next()` and starts with the value current then. It never throws. It ends, and its
/// subscription goes, when its task is cancelled (at once, without waiting for a change), when
/// the loop is left, or when the store is freed; a running iteration does not keep the store
/// alive.
public struct StoreValues<State: StoreState, Value: Sendable>: AsyncSequence, Sendable {
    /// The element type: the selected value.
    public typealias Element = Value
    /// Iterating never fails.
    public typealias Failure = Never

    private weak var store: Store<State>?
    private let keyPath: MainActorKeyPath<State, Value>
    /// Whether two values are the same, so that the second is not yielded; `nil` for a value
    /// that is not `Equatable`, yielded after every change.
    private let isSame: (@Sendable (Value, Value) -> Bool)?
    private let bufferingPolicy: AsyncStream<Value>.Continuation.BufferingPolicy
    /// Whether iterations wait with `next(isolation:)`; tests set it to take the fallback of
    /// systems older than macOS 15 and iOS 18 on any system.
    private let hasIsolatedNext: Bool

    init(
        store: Store<State>,
        keyPath: KeyPath<State, Value>,
        isSame: (@Sendable (Value, Value) -> Bool)?,
        bufferingPolicy: AsyncStream<Value>.Continuation.BufferingPolicy,
        hasIsolatedNext: Bool = StoreStream<Value>.systemHasIsolatedNext
    ) {
        self.store = store
        self.keyPath = MainActorKeyPath(keyPath: keyPath)
        self.isSame = isSame
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
        // A value that is not `Equatable` (no `isSame`) is yielded at every change.
        let change: @MainActor @Sendable (State, State) -> Value?
        if let isSame {
            change = { state, oldState in
                let value = state[keyPath: keyPath.keyPath]
                return isSame(value, oldState[keyPath: keyPath.keyPath]) ? nil : value
            }
        } else {
            change = { state, _ in state[keyPath: keyPath.keyPath] }
        }
        return Iterator(
            stream: StoreStream(
                following: store,
                bufferingPolicy: bufferingPolicy,
                hasIsolatedNext: hasIsolatedNext,
                first: { $0[keyPath: keyPath.keyPath] },
                change: change
            )
        )
    }
}
