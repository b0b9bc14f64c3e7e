public import Observation

/// A store's state for Observation and SwiftUI: a read registers the key path it went
/// through, and after a change only key paths whose values changed are reported.
///
/// Get the store's one instance from ``Store/observed``:
///
/// ```swift
/// import SwiftUI
///
/// struct HeaderView: View {
///     let observed: ObservedState<AppState>
///     var body: some View {
///         Text(observed.user?.firstName ?? "Guest")   // tracks \.user only
///     }
/// }
/// ```
///
/// After each change, during the dispatch, every key path that was read is compared: an
/// `Equatable` value is reported when it differs (`==`), any other value at every change.
/// Observation (`withObservationTracking`, SwiftUI) hears only about those key paths. As with
/// Observation's own properties, its `onChange` runs before the change shows: a read in it
/// still gives the value from before, as a ``StoreViewModel``'s `state` does; after the
/// dispatch, reads give the new state.
///
/// Dot syntax tracks the first property of a chain: `observed.search.query` tracks `\.search`,
/// because Swift's dynamic member lookup hands this object only that step. To track a leaf
/// alone, give the whole key path: `observed[\.search.query]` is told only when the query
/// changes, not when `search.isLoading` does.
///
/// It does not keep the store alive; once the store is gone, reads return the last state it
/// saw. The store subscribes it at the first read, so a store whose state nobody reads
/// through it pays nothing per dispatch.
///
/// Observation ships with macOS 14, iOS 17, tvOS 17 and watchOS 10, so this type needs those
/// systems or later; ``Store/values(of:bufferingPolicy:)-3qp10`` and
/// ``Store/subscribe(to:timing:_:)-b5t9`` follow the state at the
/// package's floor.
///
/// - Complexity: Each change costs O(*k*) for the *k* key paths read so far, whatever the
///   size of the state.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@MainActor
@dynamicMemberLookup
public final class ObservedState<State: StoreState>: Observable {
    private let registrar = ObservationRegistrar()
    private weak var store: Store<State>?
    /// The state as of the last change seen, for reads once the store is gone.
    private var lastState: State
    private var tracked: [AnyKeyPath: TrackedKeyPath] = [:]
    /// The tracked key paths in the order they were first read; scanned at each change.
    private var trackedInOrder: [TrackedKeyPath] = []
    private var subscription: StoreSubscription?

    /// A key path read through this object: the key path on this object that Observation
    /// tracks for it, and how to tell whether its value changed.
    /// Whether a tracked value differs between two states, behind pointers.
    @usableFromInline
    typealias HasChanged = (Borrowed<State>, Borrowed<State>) -> Bool

    private struct TrackedKeyPath {
        let observationKeyPath: KeyPath<ObservedState, Int>
        /// Compares the states behind pointers: a state can be large, and each comparison
        /// would copy both.
        let hasChanged: HasChanged
    }

    init(store: Store<State>) {
        self.store = store
        lastState = store.state
    }

