public import Observation

/// Holds a view state and replaces it with what each ``observe(_:)-(ViewState)`` produces: a
/// value now, the result of async work, or every element of an async sequence.
///
/// A container suits view states that are state machines: each state offers the actions that
/// make sense in it, and an action returns the next state (or a sequence of them). The view
/// hands what an action returns to `observe`, and the container makes it the current state.
///
/// <!-- snippet: given progressStates: AsyncStream<LoadViewState> -->
/// ```swift
/// enum LoadViewState {
///     case initialized
///     case loading
///     case loaded(String)
/// }
///
/// let container = StateContainer(state: LoadViewState.initialized)
/// container.observe(.loading)                                  // a value: set now
/// container.observe { .loaded(await loader.load()) }           // set when the work returns
/// container.observe(progressStates)                            // each element in turn
/// ```
///
/// Every `observe`, the plain one included, replaces the one before: the previous async work
/// or sequence is cancelled (its `Task` is cancelled, so `Task.isCancelled` is true inside it)
/// and whatever it produces later is ignored. A view never shows the late result of an action
/// the user already moved on from.
///
/// The container is `Observable`: a view that reads ``state`` is told when an `observe` sets
/// it. Every value set is reported, equal or not, since a view state need not be `Equatable`.
/// The container does not keep itself alive for its work: once nothing holds it, its work is
/// cancelled and its results are dropped.
///
/// Observation ships with macOS 14, iOS 17, tvOS 17 and watchOS 10, so this type needs those
/// systems or later.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@MainActor
public final class StateContainer<ViewState>: Observable {
    private var current: ViewState
    private let registrar = ObservationRegistrar()
    /// Made once: a key path into a generic class is instantiated, with two allocations, each
    /// time its literal is evaluated (StoreViewModel's literal cost 2 mallocs per dispatch in
    /// bench viewmodel100), and every read of ``state`` uses it.
    private let stateKeyPath = \StateContainer.state
    /// The task running the current async work or sequence, if any.
    private var task: Task<Void, Never>?
    /// Counts the observes: an async result is taken only while its observe is the latest.
    private var generation: UInt64 = 0

    /// Creates a container holding `state`.
    ///
    /// ```swift
    /// let container = StateContainer(state: LoadViewState.initialized)
    /// ```
    ///
    /// - Parameter state: The first view state.
    public init(state: ViewState) {
        current = state
    }

    deinit {
        task?.cancel()
    }

    /// The current view state.
    ///
    /// Reading it inside `withObservationTracking` (or a SwiftUI body) registers the read, so
    /// the reader is told when an `observe` sets a new state.
    public var state: ViewState {
        registrar.access(self, keyPath: stateKeyPath)
        return current
    }

    // MARK: - Observing

    /// Makes `value` the state now, and cancels the async work or sequence observed before.
    ///
    /// ```swift
    /// let container = StateContainer(state: LoadViewState.initialized)
    /// container.observe(.loading)
    /// ```
    ///
    /// - Parameter value: The new view state.
    public func observe(_ value: ViewState) {
        _ = replaceObservation()
        set(value)
    }

    /// Runs `work` and makes its result the state when it returns, unless another `observe`
    /// came first.
    ///
    /// The state stays as it is while the work runs. A later `observe` cancels the work's task
    /// and its result is ignored, whenever it comes.
    ///
    /// ```swift
    /// let container = StateContainer(state: LoadViewState.initialized)
    /// container.observe(.loading)
    /// container.observe { .loaded(await loader.load()) }
    /// ```
    ///
    /// - Parameter work: Produces the next view state; runs on the main actor in a new task.
    public func observe(_ work: @escaping @MainActor () async -> ViewState) {
        let generation = replaceObservation()
        task = Task { [weak self] in
            let value = await work()
            self?.set(value, ifStill: generation)
        }
    }

    /// Makes each element of `sequence` the state as it comes, until the sequence ends or
    /// another `observe` replaces it.
    ///
    /// A later `observe` cancels the task iterating the sequence, and any element the sequence
    /// still produces is ignored. A sequence that throws ends there and leaves its last element
    /// as the state: to show a failure, make it an element (a `.failed(message)` state) rather
    /// than an error.
    ///
    /// <!-- snippet: given model: ProfileModel -->
    /// <!-- snippet: given username: String -->
    /// ```swift
    /// let container = StateContainer(state: SaveViewState.editing)
    /// container.observe(model.saveStates(for: username))   // .saving, then .saved or .failed
    /// ```
    ///
    /// - Parameter sequence: The view states to show in turn; iterated on the main actor.
    public func observe<States: AsyncSequence>(_ sequence: States) where States.Element == ViewState {
        let generation = replaceObservation()
        task = Task { [weak self] in
            do {
                for try await value in sequence {
                    guard let self, self.set(value, ifStill: generation) else { return }
                }
            } catch {
                // The sequence ended with an error: the documented outcome is that its last
                // element stays the state, so there is nothing left to do.
            }
        }
    }

    // MARK: - Machinery

    /// Cancels the current work, if any, and returns the generation of the observe that
    /// replaces it.
    private func replaceObservation() -> UInt64 {
        task?.cancel()
        task = nil
        generation &+= 1
        return generation
    }

    /// Sets the state if the observe that produced `value` is still the latest.
    ///
    /// - Returns: Whether it was: `false` tells a sequence to stop.
    @discardableResult
    private func set(_ value: ViewState, ifStill generation: UInt64) -> Bool {
        guard generation == self.generation else { return false }
        set(value)
        return true
    }

    private func set(_ value: ViewState) {
        registrar.withMutation(of: self, keyPath: stateKeyPath) {
            current = value
        }
    }
}
