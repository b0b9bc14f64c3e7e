import ReMVVMStore
import Testing

private typealias State = StoreFixture.State
private typealias Add = StoreFixture.Add
private typealias Rename = StoreFixture.Rename

// A bound for a hang, not for speed: under ThreadSanitizer, with the concurrent-dispatch suite
// holding the main actor for about 100 s in parallel, one minute was not enough (CI).
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct StoreAsyncSequencesTests {
    @Test("states starts with the current state, then every change")
    func statesStartWithTheCurrentState() async {
        let store = StoreFixture.makeStore()
        store.dispatch(action: Add(amount: 5))
        var iterator = store.values(of: \.self).makeAsyncIterator()
        #expect(await iterator.next(isolation: #isolation)?.count == 5)
        store.dispatch(action: Add(amount: 1))
        store.dispatch(action: Rename(title: "x"))
        #expect(await iterator.next(isolation: #isolation)?.count == 6)
        #expect(await iterator.next(isolation: #isolation)?.title == "x")
    }

    @Test("10,000 rapid dispatches are all seen, in order, by a loop in a background task")
    func rapidDispatchesFromABackgroundTask() async throws {
        let store = StoreFixture.makeStore()
        let before = store.subscriberCount
        let states = store.values(of: \.self)
        let consumer = Task.detached {
            var seen: [Int] = []
            for await state in states {
                seen.append(state.count)
                if state.count == 10_000 { break }
            }
            return seen
        }
        try await waitUntil { store.subscriberCount == before + 1 }
        for _ in 0..<10_000 { store.dispatch(action: Add(amount: 1)) }
        let seen = await consumer.value
        #expect(seen == Array(0...10_000))
        store.dispatch(action: Rename(title: "after"))
        #expect(store.subscriberCount == before)
    }

    @Test("each iteration has its own subscription, counted while it runs")
    func eachIterationSubscribes() async {
        let store = StoreFixture.makeStore()
        let before = store.subscriberCount
        let states = store.values(of: \.self)
        var first = states.makeAsyncIterator()
        var second = states.makeAsyncIterator()
        _ = await first.next(isolation: #isolation)
        #expect(store.subscriberCount == before + 1)
        store.dispatch(action: Add(amount: 1))
        // The second iteration starts at its first next(), with the state current then.
        #expect(await second.next(isolation: #isolation)?.count == 1)
        #expect(store.subscriberCount == before + 2)
        #expect(await first.next(isolation: #isolation)?.count == 1)
    }

    @Test("cancelling the task ends the iteration at once and leaves no subscriber behind")
    func cancellation() async throws {
        let store = StoreFixture.makeStore()
        let before = store.subscriberCount
        let states = store.values(of: \.self)
        let consumer = Task.detached {
            var received = 0
            for await _ in states { received += 1 }
            return received
        }
        try await waitUntil { store.subscriberCount == before + 1 }
        consumer.cancel()
        // No change is dispatched: the loop must end on the cancellation alone.
        #expect(await consumer.value == 1)
        store.dispatch(action: Add(amount: 1))
        #expect(store.subscriberCount == before)
    }

    @Test("leaving the loop lets the subscription go by the next dispatch")
    func leavingTheLoop() async {
        let store = StoreFixture.makeStore()
        let before = store.subscriberCount
        store.dispatch(action: Add(amount: 1))
        for await state in store.values(of: \.self) where state.count == 1 { break }
        store.dispatch(action: Add(amount: 1))
        #expect(store.subscriberCount == before)
    }

    @Test(
        "an iteration outliving its store ends after the states it was sent, without keeping the store alive")
    func streamOutlivesItsStore() async throws {
        var store: Store<State>? = StoreFixture.makeStore()
        weak let weakStore = store
        let states = try #require(store).values(of: \.self)
        let consumer = Task {
            var counts: [Int] = []
            for await state in states { counts.append(state.count) }
            return counts
        }
        try await waitUntil { store?.subscriberCount == 1 }
        store?.dispatch(action: Add(amount: 2))
        store = nil
        #expect(weakStore == nil)
        #expect(await consumer.value == [0, 2])
    }

    @Test("a store freed before the first next() gives an empty sequence")
    func storeFreedBeforeIterating() async {
        var store: Store<State>? = StoreFixture.makeStore()
        var iterator = store!.values(of: \.self).makeAsyncIterator()
        store = nil
        #expect(await iterator.next(isolation: #isolation) == nil)
    }

    @Test("bufferingNewest(1) keeps only the latest state while the consumer is busy")
    func bufferingNewest() async {
        let store = StoreFixture.makeStore()
        var iterator = store.values(of: \.self, bufferingPolicy: .bufferingNewest(1)).makeAsyncIterator()
        #expect(await iterator.next(isolation: #isolation)?.count == 0)
        for _ in 0..<3 { store.dispatch(action: Add(amount: 1)) }
        #expect(await iterator.next(isolation: #isolation)?.count == 3)
        store.dispatch(action: Add(amount: 1))
        #expect(await iterator.next(isolation: #isolation)?.count == 4)
    }

    @Test("values(of:) yields the current value, then each value that differs from the one before")
    func valuesOfAKeyPath() async {
        let store = StoreFixture.makeStore()
        var iterator = store.values(of: \.title).makeAsyncIterator()
        #expect(await iterator.next(isolation: #isolation) == "")
        store.dispatch(action: Rename(title: "a"))
        store.dispatch(action: Add(amount: 1))
        store.dispatch(action: Rename(title: "a"))
        store.dispatch(action: Rename(title: "b"))
        #expect(await iterator.next(isolation: #isolation) == "a")
        #expect(await iterator.next(isolation: #isolation) == "b")
    }

    @Test("values(of:) iterations end on cancellation and leave no subscriber behind")
    func valuesCancellation() async throws {
        let store = StoreFixture.makeStore()
        let before = store.subscriberCount
        let counts = store.values(of: \.count)
        let consumer = Task.detached {
            var seen: [Int] = []
            for await count in counts { seen.append(count) }
            return seen
        }
        try await waitUntil { store.subscriberCount == before + 1 }
        store.dispatch(action: Add(amount: 1))
        store.dispatch(action: Rename(title: "unrelated"))
        store.dispatch(action: Add(amount: 1))
        consumer.cancel()
        let seen = await consumer.value
        #expect(seen.first == 0)
        #expect(seen.allSatisfy { [0, 1, 2].contains($0) } && seen == seen.sorted())
        store.dispatch(action: Add(amount: 1))
        #expect(store.subscriberCount == before)
    }
}

/// Waits, yielding to other tasks, until `condition` holds; fails after about two seconds.
@MainActor
func waitUntil(
    sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: @MainActor () -> Bool
) async throws {
    for _ in 0..<2000 {
        if condition() { return }
        try await Task.sleep(for: .milliseconds(1))
    }
    Issue.record("the condition did not hold in time", sourceLocation: sourceLocation)
}
