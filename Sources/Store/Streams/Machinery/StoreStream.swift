/// The iteration behind ``StoreStates`` and ``StoreValues``: one store subscription per
/// iteration, made on the main actor at the first `next()`, feeding an `AsyncStream`.
///
/// The iteration holds the ``StoreSubscription`` and nothing that keeps the store alive. It
/// ends when the task is cancelled (the stream's own cancellation handler wakes it at once),
/// when the iterator is dropped (the store lets the released subscription go at its next
/// dispatch), or when the store is freed (its subscriber list lets go of the closure, whose
/// ``StreamFinisher`` finishes the stream).
struct StoreStream<Element: Sendable> {
    /// Subscribes on the main actor: yields the first element into the continuation and returns
    /// the subscription that yields the others, or `nil` when the store is gone.
    typealias Start = @MainActor @Sendable (AsyncStream<Element>.Continuation) -> StoreSubscription?

    private var start: Start?
    private let bufferingPolicy: AsyncStream<Element>.Continuation.BufferingPolicy
    private var elements: AsyncStream<Element>.Iterator?
    private var subscription: StoreSubscription?
    /// Whether the stream's iterator has `next(isolation:)` (macOS 15, iOS 18, tvOS 18,
    /// watchOS 11); before those systems it has only the nonisolated `next()`. A stored choice
    /// rather than an inline `#available`, so tests on every platform take both paths.
    private let hasIsolatedNext: Bool

    init(
        bufferingPolicy: AsyncStream<Element>.Continuation.BufferingPolicy,
        hasIsolatedNext: Bool = Self.systemHasIsolatedNext,
        start: @escaping Start
    ) {
        self.start = start
        self.bufferingPolicy = bufferingPolicy
        self.hasIsolatedNext = hasIsolatedNext
    }

    /// An iteration of `store`: `first` of the state current at the first `next()`, then
    /// `change` of each change, where it is not `nil`.
    init<State: StoreState>(
        following store: Store<State>?,
        bufferingPolicy: AsyncStream<Element>.Continuation.BufferingPolicy,
        hasIsolatedNext: Bool,
        first: @escaping @MainActor @Sendable (State) -> Element,
        change: @escaping @MainActor @Sendable (State, State) -> Element?
    ) {
        weak let store = store
        self.init(bufferingPolicy: bufferingPolicy, hasIsolatedNext: hasIsolatedNext) { continuation in
            guard let store else {
                continuation.finish()
                return nil
            }
            continuation.yield(first(store.state))
            let finisher = StreamFinisher(continuation)
            return store.engine.subscribers.subscribe { state, oldState in
                if let element = change(state, oldState) { finisher.continuation.yield(element) }
            }
        }
    }

    static var systemHasIsolatedNext: Bool {
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) { true } else { false }
    }

    mutating func next(isolation actor: isolated (any Actor)?) async -> Element? {
        if Task.isCancelled {
            await end(isolation: actor)
            return nil
        }
        if let start {
            self.start = nil
            let (stream, continuation) = AsyncStream.makeStream(
                of: Element.self,
                bufferingPolicy: bufferingPolicy
            )
            subscription = await start(continuation)
            elements = stream.makeAsyncIterator()
        }
        guard elements != nil, let element = await nextElement(isolation: actor) else {
            await end(isolation: actor)
            return nil
        }
        return element
    }

    private mutating func nextElement(isolation actor: isolated (any Actor)?) async -> Element? {
        if hasIsolatedNext, #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
            return await elements?.next(isolation: actor)
        }
        // The fallback waits off the caller's actor and comes back to it. The iterator is a
        // handle on the stream's own locked storage, and this iteration is its only user, so
        // taking it along is safe: the compiler cannot see that, hence `nonisolated(unsafe)`.
        nonisolated(unsafe) var iterator = elements
        let element = await iterator?.next()
        elements = iterator
        return element
    }

    /// Cancels the subscription, so the store lets it go no later than its next dispatch.
    private mutating func end(isolation actor: isolated (any Actor)?) async {
        start = nil
        elements = nil
        guard let subscription else { return }
        self.subscription = nil
        await Self.cancel(subscription)
    }

    @MainActor
    private static func cancel(_ subscription: StoreSubscription) {
        subscription.cancel()
    }
}
