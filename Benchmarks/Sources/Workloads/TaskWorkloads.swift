import ReMVVMStore

// The workloads of effects: a dispatch whose middleware starts a plain `dispatcher.task`
// (`task`), and one that starts a task with an id (`task.id`). The tasks run only after `run`
// returned, when the main actor is free: what is measured is starting them.

struct StartWork: StoreAction {}

enum StartWorkReducer: Reducer {
    static func reduce(state: AppState, with action: StartWork) -> AppState {
        var state = state
        state.counter &+= 1
        return state
    }
}

struct WorkID: Hashable, Sendable {}

/// Passes `StartWork` on, then starts an empty task, with an id or without.
struct StartTaskMiddleware: Middleware {
    let identified: Bool

    func applyMiddleware(for state: AppState, action: StartWork, dispatcher: Dispatcher<StartWork, AppState>)
    {
        dispatcher.next()
        if identified {
            dispatcher.task(id: WorkID()) {}
        } else {
            dispatcher.task {}
        }
    }
}

/// Dispatches `StartWork` through a middleware that starts one task per action.
final class TaskWorkload: Workload {
    private let store: Store<AppState>

    init(identified: Bool) {
        store = Store(
            with: AppState(factory: CompositeViewModelFactory()),
            middleware: [StartTaskMiddleware(identified: identified)])
        store.register(reducer: StartWorkReducer.self)
        run(2)
    }

    func run(_ count: Int) {
        for _ in 0..<count {
            store.dispatch(action: StartWork())
        }
    }

    /// Lets the tasks started so far run and end, so each pass starts from an idle store.
    func prepare() async {
        await store.idle()
    }
}
