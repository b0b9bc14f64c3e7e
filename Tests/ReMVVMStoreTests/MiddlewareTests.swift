import ReMVVMStore
import Testing

private typealias State = StoreFixture.State
private typealias Add = StoreFixture.Add
private typealias Append = StoreFixture.Append

/// Blocks every `Add`: never calls `next`.
private struct BlockAdds: Middleware {
    func applyMiddleware(for state: State, action: Add, dispatcher: Dispatcher<Add, State>) {}
}

/// Replaces every `Add` with one that adds ten times as much.
private struct TenfoldAdds: Middleware {
    func applyMiddleware(for state: State, action: Add, dispatcher: Dispatcher<Add, State>) {
        dispatcher.next(action: Add(amount: action.amount * 10))
    }
}

/// Records the `Append` actions it sees; a typed middleware sees no other type.
private struct AppendSpy: Middleware {
    let trace: Trace
    func applyMiddleware(for state: State, action: Append, dispatcher: Dispatcher<Append, State>) {
        trace.events.append("spy \(action.text)")
        dispatcher.next()
    }
}

/// Keeps the dispatcher of every `Add` so the test calls `next` later.
@MainActor
private final class Deferrer {
    var pending: [Dispatcher<Add, State>] = []
    var statesAtNext: [Int] = []
}

private struct DeferAdds: Middleware {
    let deferrer: Deferrer
    func applyMiddleware(for state: State, action: Add, dispatcher: Dispatcher<Add, State>) {
        deferrer.pending.append(dispatcher)
    }
}

/// Calls `next` for an `Add` from a task after an `await`, as after a download.
private struct AsyncAdds: Middleware {
    let trace: Trace
    let sleep: Bool
    func applyMiddleware(for state: State, action: Add, dispatcher: Dispatcher<Add, State>) {
        trace.events.append("started \(action.amount)")
        Task {
            if sleep {
                try? await Task.sleep(for: .milliseconds(20))
            } else {
                await Task.yield()
            }
            dispatcher.next { state in trace.events.append("reduced, count \(state.count)") }
        }
    }
}

/// Doubles every `Add`, and implements the library's `_typedStep()` itself, wrongly: the store
/// must not trust what it returns.
private struct SelfRoutedDoubler: Middleware {
    func applyMiddleware(for state: State, action: Add, dispatcher: Dispatcher<Add, State>) {
        dispatcher.next(action: Add(amount: action.amount * 2))
    }

    func _typedStep() -> AnyObject { Trace() }
}

/// Calls `next` twice for every `Add`.
private struct DoubleNext: Middleware {
    func applyMiddleware(for state: State, action: Add, dispatcher: Dispatcher<Add, State>) {
        dispatcher.next()
        dispatcher.next()
    }
}

/// Dispatches an `Append` before passing each `Add` on.
private struct AnnounceAdds: Middleware {
    func applyMiddleware(for state: State, action: Add, dispatcher: Dispatcher<Add, State>) {
        dispatcher.dispatch(action: Append(text: "announced \(action.amount)"))
        dispatcher.next()
    }
}

/// A typed middleware for another state type: it must never run in a `StoreFixture` store.
private struct OtherState: StoreState {
    var factory: ViewModelFactory = InitializableViewModelFactory()
}

private struct WrongStateMiddleware: Middleware {
    let trace: Trace
    func applyMiddleware(for state: OtherState, action: Add, dispatcher: Dispatcher<Add, OtherState>) {
        trace.events.append("wrong state ran")
        dispatcher.next()
    }
}

