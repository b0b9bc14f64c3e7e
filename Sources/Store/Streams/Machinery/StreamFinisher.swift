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
