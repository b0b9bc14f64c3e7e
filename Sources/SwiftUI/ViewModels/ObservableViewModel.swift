public import Observation

/// The base class of a view model that SwiftUI observes on every release the package
/// supports: an `ObservableObject` that publishes `objectWillChange` (iOS 16, macOS 13, tvOS 16,
/// watchOS 9), and, from iOS 17, macOS 14, tvOS 17 and watchOS 10, `Observable` as well.
///
/// A view model derives its ``state`` from the store and sets it with ``update(_:)``; a new
/// view state is announced only when it differs from the one before:
///
/// ```swift
/// struct CounterViewState: Equatable { var text: String }
///
/// final class CounterViewModel: ObservableViewModel<CounterViewState>, StoreSubscriber {
///     init(store: Store<AppState>) {
///         super.init(state: CounterViewState(text: "\(store.state.count)"))
///         store.add(subscriber: self)
///     }
///     func didChange(state: AppState, oldState: AppState) {
///         update(CounterViewState(text: "\(state.count)"))
///     }
/// }
/// ```
///
/// The same class is written once and observed alike: a view holds it with `@StateObject` or
/// `@ObservedObject` on every release, and from iOS 17 also as a plain property, where SwiftUI
/// tracks the read of ``state`` through Observation. On Linux, where neither Combine nor
/// SwiftUI exists, it is a plain class with the same members, so view models and their tests
/// compile there too.
///
/// - Complexity: ``update(_:)`` compares the new view state with the current one once.
@MainActor
open class ObservableViewModel<ViewState: Equatable> {
    private var current: ViewState
    /// Combine's `ObservableObjectPublisher`, made at SwiftUI's first ask (see
    /// ObservableViewModel+Combine.swift); `nil` where Combine is missing or nobody asked.
    var willChangePublisher: AnyObject?
    /// The `ObservationRegistrar`, on releases that have Observation: a stored property cannot
    /// have a type newer than the floor, so it is kept as `Any`.
    private let registrar: Any?
    /// Called before each announced change: the Combine publisher's send, and tests.
    var willChange: [@MainActor () -> Void] = []

    /// Creates a view model that shows `state` first.
    ///
    /// - Parameter state: The first view state.
    public init(state: ViewState) {
        current = state
        if #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) {
            registrar = ObservationRegistrar()
        } else {
            registrar = nil
        }
    }

    /// The view state: what the screen shows.
    ///
    /// Reading it in a SwiftUI body (or `withObservationTracking`) on a release with
    /// Observation registers the read; on every release, `objectWillChange` fires before it
    /// changes.
    public final var state: ViewState {
        if #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *),
            let registrar = registrar as? ObservationRegistrar
        {
            registrar.access(self, keyPath: \.state)
        }
        return current
    }

    /// Sets the view state, and announces it, when `newState` differs from the current one.
    ///
    /// <!-- snippet: given viewModel: ObservableViewModel<Int> -->
    /// ```swift
    /// viewModel.update(3)   // objectWillChange fires, Observation reports \.state
    /// viewModel.update(3)   // the same: nothing is announced
    /// ```
    ///
    /// - Parameter newState: The new view state.
    /// - Returns: Whether the state changed.
    @discardableResult
    public final func update(_ newState: ViewState) -> Bool {
        guard newState != current else { return false }
        for observer in willChange { observer() }
        if #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *),
            let registrar = registrar as? ObservationRegistrar
        {
            registrar.withMutation(of: self, keyPath: \.state) { current = newState }
        } else {
            current = newState
        }
        return true
    }
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension ObservableViewModel: Observable {}
