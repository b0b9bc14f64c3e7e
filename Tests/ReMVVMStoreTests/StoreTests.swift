import ReMVVMStore
import Testing

private typealias Add = StoreFixture.Add
private typealias Append = StoreFixture.Append

@MainActor
@Suite struct StoreTests {
    @Test("a dispatch on an idle store has reduced, notified and completed when it returns")
    func synchronousOnIdleStore() {
        let trace = Trace()
        let store = StoreFixture.makeStore(middleware: [TracingMiddleware(name: "m", trace: trace)])
        let subscriber = RecordingSubscriber()
        store.add(subscriber: subscriber)
        store.dispatch(action: Add(amount: 5))
        #expect(store.state.count == 5)
        #expect(subscriber.counts == [5])
        #expect(trace.events == ["m saw Add", "m completion"])
    }

    @Test("dispatches made while busy are queued and run after the current action, in order")
    func fifoQueue() {
        let store = StoreFixture.makeStore()
        let subscriber = RecordingSubscriber()
        var dispatchedFromSubscriber = false
        subscriber.onChange = { [unowned store] state in
            guard !dispatchedFromSubscriber else { return }
            dispatchedFromSubscriber = true
            store.dispatch(action: Append(text: "B"))
            store.dispatch(action: Append(text: "C"))
            // Still the first change: the queued actions wait for this one to finish.
            #expect(store.state.log == ["A"])
        }
        store.add(subscriber: subscriber)
        store.dispatch(action: Append(text: "A"))
        #expect(store.state.log == ["A", "B", "C"])
        #expect(subscriber.changes.map(\.state.log) == [["A"], ["A", "B"], ["A", "B", "C"]])
    }

    @Test("a subscriber that dispatches does not make later subscribers see a stale state")
    func noStaleStateAfterNestedDispatch() {
        let store = StoreFixture.makeStore()
        let first = RecordingSubscriber()
        let second = RecordingSubscriber()
        first.onChange = { [unowned store] state in
            if state.count < 3 { store.dispatch(action: Add()) }
        }
        store.add(subscriber: first)
        store.add(subscriber: second)
        store.dispatch(action: Add())
        #expect(first.counts == [1, 2, 3])
        #expect(second.counts == [1, 2, 3])
        #expect(second.changes.map(\.oldState.count) == [0, 1, 2])
        #expect(second.changes.last?.state == store.state)
    }

    @Test("a million chained dispatches from completions finish without growing the stack")
    func millionChainedDispatches() {
        // A tenth under the sanitizers: a recursive chain of 100,000 would still spread far past
        // the bound (or crash).
        let limit = Reliability.loadSize(1_000_000)
        let store = StoreFixture.makeStore(middleware: [ChainingMiddleware(limit: limit)])
        store.dispatch(action: Add())
        #expect(store.state.count == limit)
        #expect(
            ChainingMiddleware.stackSpread < 64 * 1024,
            "the stack grew by \(ChainingMiddleware.stackSpread) bytes")
    }

    @Test("other tasks reach the store with await")
    func dispatchFromAnotherTask() async {
        let store = StoreFixture.makeStore()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    for _ in 0..<250 { await store.dispatch(action: Add()) }
                }
            }
        }
        #expect(store.state.count == 1_000)
    }

    @Test("an action with no reducer changes nothing, notifies nobody and is reported")
    func unhandledAction() throws {
        let diagnostics = DiagnosticsRecorder()
        let store = StoreFixture.makeStore(diagnostics: diagnostics)
        let subscriber = RecordingSubscriber()
        store.add(subscriber: subscriber)
        store.dispatch(action: Add(amount: 2))
        store.dispatch(action: StoreFixture.Unhandled())
        #expect(store.state.count == 2)
        #expect(subscriber.changes.count == 1)
        #expect(diagnostics.kinds == [.unhandledAction])
        let message = try #require(diagnostics.received.first?.message)
        #expect(message.contains("Unhandled"))
        #expect(message.contains("register(reducer:)"))
    }

    @Test("a reducer registered after the first dispatch of its action type handles it")
    func lateRegistration() {
        let diagnostics = DiagnosticsRecorder()
        let store = Store(with: StoreFixture.State())
        store.diagnosticsHandler = { diagnostics.received.append($0) }
        store.dispatch(action: Add())
        store.register(reducer: StoreFixture.AddReducer.self)
        store.dispatch(action: Add())
        #expect(store.state.count == 1)
        #expect(diagnostics.kinds == [.unhandledAction])
    }

    @Test("a store with 1,000 registered action types routes each to its reducer")
    func thousandActionTypes() {
        let store = Store(with: StoreFixture.State())
        let types = (0..<1000).map(numberedActionType)
        for type in types { registerReducer(for: type, in: store) }
        for (number, type) in types.enumerated().reversed() {
            dispatch(type, number: number, to: store)
        }
        #expect(store.state.count == (0..<1000).reduce(0, +))
        #expect(store.state.log.count == 1000)
        #expect(store.state.log.first == "\(numberedActionType(999))")
    }

    @Test("a second reducer for one action type stops the program, naming both reducers")
    func duplicateReducer() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let store = Store(with: StoreFixture.State())
                store.diagnosticsHandler = { _ in }
                store.register(reducer: StoreFixture.AddReducer.self)
                store.register(reducer: OtherAddReducer.self)
            }
        }
    }

    @Test("the duplicate reducer is reported with both reducer names before the program stops")
    func duplicateReducerMessage() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let store = Store(with: StoreFixture.State())
                store.register(reducer: StoreFixture.AddReducer.self)
                store.register(reducer: OtherAddReducer.self)
            }
        }
        let output = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(
            output.contains(
                "OtherAddReducer cannot be registered for StoreFixture.Add: StoreFixture.AddReducer already reduces it"
            ))
    }
}

