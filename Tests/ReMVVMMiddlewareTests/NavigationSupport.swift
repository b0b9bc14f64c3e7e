import ReMVVMMiddleware
import ReMVVMStore

// A small app with its navigation in the state, shared by the navigation-as-state tests.

enum Page: Hashable, Codable, Sendable {
    case home
    case list
    case detail(Int)
    case sheet
}

struct NavState: StoreState, Equatable {
    var navigation = NavigationState(root: Page.home)
    var count = 0
}

/// Goes back to the first screen, closing every modal, from a reducer of the whole state.
struct SignOut: StoreAction, Equatable {}

struct SignOutReducer: Reducer {
    static func reduce(state: NavState, with action: SignOut) -> NavState {
        var state = state
        while state.navigation.apply(.dismiss) {}
        state.navigation.apply(.popToRoot)
        return state
    }
}

/// Changes the state without touching the navigation.
struct Tick: StoreAction, Equatable {}

struct TickReducer: Reducer {
    static func reduce(state: NavState, with action: Tick) -> NavState {
        var state = state
        state.count += 1
        return state
    }
}

/// Collects what the store reports.
@MainActor
final class ReportLog {
    var diagnostics: [StoreDiagnostic] = []
    var kinds: [StoreDiagnostic.Kind] { diagnostics.map(\.kind) }
}

/// A store with its navigation registered, the two reducers, and a log of diagnostics.
@MainActor
func makeNavigationStore(
    _ state: NavState = NavState(), middleware: [AnyMiddleware] = []
) -> (Store<NavState>, ReportLog) {
    let store = Store(with: state, middleware: middleware)
    store.register(navigation: \.navigation)
    store.register(reducer: SignOutReducer.self)
    store.register(reducer: TickReducer.self)
    let log = ReportLog()
    store.diagnosticsHandler = { log.diagnostics.append($0) }
    return (store, log)
}

/// A view model of a page: counts the changes it is told about.
@MainActor
final class PageViewModel: StoreSubscriber, Initializable {
    var changesSeen = 0

    init() {}

    func didChange(state: NavState, oldState: NavState) {
        changesSeen += 1
    }
}

extension NavigationState {
    /// The screens of each stack, identifiers aside.
    var screens: [[Screen]] { stacks.map { $0.map(\.screen) } }
    /// The identifiers of each stack.
    var ids: [[Int]] { stacks.map { $0.map(\.id) } }
}
