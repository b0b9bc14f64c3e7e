/// What a level needs of its route without knowing the action or state type: the continuation
/// of the chain, made where the action type is known, so that it runs specialized code even
/// when an unspecialized generic middleware calls `next`.
@MainActor
@usableFromInline
class RouteHandle {
    /// Runs the rest of the chain after `level`, with the action at the pointer.
    @usableFromInline let continueChain: @MainActor (DispatchLevel, UnsafeRawPointer) -> Void
    /// Resumes the chain after the deferred `level`, with a replacement action or its own.
    @usableFromInline let resumeChain: @MainActor (DispatchLevel, UnsafeRawPointer?) -> Void
    /// Reports a second `next` from `level`.
    let reportNextCalledTwice: @MainActor (DispatchLevel) -> Void

    @usableFromInline
    init(
        continueChain: @escaping @MainActor (DispatchLevel, UnsafeRawPointer) -> Void,
        resumeChain: @escaping @MainActor (DispatchLevel, UnsafeRawPointer?) -> Void,
        reportNextCalledTwice: @escaping @MainActor (DispatchLevel) -> Void
    ) {
        self.continueChain = continueChain
        self.resumeChain = resumeChain
        self.reportNextCalledTwice = reportNextCalledTwice
    }
}
