import Foundation
import ReMVVMMiddleware
import ReMVVMStore

// MARK: - app, app.bare

/// The state of an app that uses every feature: a counter the dispatched action changes, a
/// user that a persistence keeps, favorites that an undo history keeps, and the navigation.
struct FeaturedState: StoreState {
    var counter = 0
    var user: User?
    var favorites: Set<Int> = []
    var navigation = NavigationState(root: BenchScreen.home)
    let factory: any ViewModelFactory
}

enum FeaturedIncrementReducer: Reducer {
    static func reduce(state: FeaturedState, with action: Increment) -> FeaturedState {
        var state = state
        state.counter &+= 1
        return state
    }
}

/// The only action type the undo history makes steps for; the workload never dispatches it.
struct ToggleFavorite: StoreAction {
    let id: Int
}

enum ToggleFavoriteReducer: Reducer {
    static func reduce(state: FeaturedState, with action: ToggleFavorite) -> FeaturedState {
        var state = state
        if state.favorites.remove(action.id) == nil { state.favorites.insert(action.id) }
        return state
    }
}

/// A store set up as an app sets it up, dispatching `Increment`: with `features`, a
/// `StatePersistence` of the user (which `Increment` leaves as it is), an `ActionHistory` of
/// the last 1,000 actions, an `UndoHistory` of `ToggleFavorite` only, and the navigation
/// (`register(navigation:)` and a `NavigationStateMiddleware`); in both forms three
/// pass-through `AnyMiddleware` and 50 subscribers. `app.bare` is the same store without the
/// four features, its yardstick.
final class AppWorkload: Workload {
    private let store: Store<FeaturedState>
    private let subscribers: [FeaturedSubscriber]
    private let sink = HandOffSink()
    private let file: URL

    init(features: Bool) {
        file = FileManager.default.temporaryDirectory
            .appendingPathComponent("remvvm-bench-app-\(ProcessInfo.processInfo.processIdentifier).json")
        var middleware: [any AnyMiddleware] = Array(repeating: PassThroughMiddleware(), count: 3)
        if features {
            let sink = self.sink
            middleware += [
                StatePersistence<FeaturedState, User?>(fileURL: file, at: \.user),
                ActionHistory<FeaturedState>(limit: 1_000),
                UndoHistory<FeaturedState>(limit: 100, only: [ToggleFavorite.self]),
                NavigationStateMiddleware(at: \FeaturedState.navigation) { changes, _ in
                    sink.changes &+= changes.count
                },
            ]
        }
        store = Store(with: FeaturedState(factory: CompositeViewModelFactory()), middleware: middleware)
        if features { store.register(navigation: \.navigation) }
        store.register(reducer: FeaturedIncrementReducer.self)
        store.register(reducer: ToggleFavoriteReducer.self)
        subscribers = (0..<50).map { _ in FeaturedSubscriber() }
        for subscriber in subscribers { store.add(subscriber: subscriber) }
        // Past the history's limit, so that every run measures the steady state, folding included.
        run(2_000)
    }

    func run(_ count: Int) {
        for _ in 0..<count {
            store.dispatch(action: Increment())
        }
    }
}

/// Counts the changes it is told about, as `CountingSubscriber` does for `AppState`.
@MainActor
final class FeaturedSubscriber: StoreSubscriber {
    private(set) var changes = 0

    func didChange(state: FeaturedState, oldState: FeaturedState) {
        changes &+= 1
    }
}
