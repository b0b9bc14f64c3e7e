import ReMVVMStore
import Testing

private typealias Add = StoreFixture.Add
private typealias Append = StoreFixture.Append
private typealias Rename = StoreFixture.Rename

@MainActor
@Suite struct StoreSelectorsTests {
    @Test("a closure selector is not called at subscription, only when its value changes")
    func closureSelector() {
        let store = StoreFixture.makeStore()
        var changes: [(Int, Int)] = []
        let subscription = store.subscribe(
            to: { $0.log.count },
            { count, oldCount in changes.append((count, oldCount)) }
        )
        #expect(changes.isEmpty)
        store.dispatch(action: Add(amount: 1))
        store.dispatch(action: Rename(title: "x"))
        #expect(changes.isEmpty)
        store.dispatch(action: Append(text: "a"))
        store.dispatch(action: Append(text: "b"))
        #expect(changes.map(\.0) == [1, 2])
        #expect(changes.map(\.1) == [0, 1])
        subscription.cancel()
        store.dispatch(action: Append(text: "c"))
        #expect(changes.count == 2)
    }

    @Test("the key-path form still resolves beside the closure form")
    func keyPathFormStillResolves() {
        let store = StoreFixture.makeStore()
        var titles: [String] = []
        let subscription = store.subscribe(to: \.title) { title, _ in titles.append(title) }
        store.dispatch(action: Rename(title: "a"))
        store.dispatch(action: Add(amount: 1))
        #expect(titles == ["a"])
        withExtendedLifetime(subscription) {}
    }
}
