import ReMVVMViewModelFactory
import Testing

@MainActor
private final class Screen {}

@MainActor
private final class ScreenViewModel: Initializable {
    let serial: Int
    private static var made = 0
    init() {
        Self.made += 1
        serial = Self.made
    }
}

@MainActor
@Suite struct ViewModelStoreTests {
    @Test("the same context, type and key give the same instance")
    func sameInstance() throws {
        let store = ViewModelStore()
        let factory = CompositeViewModelFactory()
        let screen = Screen()
        let first: ScreenViewModel = try #require(store.viewModel(for: screen, factory: factory))
        let again: ScreenViewModel = try #require(store.viewModel(for: screen, factory: factory))
        #expect(first === again)
    }

    @Test("another key or another context gives another instance")
    func otherKeyOrContext() throws {
        let store = ViewModelStore()
        let factory = CompositeViewModelFactory()
        let screen = Screen()
        let other = Screen()
        let plain: ScreenViewModel = try #require(store.viewModel(for: screen, factory: factory))
        let keyed: ScreenViewModel = try #require(store.viewModel(for: screen, key: "a", factory: factory))
        let otherContext: ScreenViewModel = try #require(store.viewModel(for: other, factory: factory))
        #expect(plain !== keyed)
        #expect(plain !== otherContext)
        #expect(keyed !== otherContext)
    }

    @Test("a nil result is not kept: the next call tries again")
    func nilNotKept() {
        let store = ViewModelStore()
        let screen = Screen()
        var calls = 0
        for _ in 0..<2 {
            let none: ScreenViewModel? = store.viewModel(for: screen) {
                calls += 1
                return nil
            }
            #expect(none == nil)
        }
        #expect(calls == 2)
    }

    @Test("the view models of a deallocated context are released")
    func releasedWithContext() throws {
        let store = ViewModelStore()
        let factory = CompositeViewModelFactory()
        var screen: Screen? = Screen()
        weak var weakViewModel: ScreenViewModel?
        do {
            let viewModel: ScreenViewModel = try #require(store.viewModel(for: screen!, factory: factory))
            weakViewModel = viewModel
        }
        #expect(weakViewModel != nil, "the store keeps the view model while the context lives")
        #expect(store.contextCount == 1)
        screen = nil
        store.releaseViewModelsOfDeallocatedContexts()
        #expect(weakViewModel == nil)
        #expect(store.contextCount == 0)
    }

    @Test("the next use of the store releases the view models of deallocated contexts")
    func releasedOnNextUse() throws {
        let store = ViewModelStore()
        let factory = CompositeViewModelFactory()
        var screen: Screen? = Screen()
        let other = Screen()
        weak var weakViewModel: ScreenViewModel?
        do {
            let viewModel: ScreenViewModel = try #require(store.viewModel(for: screen!, factory: factory))
            weakViewModel = viewModel
        }
        screen = nil
        let _: ScreenViewModel? = store.viewModel(for: other, factory: factory)
        #expect(weakViewModel == nil)
    }
}
