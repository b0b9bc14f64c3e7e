import ReMVVMMiddleware
import ReMVVMStore
import Testing

@testable import ReMVVMSwiftUI

@MainActor
@Suite struct BindingAccessTests {
    @Test("a set dispatches the part's binding action, and the get reads the new state")
    func storeBinding() {
        let store = makeStore()
        store.register(binding: \.draft.title, named: "draft.title")
        var actions: [String] = []
        let subscription = store.subscribe(to: \.self) { state, _ in actions.append(state.draft.title) }
        let access = BindingAccess(store.binding(\.draft.title))
        access.set("Retro")
        #expect(store.state.draft.title == "Retro")
        #expect(access.get() == "Retro")
        access.set("Retro")  // the same value: no action, no change
        #expect(actions == ["Retro"])
        subscription.cancel()
    }

    @Test("an entry's binding reads the fallback once its entry is gone")
    func entryFallback() {
        let store = makeStore()
        let access = BindingAccess(store.binding(\Draft.title, entry: 9), fallback: "none")
        #expect(access.get() == "none")
    }
}