@MainActor
@Suite struct MiddlewareTests {
    @Test("completions run after reduce and subscribers, in reverse order of the stack")
    func completionOrder() {
        let trace = Trace()
        let store = StoreFixture.makeStore(
            middleware: ["a", "b", "c"].map { TracingMiddleware(name: $0, trace: trace) })
        let subscriber = RecordingSubscriber()
        subscriber.onChange = { state in trace.events.append("subscriber saw \(state.count)") }
        store.add(subscriber: subscriber)
        store.dispatch(action: Add())
        #expect(
            trace.events == [
                "a saw Add", "b saw Add", "c saw Add", "subscriber saw 1",
                "c completion", "b completion", "a completion",
            ]
        )
    }

    @Test("not calling next blocks the action: no reducer, no change, no completion")
    func blocking() {
        let trace = Trace()
        let store = StoreFixture.makeStore(middleware: [
            TracingMiddleware(name: "outer", trace: trace), BlockAdds(),
        ])
        let subscriber = RecordingSubscriber()
        store.add(subscriber: subscriber)
        store.dispatch(action: Add())
        store.dispatch(action: Append(text: "passes"))
        #expect(store.state.count == 0)
        #expect(store.state.log == ["passes"])
        #expect(subscriber.changes.count == 1)
        #expect(trace.events == ["outer saw Add", "outer saw Append", "outer completion"])
    }

    @Test("next(action:) replaces the action for the rest of the chain")
    func replacing() {
        let store = StoreFixture.makeStore(middleware: [TenfoldAdds()])
        store.dispatch(action: Add(amount: 3))
        #expect(store.state.count == 30)
    }

    @Test("a typed middleware sees only its action type")
    func typedSeesOnlyItsType() {
        let trace = Trace()
        let store = StoreFixture.makeStore(middleware: [AppendSpy(trace: trace)])
        store.dispatch(action: Add())
        store.dispatch(action: Append(text: "x"))
        store.dispatch(action: StoreFixture.Rename(title: "t"))
        #expect(trace.events == ["spy x"])
        #expect(store.state.count == 1)
    }

    @Test("a typed middleware whose conformance implements _typedStep() itself still runs")
    func selfRoutedTypedStep() {
        let store = StoreFixture.makeStore(middleware: [SelfRoutedDoubler(), TenfoldAdds()])
        store.dispatch(action: Add(amount: 3))
        store.dispatch(action: Add(amount: 1))
        #expect(store.state.count == 80)
    }

    @Test("next called later continues the chain against the state at that time")
    func deferredNext() throws {
        let deferrer = Deferrer()
        let store = StoreFixture.makeStore(middleware: [DeferAdds(deferrer: deferrer)])
        store.dispatch(action: Add(amount: 1))
        #expect(store.state.count == 0, "the action waits for next")
        store.dispatch(action: Append(text: "meanwhile"))
        #expect(store.state.log == ["meanwhile"], "other actions are not held up")
        let dispatcher = try #require(deferrer.pending.first)
        var seen: State?
        dispatcher.next { seen = $0 }
        #expect(store.state.count == 1)
        #expect(seen?.log == ["meanwhile"], "the completion sees the state as it is now")
    }

    @Test("next from a task after an await, while other actions go through", arguments: [false, true])
    func asyncNext(sleep: Bool) async {
        let trace = Trace()
        let store = StoreFixture.makeStore(middleware: [AsyncAdds(trace: trace, sleep: sleep)])
        store.dispatch(action: Add(amount: 1))
        store.dispatch(action: Append(text: "first"))
        store.dispatch(action: Append(text: "second"))
        #expect(store.state.log == ["first", "second"])
        #expect(store.state.count == 0)
        while !trace.events.contains(where: { $0.hasPrefix("reduced") }) {
            await Task.yield()
            if sleep { try? await Task.sleep(for: .milliseconds(5)) }
        }
        #expect(store.state.count == 1)
        #expect(trace.events == ["started 1", "reduced, count 1"])
    }

    @Test("a second next for one action does nothing and is reported once")
    func nextTwice() throws {
        let diagnostics = DiagnosticsRecorder()
        let store = StoreFixture.makeStore(middleware: [DoubleNext()], diagnostics: diagnostics)
        store.dispatch(action: Add())
        #expect(store.state.count == 1)
        #expect(diagnostics.kinds == [.nextCalledTwice])
        let message = try #require(diagnostics.received.first?.message)
        #expect(message.contains("DoubleNext"))
    }

    @Test("next called again after a deferred next already ran is reported")
    func deferredNextTwice() throws {
        let diagnostics = DiagnosticsRecorder()
        let deferrer = Deferrer()
        let store = StoreFixture.makeStore(
            middleware: [DeferAdds(deferrer: deferrer)], diagnostics: diagnostics)
        store.dispatch(action: Add())
        let dispatcher = try #require(deferrer.pending.first)
        dispatcher.next()
        dispatcher.next()
        #expect(store.state.count == 1)
        #expect(diagnostics.kinds == [.nextCalledTwice])
    }

    @Test("dispatcher.dispatch queues a new action that goes through the whole stack after this one")
    func dispatchFromMiddleware() {
        let trace = Trace()
        let store = StoreFixture.makeStore(middleware: [
            TracingMiddleware(name: "t", trace: trace), AnnounceAdds(),
        ])
        store.dispatch(action: Add(amount: 2))
        #expect(store.state.count == 2)
        #expect(store.state.log == ["announced 2"])
        #expect(trace.events == ["t saw Add", "t completion", "t saw Append", "t completion"])
    }

    @Test("completions do not run when a later middleware blocks the action")
    func completionSkippedWhenBlocked() {
        let trace = Trace()
        let store = StoreFixture.makeStore(middleware: [
            TracingMiddleware(name: "outer", trace: trace), BlockAdds(),
        ])
        store.dispatch(action: Add())
        #expect(trace.events == ["outer saw Add"])
    }

    @Test("a typed middleware for another state type never runs and is reported")
    func wrongStateMiddleware() throws {
        let trace = Trace()
        var received: [StoreDiagnostic] = []
        let store = Store(with: State(), middleware: [WrongStateMiddleware(trace: trace)])
        store.diagnosticsHandler = { received.append($0) }
        store.register(reducer: StoreFixture.AddReducer.self)
        store.dispatch(action: Add())
        store.dispatch(action: Add())
        #expect(trace.events.isEmpty)
        #expect(store.state.count == 2)
        #expect(received.map(\.kind) == [.middlewareStateMismatch])
        let message = try #require(received.first?.message)
        #expect(message.contains("WrongStateMiddleware expects state OtherState"))
    }
}

