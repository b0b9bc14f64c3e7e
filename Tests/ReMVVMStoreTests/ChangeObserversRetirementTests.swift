import ReMVVMStore
import Testing

// Tests Sources/Store/Engine/Subscribers/ChangeObservers.swift: the engine calls the observers'
// composed functions without retaining them (assumption 12 in Unsafe/Unchecked.swift), so a
// function replaced while it runs must stay alive until the change was told. What this test
// sees is the behaviour; a debug build retains around each call anyway, so the lifetime is
// checked in a release build by Benchmarks/remvvm-lending-check.

private struct Count: StoreState {
    var value = 0
}

private struct Bump: StoreAction {}

private enum BumpReducer: Reducer {
    static func reduce(state: Count, with action: Bump) -> Count {
        Count(value: state.value + 1)
    }
}

@MainActor
private final class Calls {
    var lines: [String] = []
    var subscriptions: [StoreSubscription] = []
}

@MainActor
@Suite struct ChangeObserversRetirementTests {
    @Test(
        "an observer that cancels every observer and adds another from its own call, before and after the subscribers, runs on",
        arguments: [SubscriptionTiming.beforeSubscribers, .afterSubscribers])
    func cancelEveryoneFromOwnCall(timing: SubscriptionTiming) {
        let store = Store(with: Count())
        store.register(reducer: BumpReducer.self)
        let calls = Calls()
        // A captured value the closure reads after the cancels, which a freed context would lose.
        let name = String(repeating: "first", count: 3)
        calls.subscriptions.append(
            store.subscribe(to: \.value, timing: timing) { [calls] value, _ in
                for subscription in calls.subscriptions { subscription.cancel() }
                calls.subscriptions = [
                    store.subscribe(to: \.value, timing: timing) { value, _ in
                        calls.lines.append("second \(value)")
                    }
                ]
                calls.lines.append("\(name) \(value)")
            })
        calls.subscriptions.append(
            store.subscribe(to: \.value, timing: timing) { value, _ in calls.lines.append("other \(value)") })
        store.dispatch(action: Bump())
        store.dispatch(action: Bump())
        // The first ends the other within the same change: a cancel takes effect at once.
        #expect(calls.lines == ["firstfirstfirst 1", "second 2"])
    }

    @Test(
        "in a store with only an action tap, an observer added from a subscriber waits for the next change and reads its cause"
    )
    func addedDuringAChangeWithOnlyATap() {
        let store = Store(with: Count())
        store.register(reducer: BumpReducer.self)
        let tapped = store.tapActions(with: ActionTap(types: nil) { _, _, _ in })
        let calls = Calls()
        let adder = store.subscribe(to: \.value) { [calls] value, _ in
            guard value == 1 else { return }
            calls.subscriptions.append(
                store.subscribe(to: \.value, timing: .afterSubscribers) { value, _, cause in
                    let name =
                        if case .action(let action) = cause { "\(type(of: action))" } else { "no action" }
                    calls.lines.append("\(value) \(name)")
                })
        }
        store.dispatch(action: Bump())
        store.dispatch(action: Bump())
        #expect(calls.lines == ["2 Bump"])
        adder.cancel()
        tapped.cancel()
    }
}
