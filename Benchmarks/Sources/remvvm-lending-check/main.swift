// Checks, in a release build, the observers' functions the engine lends without a retain
// (assumption 12 in Sources/Store/Unsafe/Unchecked.swift): a debug build retains around each
// call anyway, so only an optimized build shows a function let go of while it runs. Each scenario
// watches, through a weak reference, an object only the lent thing holds, and fails when it
// died before the change ended, or outlived it.
//
//   swift build -c release --product remvvm-lending-check && .build/release/remvvm-lending-check

import Foundation
import ReMVVMStore

struct Count: StoreState {
    var value = 0
}

struct Bump: StoreAction {}

enum BumpReducer: Reducer {
    static func reduce(state: Count, with action: Bump) -> Count {
        Count(value: state.value + 1)
    }
}

/// Held only by the closure of the observer that the first one cancels.
final class Token {}

@MainActor
final class Scenario {
    var subscriptions: [StoreSubscription] = []
    weak var token: Token?
    var aliveInTheCall: Bool?
}

/// An observer that cancels every observer from its own call: the composed function that runs
/// it, and the other observer's closure with the token, must live until the change ends.
@MainActor
func observerCancelsEveryone(_ timing: SubscriptionTiming) -> String? {
    let store = Store(with: Count())
    store.register(reducer: BumpReducer.self)
    let scenario = Scenario()
    scenario.subscriptions.append(
        store.subscribe(to: \.value, timing: timing) { [scenario] _, _ in
            for subscription in scenario.subscriptions { subscription.cancel() }
            scenario.subscriptions = []
            scenario.aliveInTheCall = scenario.token != nil
        })
    do {
        let token = Token()
        scenario.token = token
        scenario.subscriptions.append(store.subscribe(to: \.value, timing: timing) { _, _ in _ = token })
    }
    store.dispatch(action: Bump())
    guard scenario.aliveInTheCall == true else {
        return "\(timing): the cancelled observers were let go of while their function ran"
    }
    guard scenario.token == nil else { return "\(timing): the cancelled observers outlived the change" }
    return nil
}

@MainActor
func run() -> Int32 {
    let failures = [
        observerCancelsEveryone(.beforeSubscribers),
        observerCancelsEveryone(.afterSubscribers),
    ].compactMap { $0 }
    for failure in failures { print("FAILED: \(failure)") }
    print(failures.isEmpty ? "lending: 2 scenarios passed" : "lending: \(failures.count) failed")
    return failures.isEmpty ? 0 : 1
}

exit(MainActor.assumeIsolated { run() })
