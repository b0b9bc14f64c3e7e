import ReMVVMStore

/// Sees every action and passes it on: the cheapest `AnyMiddleware` there is.
struct PassThroughMiddleware: AnyMiddleware {
    func applyMiddleware<Action: StoreAction, State: StoreState>(
        for state: State,
        action: Action,
        dispatcher: Dispatcher<Action, State>
    ) {
        dispatcher.next()
    }
}

/// A typed middleware for the dispatched action that passes it on: `mw1.typed` minus `d0` is the
/// cost of one typed middleware step.
struct PassIncrementMiddleware: Middleware {
    typealias State = AppState

    func applyMiddleware(for state: AppState, action: Increment, dispatcher: Dispatcher<Increment, AppState>)
    {
        dispatcher.next()
    }
}

/// The action types that the five typed middleware of `mw5typed` handle; nothing dispatches
/// them, so the store must route `Increment` past these middleware at no cost.
enum Unrelated0: StoreAction {}
enum Unrelated1: StoreAction {}
enum Unrelated2: StoreAction {}
enum Unrelated3: StoreAction {}
enum Unrelated4: StoreAction {}

/// A typed middleware for an action type that the workload never dispatches.
struct UnrelatedMiddleware<Action: StoreAction>: Middleware {
    typealias State = AppState

    func applyMiddleware(for state: AppState, action: Action, dispatcher: Dispatcher<Action, AppState>) {
        dispatcher.next()
    }
}

/// Where completions leave their result, so the optimizer cannot drop them.
@MainActor
final class CompletionSink {
    var lastCounter = 0
}

/// Passes each `Increment` on with a completion that captures an object, as a navigation
/// middleware does: the closure context is the one allocation the `completion` target allows.
struct CompletionMiddleware: Middleware {
    typealias State = AppState
    let sink: CompletionSink

    func applyMiddleware(
        for state: AppState,
        action: Increment,
        dispatcher: Dispatcher<Increment, AppState>
    ) {
        let sink = self.sink
        dispatcher.next { state in sink.lastCounter = state.counter }
    }
}

/// Dispatches the next `ChainStep` from the completion of the current one.
struct ChainMiddleware: Middleware {
    typealias State = AppState

    func applyMiddleware(
        for state: AppState,
        action: ChainStep,
        dispatcher: Dispatcher<ChainStep, AppState>
    ) {
        dispatcher.next { _ in
            if action.remaining > 1 {
                dispatcher.dispatch(action: ChainStep(remaining: action.remaining - 1))
            }
        }
    }
}
