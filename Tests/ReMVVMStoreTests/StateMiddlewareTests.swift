import ReMVVMStore
import Testing

private typealias State = StoreFixture.State
private typealias Add = StoreFixture.Add
private typealias Append = StoreFixture.Append

/// Sees every action with the fixture's state typed; records the count before and after.
private struct Audit: StateMiddleware {
    let trace: Trace
    func applyMiddleware<Action: StoreAction>(
        for state: State,
        action: Action,
        dispatcher: Dispatcher<Action, State>
    ) {
        trace.events.append("\(Action.self) at \(state.count)")
        dispatcher.next { state in trace.events.append("now \(state.count)") }
    }
}

/// Replaces every `Add` with one that adds twice as much, and blocks every `Append`.
private struct DoubleAddsBlockAppends: StateMiddleware {
    func applyMiddleware<Action: StoreAction>(
        for state: State,
        action: Action,
        dispatcher: Dispatcher<Action, State>
    ) {
        if let add = action as? Add, let doubled = Add(amount: add.amount * 2) as? Action {
            dispatcher.next(action: doubled)
        } else if action is Append {
            return
        } else {
            dispatcher.next()
        }
    }
}

/// Expects another state than the fixture's.
private struct ForeignAudit: StateMiddleware {
    struct ForeignState: StoreState { var factory: ViewModelFactory = InitializableViewModelFactory() }
    let trace: Trace
    func applyMiddleware<Action: StoreAction>(
        for state: ForeignState,
        action: Action,
        dispatcher: Dispatcher<Action, ForeignState>
    ) {
        trace.events.append("ran")
        dispatcher.next()
    }
}

@MainActor
@Suite struct StateMiddlewareTests {
    @Test("a state middleware sees every action with the typed state; its completion runs after the reduce")
    func seesEveryAction() {
        let trace = Trace()
        let store = StoreFixture.makeStore(middleware: [Audit(trace: trace)])
        store.dispatch(action: Add(amount: 2))
        store.dispatch(action: Append(text: "x"))
        #expect(trace.events == ["Add at 0", "now 2", "Append at 2", "now 2"])
        #expect(store.state.log == ["x"])
    }

    @Test("a state middleware may replace or block actions like any middleware")
    func replacesAndBlocks() {
        let store = StoreFixture.makeStore(middleware: [DoubleAddsBlockAppends()])
        store.dispatch(action: Add(amount: 3))
        store.dispatch(action: Append(text: "dropped"))
        #expect(store.state.count == 6)
        #expect(store.state.log.isEmpty)
    }

    @Test("a state middleware for another state passes actions on without running, and each is reported")
    func stateMismatch() {
        let trace = Trace()
        let diagnostics = DiagnosticsRecorder()
        let store = StoreFixture.makeStore(middleware: [ForeignAudit(trace: trace)], diagnostics: diagnostics)
        store.dispatch(action: Add())
        store.dispatch(action: Add())
        #expect(store.state.count == 2)
        #expect(trace.events.isEmpty)
        #expect(diagnostics.kinds == [.middlewareStateMismatch, .middlewareStateMismatch])
        let message = diagnostics.received.first?.message ?? ""
        #expect(
            message.hasPrefix(
                "ForeignAudit expects state ForeignAudit.ForeignState, "
                    + "but the store's state is StoreFixture.State; "
                    + "it passed StoreFixture.Add on without running."))
    }
}
