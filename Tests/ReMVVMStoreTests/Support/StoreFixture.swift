import ReMVVMStore
import Testing

/// The small app the store tests run: a counter and a log of what was reduced.
enum StoreFixture {
    struct State: StoreState, Equatable {
        var factory: ViewModelFactory = InitializableViewModelFactory()
        var count = 0
        var log: [String] = []
        var title = ""

        static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.count == rhs.count && lhs.log == rhs.log && lhs.title == rhs.title
        }
    }

    struct Add: StoreAction { var amount = 1 }
    struct Append: StoreAction { var text: String }
    struct Rename: StoreAction { var title: String }
    struct Unhandled: StoreAction {}

    enum AddReducer: Reducer {
        static func reduce(state: State, with action: Add) -> State {
            var state = state
            state.count += action.amount
            return state
        }
    }

    enum AppendReducer: Reducer {
        static func reduce(state: State, with action: Append) -> State {
            var state = state
            state.log.append(action.text)
            return state
        }
    }

    enum RenameReducer: Reducer {
        static func reduce(state: State, with action: Rename) -> State {
            var state = state
            state.title = action.title
            return state
        }
    }

    /// A store with every fixture reducer registered and diagnostics recorded.
    @MainActor
    static func makeStore(
        middleware: [AnyMiddleware] = [],
        diagnostics: DiagnosticsRecorder? = nil
    ) -> Store<State> {
        let store = Store(with: State(), middleware: middleware)
        if let diagnostics {
            store.diagnosticsHandler = { diagnostics.received.append($0) }
        }
        store.register(reducer: AddReducer.self)
        store.register(reducer: AppendReducer.self)
        store.register(reducer: RenameReducer.self)
        return store
    }
}

/// Collects what a store reports.
@MainActor
final class DiagnosticsRecorder {
    var received: [StoreDiagnostic] = []
    var kinds: [StoreDiagnostic.Kind] { received.map(\.kind) }
}

/// A subscriber that records every notification.
@MainActor
final class RecordingSubscriber: StoreSubscriber {
    var changes: [(state: StoreFixture.State, oldState: StoreFixture.State)] = []
    var willChanges: [StoreFixture.State] = []
    var onChange: ((StoreFixture.State) -> Void)?

    var counts: [Int] { changes.map(\.state.count) }

    func willChange(state: StoreFixture.State) {
        willChanges.append(state)
    }

    func didChange(state: StoreFixture.State, oldState: StoreFixture.State) {
        changes.append((state, oldState))
        onChange?(state)
    }
}

/// An ordered record of events shared by middleware, subscribers and completions.
@MainActor
final class Trace {
    var events: [String] = []
}

/// Passes every action on and records when it saw it and when its completion ran.
struct TracingMiddleware: AnyMiddleware {
    let name: String
    let trace: Trace

    func applyMiddleware<Action: StoreAction, State: StoreState>(
        for state: State,
        action: Action,
        dispatcher: Dispatcher<Action, State>
    ) {
        trace.events.append("\(name) saw \(Action.self)")
        dispatcher.next { [trace, name] _ in trace.events.append("\(name) completion") }
    }
}
