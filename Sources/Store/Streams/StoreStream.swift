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

    init(bufferingPolicy: AsyncStream<Element>.Continuation.BufferingPolicy, start: @escaping Start) {
        self.start = start
        self.bufferingPolicy = bufferingPolicy
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
        guard elements != nil, let element = await elements?.next(isolation: actor) else {
            await end(isolation: actor)
            return nil
        }
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

/// Finishes a stream when the store lets go of the closure that holds it: when the
/// subscription was released or cancelled, or when the store itself was freed.
final class StreamFinisher<Element: Sendable>: Sendable {
    let continuation: AsyncStream<Element>.Continuation

    init(_ continuation: AsyncStream<Element>.Continuation) {
        self.continuation = continuation
    }

    deinit {
        continuation.finish()
    }
}

/// A key path carried to the main actor, where alone it is applied. Key paths are immutable;
/// the standard library does not mark them `Sendable` only because a subscript component may
/// capture a non-`Sendable` index.
struct MainActorKeyPath<Root, Value>: @unchecked Sendable {
    let keyPath: KeyPath<Root, Value>
}
