public import ReMVVMStore

/// What an ``AsyncEffect``'s work uses to send results back to the store, on the main actor.
///
/// Once the run was cancelled (a newer action arrived with `cancelInFlight`, or
/// ``AsyncEffect/cancelAll()`` was called), every call does nothing and returns `false`.
///
/// ```swift
/// AsyncEffect<LoadUser, AppState> { action, effect in
///     let user = await api.user(id: action.id)
///     guard !Task.isCancelled else { return }
///     await effect.dispatch(action: UserLoaded(user: user))
///     await effect.next()
/// }
/// ```
public struct EffectContext<Action: StoreAction, State: StoreState>: Sendable {
    let run: EffectRun<Action, State>
    /// The dependencies of the store the effect runs in, read when the run started.
    let storeDependencies: DependencyValues

    /// The dependencies of the store the effect runs in: its clock, and the clients and
    /// services its initializer set.
    ///
    /// ```swift
    /// AsyncEffect<SearchAction, AppState>(cancelInFlight: true, reduceFirst: true) { action, effect in
    ///     let books = try? await effect.dependencies.searchClient.search(action.query)
    ///     await effect.dispatch(action: SearchResponse(books: books ?? []))
    /// }
    /// ```
    ///
    /// The same values as `Dispatcher.dependencies` in a middleware of the store: each key's
    /// `liveValue` in a `Store`, its `testValue` in a `TestStore`, unless the store's
    /// initializer set it. Reading them needs no `await`, and works after the run was
    /// cancelled too.
    public var dependencies: DependencyValues { storeDependencies }

    /// Whether this run was cancelled.
    @MainActor
    public var isCancelled: Bool { run.isCancelled }

    /// Passes the action, or a replacement, on to the next middleware and the reducer.
    ///
    /// With an ``AsyncEffect`` made with `reduceFirst: true` the action was passed on before
    /// the work started, and this does nothing.
    ///
    /// - Parameters:
    ///   - action: A replacement for the action; `nil` passes it on unchanged.
    ///   - completion: Runs with the new state after the state changed.
    /// - Returns: `false` when the run was cancelled, or the action was passed on already, and
    ///   nothing happened.
    @MainActor
    @discardableResult
    public func next(action: Action? = nil, completion: (@MainActor (State) -> Void)? = nil) -> Bool {
        guard let dispatcher = run.dispatcher, !run.passedOn else { return false }
        dispatcher.next(action: action, completion: completion)
        return true
    }

    /// Dispatches a new action through the whole middleware stack.
    ///
    /// - Parameter action: The new action.
    /// - Returns: `false` when the run was cancelled and nothing happened.
    @MainActor
    @discardableResult
    public func dispatch(action: some StoreAction) -> Bool {
        guard let dispatcher = run.dispatcher else { return false }
        dispatcher.dispatch(action: action)
        return true
    }
}
