import ReMVVMStore
import Testing

// Ten million dispatches with subscribers, closures and view models coming and going: memory
// after the run must stay within 10% of memory after the warm-up. Off by default (it wants a
// release build); `REMVVM_SOAK=1 swift test -c release --filter Soak` runs it, as CI does.

private struct SoakState: StoreState {
    let factory: any ViewModelFactory = InitializableViewModelFactory()
    var count = 0
    var echoes = 0
}

private struct Tick: StoreAction {}
private struct Echo: StoreAction {}
private struct Blocked: StoreAction {}
private struct Unhandled: StoreAction {}

private enum TickReducer: Reducer {
    static func reduce(state: SoakState, with action: Tick) -> SoakState {
        var state = state
        state.count += 1
        return state
    }
}

private enum EchoReducer: Reducer {
    static func reduce(state: SoakState, with action: Echo) -> SoakState {
        var state = state
        state.echoes += 1
        return state
    }
}

private enum BlockedReducer: Reducer {
    static func reduce(state: SoakState, with action: Blocked) -> SoakState {
        var state = state
        state.count += 1_000_000
        return state
    }
}

/// Every tenth tick dispatches an `Echo` before passing the tick on, with a completion.
private struct EchoEveryTenth: Middleware {
    let completions: Counter

    func applyMiddleware(for state: SoakState, action: Tick, dispatcher: Dispatcher<Tick, SoakState>) {
        if state.count % 10 == 0 { dispatcher.dispatch(action: Echo()) }
        let completions = self.completions
        dispatcher.next { _ in completions.value += 1 }
    }
}

private struct BlockAll: Middleware {
    func applyMiddleware(for state: SoakState, action: Blocked, dispatcher: Dispatcher<Blocked, SoakState>) {}
}

@MainActor
private final class Counter {
    var value = 0
}

@MainActor
private final class SoakSubscriber: StoreSubscriber, Initializable {
    private(set) var last = -1
    private(set) var inOrder = true

    init() {}

    func didChange(state: SoakState, oldState: SoakState) {
        if last >= 0 && oldState.count != last { inOrder = false }
        last = state.count
    }
}

private final class Screen {}

@MainActor
@Suite("Soak")
struct SoakTests {
    @Test(
        "10 million dispatches with churning subscribers keep resident memory flat",
        .enabled(if: Reliability.isSoakEnabled, "set REMVVM_SOAK=1 (CI does, in a release build)")
    )
    func tenMillionDispatches() throws {
        let total = Reliability.integer("REMVVM_SOAK_DISPATCHES", default: 10_000_000)
        let warmUp = total / 10
        let completions = Counter()
        let store = Store(
            with: SoakState(), middleware: [EchoEveryTenth(completions: completions), BlockAll()])
        store.register(reducer: TickReducer.self)
        store.register(reducer: EchoReducer.self)
        store.register(reducer: BlockedReducer.self)
        var unhandled = 0
        store.diagnosticsHandler = { _ in unhandled += 1 }

        var subscribers: [SoakSubscriber] = []
        var subscriptions: [StoreSubscription] = []
        var screens: [Screen] = []
        var closureCalls = 0
        var ticks = 0
        var residentAfterWarmUp: Int?
        for index in 0..<total {
            switch index % 1000 {
            case 0:
                let subscriber = SoakSubscriber()
                store.add(subscriber: subscriber)
                subscribers.append(subscriber)
                if subscribers.count > 8 { subscribers.removeFirst() }
            case 250:
                subscriptions.append(store.subscribe(to: \.self) { _, _ in closureCalls += 1 })
                if subscriptions.count > 8 { subscriptions.removeFirst().cancel() }
            case 500:
                let screen = Screen()
                let viewModel: SoakSubscriber? = store.viewModel(for: screen)
                #expect(viewModel != nil)
                screens.append(screen)
                if screens.count > 8 { screens.removeFirst() }
            case 750:
                store.dispatch(action: Blocked())
                store.dispatch(action: Unhandled())
            default:
                break
            }
            store.dispatch(action: Tick())
            ticks += 1
            if index + 1 == warmUp { residentAfterWarmUp = Reliability.residentBytes() }
        }
        let residentAtEnd = try #require(Reliability.residentBytes())
        let warm = try #require(residentAfterWarmUp)

        #expect(store.state.count == ticks)
        #expect(store.state.echoes == (ticks + 9) / 10)
        #expect(completions.value == ticks)
        #expect(unhandled == total / 1000)
        #expect(closureCalls > 0)
        for subscriber in subscribers {
            #expect(subscriber.inOrder)
            #expect(subscriber.last == store.state.count || subscriber.last == -1)
        }
        let growth = Double(residentAtEnd - warm) / Double(warm)
        print(
            "soak: \(total) dispatches, resident \(warm / 1024) KiB after warm-up, \(residentAtEnd / 1024) KiB at end"
        )
        #expect(residentAtEnd <= warm + warm / 10, "resident memory grew by \(Int(growth * 100))%")
    }
}