/// Passes every `Add` on with a completion that captures a new object, which it records weakly.
private struct CapturingCompletion: Middleware {
    let probe: CaptureProbe
    func applyMiddleware(for state: State, action: Add, dispatcher: Dispatcher<Add, State>) {
        let captured = CaptureProbe()
        probe.lastCaptured = captured
        dispatcher.next { _ in _ = captured }
    }
}

@MainActor
private final class CaptureProbe {
    weak var lastCaptured: CaptureProbe?
}

@MainActor
@Suite struct DroppedActionTests {
    @Test("the completions of a blocked action are released by the time the dispatch returns")
    func blockedCompletionsReleased() {
        let probe = CaptureProbe()
        let store = StoreFixture.makeStore(middleware: [CapturingCompletion(probe: probe), BlockAdds()])
        store.dispatch(action: Add())
        #expect(store.state.count == 0)
        #expect(probe.lastCaptured == nil, "a completion of the blocked action is still held")
    }

    @Test("the completions of a reduced action are released by the time the dispatch returns")
    func reducedCompletionsReleased() {
        let probe = CaptureProbe()
        let store = StoreFixture.makeStore(middleware: [CapturingCompletion(probe: probe)])
        store.dispatch(action: Add())
        #expect(store.state.count == 1)
        #expect(probe.lastCaptured == nil, "a completion that ran is still held")
    }
}

/// Keeps the dispatcher of every `Add`: passes the first on, holds on to the others without
/// calling `next` (they stay deferred).
@MainActor
private final class DispatcherKeeper: Middleware {
    var kept: [Dispatcher<Add, State>] = []

    func applyMiddleware(for state: State, action: Add, dispatcher: Dispatcher<Add, State>) {
        if kept.isEmpty { dispatcher.next() }
        kept.append(dispatcher)
    }
}

@MainActor
@Suite struct KeptDispatcherLifetimeTests {
    @Test("a middleware that keeps its dispatchers goes with the store; a kept next then does nothing")
    func keeperReleasedWithStore() {
        weak var weakKeeper: DispatcherKeeper?
        weak var weakStore: Store<State>?
        var deferred: Dispatcher<Add, State>?
        do {
            let keeper = DispatcherKeeper()
            let store = StoreFixture.makeStore(middleware: [keeper])
            store.dispatch(action: Add())
            store.dispatch(action: Add())
            #expect(store.state.count == 1)
            deferred = keeper.kept.last
            weakKeeper = keeper
            weakStore = store
        }
        // Compared here: a failed expectation would describe the keeper, and with it handles
        // whose store is gone.
        let storeGone = weakStore == nil
        let keeperGone = weakKeeper == nil
        #expect(storeGone)
        #expect(keeperGone, "the middleware holds its dispatchers, which must not hold it")
        deferred?.next()
        deferred = nil
    }
}