private enum OtherAddReducer: Reducer {
    static func reduce(state: StoreFixture.State, with action: Add) -> StoreFixture.State { state }
}

/// Dispatches the next `Add` from its completion until the count reaches `limit`, and records
/// how far the stack pointer moved meanwhile.
private struct ChainingMiddleware: Middleware {
    let limit: Int
    @MainActor static var lowest = UInt.max
    @MainActor static var highest = UInt.min
    @MainActor static var stackSpread: UInt { highest - lowest }

    func applyMiddleware(
        for state: StoreFixture.State,
        action: Add,
        dispatcher: Dispatcher<Add, StoreFixture.State>
    ) {
        var marker = 0
        let address = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
        Self.lowest = min(Self.lowest, address)
        Self.highest = max(Self.highest, address)
        dispatcher.next { state in
            if state.count < limit { dispatcher.dispatch(action: Add()) }
        }
    }
}

// MARK: - 1,000 distinct action types

private protocol NumberedAction: StoreAction {
    init(number: Int)
    var number: Int { get }
}

private struct Leaf: NumberedAction { let number: Int }
private struct Zero<Tail>: NumberedAction { let number: Int }
private struct One<Tail>: NumberedAction { let number: Int }

private func numberedActionType(_ number: Int) -> any NumberedAction.Type {
    var type: any NumberedAction.Type = Leaf.self
    var rest = number
    for _ in 0..<10 {
        type = rest & 1 == 1 ? wrapOne(type) : wrapZero(type)
        rest >>= 1
    }
    return type
}

private func wrapOne<Tail: NumberedAction>(_: Tail.Type) -> any NumberedAction.Type { One<Tail>.self }
private func wrapZero<Tail: NumberedAction>(_: Tail.Type) -> any NumberedAction.Type { Zero<Tail>.self }

private enum NumberedReducer<Action: NumberedAction>: Reducer {
    static func reduce(state: StoreFixture.State, with action: Action) -> StoreFixture.State {
        var state = state
        state.count += action.number
        state.log.append("\(Action.self)")
        return state
    }
}

@MainActor
private func registerReducer<Action: NumberedAction>(for _: Action.Type, in store: Store<StoreFixture.State>)
{
    store.register(reducer: NumberedReducer<Action>.self)
}

@MainActor
private func dispatch<Action: NumberedAction>(
    _: Action.Type, number: Int, to store: Store<StoreFixture.State>
) {
    store.dispatch(action: Action(number: number))
}
