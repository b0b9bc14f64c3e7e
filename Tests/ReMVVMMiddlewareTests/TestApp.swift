import ReMVVMMiddleware
import ReMVVMStore

// A small app shared by the middleware tests: a counter and a user name.

struct TestState: StoreState, Equatable {
    let factory: ViewModelFactory
    var count = 0
    var name: String?

    static func == (lhs: TestState, rhs: TestState) -> Bool {
        lhs.count == rhs.count && lhs.name == rhs.name
    }
}

struct Increment: StoreAction, Equatable, Codable {
    var by = 1
}

struct Rename: StoreAction, Equatable, Codable {
    let name: String?
}

/// An action no reducer handles.
struct Ping: StoreAction {}

struct IncrementReducer: Reducer {
    static func reduce(state: TestState, with action: Increment) -> TestState {
        var state = state
        state.count += action.by
        return state
    }
}

struct RenameReducer: Reducer {
    static func reduce(state: TestState, with action: Rename) -> TestState {
        var state = state
        state.name = action.name
        return state
    }
}

enum TestScreen: Hashable, Sendable {
    case home
    case detail(Int)
    case sheet
}

/// Makes a store with both reducers and a diagnostics handler that collects what it reports; on
/// `clock` when one is given (a `TestClock`, so that recorded times are the same on every run).
@MainActor
func makeStore(
    middleware: [AnyMiddleware], clock: (any Clock<Duration>)? = nil
) -> (Store<TestState>, DiagnosticsLog) {
    let store = Store(with: TestState(factory: CompositeViewModelFactory()), middleware: middleware) {
        if let clock { $0.clock = clock }
    }
    store.register(reducer: IncrementReducer.self)
    store.register(reducer: RenameReducer.self)
    let log = DiagnosticsLog()
    store.diagnosticsHandler = {
        log.kinds.append($0.kind)
        log.messages.append($0.message)
    }
    return (store, log)
}

@MainActor
final class DiagnosticsLog {
    var kinds: [StoreDiagnostic.Kind] = []
    var messages: [String] = []
}

/// Blocks every action of its type.
struct Blocker<Action: StoreAction>: Middleware {
    func applyMiddleware(for state: TestState, action: Action, dispatcher: Dispatcher<Action, TestState>) {}
}

/// Doubles every increment.
struct Doubler: Middleware {
    func applyMiddleware(
        for state: TestState, action: Increment, dispatcher: Dispatcher<Increment, TestState>
    ) {
        dispatcher.next(action: Increment(by: action.by * 2))
    }
}

/// Keeps the dispatcher of each increment, to pass it on later.
@MainActor
final class Holder: Middleware {
    var held: [Dispatcher<Increment, TestState>] = []

    func applyMiddleware(
        for state: TestState, action: Increment, dispatcher: Dispatcher<Increment, TestState>
    ) {
        held.append(dispatcher)
    }
}
