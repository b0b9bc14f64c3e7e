import Testing

@testable import ReMVVMStore

private typealias State = StoreFixture.State
private typealias Add = StoreFixture.Add
private typealias Rename = StoreFixture.Rename

/// `states` and `values(of:)` wait with `AsyncStream`'s `next(isolation:)` where the system has
/// it (macOS 15, iOS 18) and with its nonisolated `next()` before: both paths, on any system,
/// must behave the same.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct StoreStreamFallbackTests {
    @Test("states: the current state, then every change in order, on either path", arguments: [true, false])
    func statesInOrder(hasIsolatedNext: Bool) async {
        let store = StoreFixture.makeStore()
        store.dispatch(action: Add(amount: 5))
        var iterator = StoreStates(
            store: store, bufferingPolicy: .unbounded, hasIsolatedNext: hasIsolatedNext
        )
        .makeAsyncIterator()
        #expect(await iterator.next(isolation: #isolation)?.count == 5)
        store.dispatch(action: Add(amount: 1))
        store.dispatch(action: Rename(title: "x"))
        #expect(await iterator.next(isolation: #isolation)?.count == 6)
        #expect(await iterator.next(isolation: #isolation)?.title == "x")
        // A change made while the iteration waits wakes it.
        let waiting = Task { @MainActor in store.dispatch(action: Add(amount: 1)) }
        #expect(await iterator.next(isolation: #isolation)?.count == 7)
        await waiting.value
    }

    @Test("values(of:): distinct values only, on either path", arguments: [true, false])
    func distinctValues(hasIsolatedNext: Bool) async {
        let store = StoreFixture.makeStore()
        var iterator = StoreValues(
            store: store, keyPath: \.title, isSame: { $0 == $1 }, bufferingPolicy: .unbounded,
            hasIsolatedNext: hasIsolatedNext
        ).makeAsyncIterator()
        #expect(await iterator.next(isolation: #isolation) == "")
        store.dispatch(action: Rename(title: "a"))
        store.dispatch(action: Add(amount: 1))
        store.dispatch(action: Rename(title: "a"))
        store.dispatch(action: Rename(title: "b"))
        #expect(await iterator.next(isolation: #isolation) == "a")
        #expect(await iterator.next(isolation: #isolation) == "b")
    }

    @Test(
        "cancelling ends a waiting iteration at once and its subscription goes, on either path",
        arguments: [true, false])
    func cancellation(hasIsolatedNext: Bool) async throws {
        let store = StoreFixture.makeStore()
        let before = store.subscriberCount
        let states = StoreStates(store: store, bufferingPolicy: .unbounded, hasIsolatedNext: hasIsolatedNext)
        let consumer = Task { @MainActor in
            var received = 0
            for await _ in states { received += 1 }
            return received
        }
        try await waitUntil { store.subscriberCount == before + 1 }
        consumer.cancel()
        // Nothing is dispatched: the cancellation alone must end the loop.
        #expect(await consumer.value == 1)
        store.dispatch(action: Add(amount: 1))
        #expect(store.subscriberCount == before)
    }

    @Test(
        "a freed store ends the iteration after the states it sent, on either path", arguments: [true, false])
    func storeFreed(hasIsolatedNext: Bool) async throws {
        var store: Store<State>? = StoreFixture.makeStore()
        weak let weakStore = store
        let states = StoreStates(
            store: try #require(store), bufferingPolicy: .unbounded, hasIsolatedNext: hasIsolatedNext)
        let consumer = Task { @MainActor in
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
}
