import ReMVVMStore
import Testing

private struct Counter: StoreState, Equatable {
    var count = 0
}

private struct Increment: StoreAction {}

private enum IncrementReducer: Reducer {
    static func reduce(state: Counter, with action: Increment) -> Counter {
        Counter(count: state.count + 1)
    }
}

@MainActor
private final class Box {
    var dispatchers: [Dispatcher<Increment, Counter>] = []
    var tasks: [Task<Void, Never>] = []
    var events: [String] = []
}

/// Passes `Increment` on, then starts a task that dispatches another one after a pause.
private struct IncrementAgainLater: Middleware {
    let box: Box
    func applyMiddleware(for state: Counter, action: Increment, dispatcher: Dispatcher<Increment, Counter>) {
        dispatcher.next()
        guard box.events.isEmpty else { return }
        box.events.append("started")
        box.tasks.append(
            dispatcher.task {
                try? await Task.sleep(for: .milliseconds(10))
                box.events.append(Task.isCancelled ? "cancelled" : "finished")
                dispatcher.dispatch(action: Increment())
            }
        )
    }
}

/// Keeps every dispatcher without calling `next`.
private struct Keep: Middleware {
    let box: Box
    func applyMiddleware(for state: Counter, action: Increment, dispatcher: Dispatcher<Increment, Counter>) {
        box.dispatchers.append(dispatcher)
    }
}

@MainActor
private func makeStore(_ middleware: any AnyMiddleware) -> Store<Counter> {
    let store = Store(with: Counter(), middleware: [middleware])
    store.register(reducer: IncrementReducer.self)
    return store
}

@MainActor
@Suite("Store effects: dispatcher.task and idle()")
struct StoreEffectsTests {
    @Test("idle returns at once on a store with nothing to do")
    func idleAtOnce() async {
        let store = makeStore(Keep(box: Box()))
        await store.idle()
        #expect(store.state.count == 0)
    }

    @Test("idle waits for a task started with dispatcher.task")
    func idleWaitsForTask() async {
        let box = Box()
        let store = makeStore(IncrementAgainLater(box: box))
        store.dispatch(action: Increment())
        #expect(store.state.count == 1)
        await store.idle()
        #expect(store.state.count == 2)
        #expect(box.events == ["started", "finished"])
    }

    @Test("cancelling the returned task reaches the work")
    func cancellation() async {
        let box = Box()
        let store = makeStore(IncrementAgainLater(box: box))
        store.dispatch(action: Increment())
        box.tasks.first?.cancel()
        await store.idle()
        #expect(box.events == ["started", "cancelled"])
    }

    @Test("idle waits for a held dispatcher until its middleware calls next")
    func idleWaitsForHeldNext() async {
        let box = Box()
        let store = makeStore(Keep(box: box))
        store.dispatch(action: Increment())
        let dispatcher = box.dispatchers.removeFirst()
        Task {
            try? await Task.sleep(for: .milliseconds(5))
            dispatcher.next()
        }
        await store.idle()
        #expect(store.state.count == 1)
    }

    @Test("idle waits for a held dispatcher until it is let go without next")
    func idleWaitsForRelease() async {
        let box = Box()
        let store = makeStore(Keep(box: box))
        store.dispatch(action: Increment())
        Task {
            try? await Task.sleep(for: .milliseconds(5))
            box.dispatchers.removeAll()
        }
        await store.idle()
        #expect(box.dispatchers.isEmpty)
        #expect(store.state.count == 0)
    }

    @Test("idle returns when the waiting task is cancelled")
    func idleCancelled() async {
        let box = Box()
        let store = makeStore(Keep(box: box))
        store.dispatch(action: Increment())
        let waiter = Task { await store.idle() }
        waiter.cancel()
        await waiter.value
        #expect(box.dispatchers.count == 1)
        // The middleware holds the box that holds its dispatcher: let go, or they leak together.
        box.dispatchers.removeAll()
    }

    @Test("a task that outlives its store ends quietly")
    func taskOutlivesStore() async {
        let box = Box()
        weak var weakStore: Store<Counter>?
        do {
            let store = makeStore(IncrementAgainLater(box: box))
            store.diagnosticsHandler = { diagnostic in box.events.append("diagnostic \(diagnostic)") }
            weakStore = store
            store.dispatch(action: Increment())
        }
        #expect(weakStore == nil)
        await box.tasks.first?.value
        #expect(box.events == ["started", "finished"])
    }
}