    /// Reads an `Equatable` part of the state and registers its key path with Observation,
    /// which is told about it only when its value changes.
    ///
    /// - Parameter keyPath: The part of the state.
    /// - Returns: Its current value.
    @inlinable
    public subscript<Value: Equatable>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
        // Inlinable, so that the comparison made at the first read is specialized for the
        // client's state and value types: `Benchmarks/remvvm-profile observe100` under callgrind
        // spent most of each change in unspecialized comparisons.
        track(keyPath) {
            // A stored part is compared in place: a key-path projection per read costs more.
            if let part = StatePart(keyPath) {
                return { part.value(in: $0) != part.value(in: $1) }
            }
            return { $0[keyPath: keyPath] != $1[keyPath: keyPath] }
        }
        return currentState[keyPath: keyPath]
    }

    /// Reads a part of the state and registers its key path with Observation, which is told
    /// about it at every change, since the value cannot be compared.
    ///
    /// - Parameter keyPath: The part of the state.
    /// - Returns: Its current value.
    public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
        track(keyPath) { { _, _ in true } }
        return currentState[keyPath: keyPath]
    }

    /// Reads a nested `Equatable` part of the state and registers that whole key path, so
    /// Observation is told only when that leaf changes.
    ///
    /// ```swift
    /// struct Search: Equatable { var query = "", isLoading = false }
    /// struct SearchState: StoreState { var search = Search() }
    ///
    /// let store = Store(with: SearchState())
    /// let observed = store.observed
    /// let query = observed[\.search.query]   // not told when search.isLoading changes
    /// let same = observed.search.query       // tracks \.search: told at every change of search
    /// ```
    ///
    /// Swift's dynamic member lookup gives this object only the first step of a chain of
    /// properties (`observed.search.query` reads `\.search`, then `.query` of the value it
    /// returned), so a nested read through dot syntax tracks its first property. A key path
    /// given whole is tracked whole.
    ///
    /// - Parameter keyPath: The part of the state, as deep as needed.
    /// - Returns: Its current value.
    @inlinable
    public subscript<Value: Equatable>(keyPath: KeyPath<State, Value>) -> Value {
        self[dynamicMember: keyPath]
    }

    /// Reads a nested part of the state that is not `Equatable` and registers that whole key
    /// path; Observation is told about it at every change.
    ///
    /// - Parameter keyPath: The part of the state, as deep as needed.
    /// - Returns: Its current value.
    public subscript<Value>(keyPath: KeyPath<State, Value>) -> Value {
        self[dynamicMember: keyPath]
    }

    /// The key path Observation tracks for the state key path numbered `index`; the value is
    /// never used.
    nonisolated subscript(trackedKeyPath index: Int) -> Int { index }

    /// The state reads see: while subscribed, the state as of the last change reported, so
    /// that Observation's `onChange`, which runs before a change as Observation's own
    /// properties do, still reads the value from before it, as ``StoreViewModel`` does.
    @usableFromInline
    var currentState: State { subscription == nil ? store?.state ?? lastState : lastState }

    /// Registers `keyPath` with Observation; `makeHasChanged` runs only at its first read.
    @usableFromInline
    func track(_ keyPath: AnyKeyPath, makeHasChanged: () -> HasChanged) {
        let entry: TrackedKeyPath
        if let existing = tracked[keyPath] {
            entry = existing
        } else {
            entry = TrackedKeyPath(
                observationKeyPath: \ObservedState.[trackedKeyPath: trackedInOrder.count],
                hasChanged: makeHasChanged()
            )
            tracked[keyPath] = entry
            trackedInOrder.append(entry)
            subscribeIfNeeded()
        }
        registrar.access(self, keyPath: entry.observationKeyPath)
    }

    private func subscribeIfNeeded() {
        guard subscription == nil, let store else { return }
        lastState = store.state
        subscription = store.engine.subscribers.subscribe { [weak self] state, oldState in
            self?.report(state, oldState)
        }
    }

    /// Tells Observation about the key paths whose values differ between the two states,
    /// while reads still give the old state (Observation's `onChange` runs before a change
    /// shows); reads give the new state once every key path was reported.
    private func report(_ state: State, _ oldState: State) {
        var newState = state
        var oldState = oldState
        withBorrowed(&newState) { new in withBorrowed(&oldState) { old in report(new, old) } }
        lastState = state
    }

    private func report(_ state: Borrowed<State>, _ oldState: Borrowed<State>) {
        // Through the buffer: copying each entry out of the array would retain its key path
        // and its closure, which costs more than most comparisons.
        trackedInOrder.withElementsInPlace { entries in
            for index in entries.indices where entries[index].hasChanged(state, oldState) {
                registrar.willSet(self, keyPath: entries[index].observationKeyPath)
                registrar.didSet(self, keyPath: entries[index].observationKeyPath)
            }
        }
    }
}
