import ReMVVMStore
import Testing

// Whatever the store, its middleware, subscribers and view models stop needing is deallocated:
// each test holds only `weak` references at the end and expects them to be `nil`.

private struct MemoryState: StoreState {
    let factory: any ViewModelFactory
    var count = 0
    var name: String?
}

private struct Tick: StoreAction {}

private struct Rename: StoreAction {
    let name: String?
}

/// Replaces the state's factory: how a test breaks the cycle a strong capture makes.
private struct SwapFactory: StoreAction {
    let factory: any ViewModelFactory
}

private struct Blocked: StoreAction {}

private struct Unhandled: StoreAction {}

private enum TickReducer: Reducer {
    static func reduce(state: MemoryState, with action: Tick) -> MemoryState {
        var state = state
        state.count += 1
        return state
    }
}

private enum RenameReducer: Reducer {
    static func reduce(state: MemoryState, with action: Rename) -> MemoryState {
        var state = state
        state.name = action.name
        return state
    }
}

private enum SwapFactoryReducer: Reducer {
    static func reduce(state: MemoryState, with action: SwapFactory) -> MemoryState {
        MemoryState(factory: action.factory, count: state.count, name: state.name)
    }
}

private enum BlockedReducer: Reducer {
    static func reduce(state: MemoryState, with action: Blocked) -> MemoryState {
        var state = state
        state.count += 1000
        return state
    }
}

/// A class middleware, so a weak reference can tell when it is deallocated; blocks `Blocked`.
private final class ClassMiddleware: AnyMiddleware {
    var seen = 0

    func applyMiddleware<Action: StoreAction, State: StoreState>(
        for state: State,
        action: Action,
        dispatcher: Dispatcher<Action, State>
    ) {
        seen += 1
        if action is Blocked { return }
        dispatcher.next()
    }
}

/// Keeps every dispatcher it gets and never calls `next`.
@MainActor
private final class DispatcherKeeper {
    var kept: [Any] = []
}

private struct KeepingMiddleware: Middleware {
    let keeper: DispatcherKeeper

    func applyMiddleware(for state: MemoryState, action: Rename, dispatcher: Dispatcher<Rename, MemoryState>)
    {
        keeper.kept.append(dispatcher)
    }
}

/// Something a closure captures, so a weak reference tells whether the closure is still held.
private final class Token: Sendable {}

/// Passes `Tick` on with a completion that captures the dispatcher (to dispatch a follow-up,
/// a natural pattern) and a token.
private struct CapturingCompletion: Middleware {
    let token: Token
    let dispatchFollowUp: Bool

    func applyMiddleware(for state: MemoryState, action: Tick, dispatcher: Dispatcher<Tick, MemoryState>) {
        let token = self.token
        dispatcher.next { state in
            _ = token
            if dispatchFollowUp && state.count == 1 { dispatcher.dispatch(action: Rename(name: "follow-up")) }
        }
    }
}

private final class Subscriber: StoreSubscriber {
    var changes = 0
    func didChange(state: MemoryState, oldState: MemoryState) { changes += 1 }
}

private final class SubscribedViewModel: StoreSubscriber, Initializable {
    var changes = 0
    func didChange(state: MemoryState, oldState: MemoryState) { changes += 1 }
}

private struct GreetingsViewModel {
    let message: String
}

private final class Screen {}

/// How the dispatch after a release goes: the store must let the subscriber go in each case.
private enum NextDispatch: CaseIterable, Sendable, CustomTestStringConvertible {
    case reduced
    case unhandled
    case blockedByMiddleware

    var testDescription: String { "\(self)" }
}

@MainActor
private func makeStore(middleware: [any AnyMiddleware] = []) -> Store<MemoryState> {
    let store = Store(with: MemoryState(factory: CompositeViewModelFactory()), middleware: middleware)
    store.register(reducer: TickReducer.self)
    store.register(reducer: RenameReducer.self)
    store.register(reducer: SwapFactoryReducer.self)
    store.register(reducer: BlockedReducer.self)
    store.diagnosticsHandler = { _ in }
    return store
}

@MainActor
private func dispatch(_ next: NextDispatch, to store: Store<MemoryState>) {
    switch next {
    case .reduced: store.dispatch(action: Tick())
    case .unhandled: store.dispatch(action: Unhandled())
    case .blockedByMiddleware: store.dispatch(action: Blocked())
    }
}

@MainActor
@Suite("Memory")
struct MemoryTests {
    @Test("a released store lets go of its state, middleware, subscribers and view models")
    func releasedStoreDeallocatesEverything() {
        weak var weakStore: Store<MemoryState>?
        weak var weakMiddleware: ClassMiddleware?
        weak var weakFactory: CompositeViewModelFactory?
        weak var weakViewModel: SubscribedViewModel?
        let subscriber = Subscriber()
        let screen = Screen()
        do {
            let middleware = ClassMiddleware()
            let store = makeStore(middleware: [middleware])
            weakStore = store
            weakMiddleware = middleware
            weakFactory = store.state.factory as? CompositeViewModelFactory
            store.add(subscriber: subscriber)
            let viewModel: SubscribedViewModel? = store.viewModel(for: screen)
            weakViewModel = viewModel
            store.dispatch(action: Tick())
            #expect(subscriber.changes == 1)
            #expect(viewModel?.changes == 1)
            #expect(middleware.seen == 1)
        }
        #expect(weakStore == nil)
        #expect(weakMiddleware == nil)
        #expect(weakFactory == nil)
        #expect(weakViewModel == nil)
        // The subscriber and the context outlive the store, as they may in an app.
        #expect(subscriber.changes == 1)
    }

    @Test(
        "a released subscriber is deallocated by the store's next dispatch", arguments: NextDispatch.allCases)
    fileprivate func releasedSubscriber(_ next: NextDispatch) {
        let store = makeStore(middleware: [ClassMiddleware()])
        weak var weakSubscriber: Subscriber?
        do {
            let subscriber = Subscriber()
            weakSubscriber = subscriber
            store.add(subscriber: subscriber)
            store.dispatch(action: Tick())
            #expect(subscriber.changes == 1)
        }
        dispatch(next, to: store)
        #expect(weakSubscriber == nil, "still alive after a \(next) dispatch")
        #expect(store.subscriberCount == 0)
    }

    @Test(
        "released closure and key-path subscriptions free what they captured",
        arguments: NextDispatch.allCases)
    fileprivate func releasedClosureSubscriptions(_ next: NextDispatch) {
        let store = makeStore(middleware: [ClassMiddleware()])
        weak var weakToken: Token?
        weak var weakKeyPathToken: Token?
        do {
            let token = Token()
            let keyPathToken = Token()
            weakToken = token
            weakKeyPathToken = keyPathToken
            let subscription = store.subscribe(to: \.self) { _, _ in _ = token }
            let selection = store.subscribe(to: \.count) { _, _ in _ = keyPathToken }
            store.dispatch(action: Tick())
            _ = (subscription, selection)
        }
        dispatch(next, to: store)
        #expect(weakToken == nil, "closure still held after a \(next) dispatch")
        #expect(weakKeyPathToken == nil, "key-path closure still held after a \(next) dispatch")
        #expect(store.subscriberCount == 0)
    }

    @Test("a view model is released with its context by the next dispatch", arguments: NextDispatch.allCases)
    fileprivate func viewModelReleasedWithContext(_ next: NextDispatch) {
        let store = makeStore(middleware: [ClassMiddleware()])
        weak var weakScreen: Screen?
        weak var weakViewModel: SubscribedViewModel?
        do {
            let screen = Screen()
            weakScreen = screen
            let viewModel: SubscribedViewModel? = store.viewModel(for: screen)
            weakViewModel = viewModel
            let again: SubscribedViewModel? = store.viewModel(for: screen)
            #expect(again === viewModel)
            store.dispatch(action: Tick())
            #expect(viewModel?.changes == 1)
        }
        // The store holds contexts weakly: the screen itself is gone at once.
        #expect(weakScreen == nil)
        dispatch(next, to: store)
        #expect(weakViewModel == nil, "view model still alive after a \(next) dispatch")
        #expect(store.subscriberCount == 0)
    }

    @Test("a view model made for a context is freed once the context goes")
    func viewModelOfContextFreed() {
        final class Screen {}
        let store = makeStore()
        weak var weakViewModel: SubscribedViewModel?
        do {
            let screen = Screen()
            let viewModel: SubscribedViewModel? = store.viewModel(for: screen)
            weakViewModel = viewModel
            store.dispatch(action: Tick())
            #expect(viewModel?.changes == 1)
        }
        store.dispatch(action: Tick())
        #expect(weakViewModel == nil)
    }

    @Test("a factory closure with [weak store], as in the seed, lets the store go")
    func weakStoreInFactoryClosure() {
        weak var weakStore: Store<MemoryState>?
        weak var weakFactory: CompositeViewModelFactory?
        do {
            let factory = CompositeViewModelFactory()
            let store = Store(with: MemoryState(factory: factory))
            store.register(reducer: RenameReducer.self)
            factory.add { [weak store] _ -> GreetingsViewModel? in
                guard let name = store?.state.name else { return nil }
                return GreetingsViewModel(message: "Hello \(name) <3")
            }
            store.dispatch(action: Rename(name: "Ada"))
            final class Screen {}
            let screen = Screen()
            let greetings: GreetingsViewModel? = store.viewModel(for: screen)
            #expect(greetings?.message == "Hello Ada <3")
            weakStore = store
            weakFactory = factory
        }
        #expect(weakStore == nil)
        #expect(weakFactory == nil)
    }

    @Test(
        "a factory closure that captures the store strongly keeps it alive: store -> state -> factory -> closure"
    )
    func strongStoreInFactoryClosureIsACycle() {
        weak var weakStore: Store<MemoryState>?
        weak var weakFactory: CompositeViewModelFactory?
        do {
            let factory = CompositeViewModelFactory()
            let store = Store(with: MemoryState(factory: factory))
            store.register(reducer: RenameReducer.self)
            store.register(reducer: SwapFactoryReducer.self)
            factory.add { _ -> GreetingsViewModel? in
                guard let name = store.state.name else { return nil }
                return GreetingsViewModel(message: "Hello \(name) <3")
            }
            weakStore = store
            weakFactory = factory
        }
        // The pitfall the README documents: nothing outside holds the store, yet it lives on.
        #expect(weakStore != nil)
        #expect(weakFactory != nil)
        // Dropping the factory from the state breaks the cycle (and keeps this test leak-free).
        weakStore?.dispatch(action: SwapFactory(factory: InitializableViewModelFactory()))
        #expect(weakStore == nil)
        #expect(weakFactory == nil)
    }

    @Test("a released store frees a middleware that still holds dispatchers once they are dropped")
    func pendingDispatchersDoNotKeepTheStore() {
        weak var weakStore: Store<MemoryState>?
        let keeper = DispatcherKeeper()
        do {
            let store = makeStore(middleware: [KeepingMiddleware(keeper: keeper)])
            store.dispatch(action: Rename(name: "pending"))
            store.dispatch(action: Tick())
            #expect(store.state.count == 1)
            weakStore = store
        }
        #expect(weakStore == nil)
        #expect(keeper.kept.count == 1)
        // Calling next on a dispatcher of a store that is gone does nothing.
        (keeper.kept.first as? Dispatcher<Rename, MemoryState>)?.next()
        keeper.kept.removeAll()
    }

    @Test("a completion that captures its dispatcher is released once it has run", arguments: [false, true])
    func completionCapturingDispatcher(dispatchFollowUp: Bool) {
        let store = makeStore()
        weak var weakToken: Token?
        do {
            let token = Token()
            weakToken = token
            let middleware = CapturingCompletion(token: token, dispatchFollowUp: dispatchFollowUp)
            let inner = makeStore(middleware: [middleware])
            inner.dispatch(action: Tick())
            #expect(inner.state.count == 1)
            #expect(inner.state.name == (dispatchFollowUp ? "follow-up" : nil))
            _ = store
        }
        // The store, its middleware and the completion are all gone: nothing may keep the token.
        #expect(weakToken == nil, "the dispatch context and its completions were leaked")
    }

    @Test(
        "a completion that captures its dispatcher is released when a later middleware drops the action",
        arguments: LaterMiddleware.allCases
    )
    fileprivate func completionCapturingDispatcherOfDroppedAction(_ later: LaterMiddleware) {
        weak var weakToken: Token?
        weak var weakStore: Store<MemoryState>?
        weak var weakMiddleware: ClassMiddleware?
        let keeper = DispatcherKeeper()
        do {
            let token = Token()
            let blocker = ClassMiddleware()
            let last: any AnyMiddleware =
                switch later {
                case .blocks: blocker
                case .defersThenDrops: KeepingAnyMiddleware(keeper: keeper)
                }
            let store = makeStore(middleware: [CapturingAnyCompletion(token: token), last])
            store.dispatch(action: Blocked())
            #expect(store.state.count == 0)
            keeper.kept.removeAll()
            weakToken = token
            weakStore = store
            weakMiddleware = blocker
        }
        #expect(weakStore == nil)
        #expect(weakToken == nil, "the completion of a dropped action was leaked")
        #expect(weakMiddleware == nil, "the middleware stack was leaked with the dispatch context")
    }
}

/// What the middleware after ``CapturingAnyCompletion`` does with the action.
private enum LaterMiddleware: CaseIterable, Sendable, CustomTestStringConvertible {
    /// Returns without calling `next`.
    case blocks
    /// Keeps the dispatcher, then lets it go without calling `next`.
    case defersThenDrops

    var testDescription: String { "\(self)" }
}

/// For every action, passes it on with a completion that captures the dispatcher and a token.
private struct CapturingAnyCompletion: AnyMiddleware {
    let token: Token

    func applyMiddleware<Action: StoreAction, State: StoreState>(
        for state: State,
        action: Action,
        dispatcher: Dispatcher<Action, State>
    ) {
        let token = self.token
        dispatcher.next { _ in
            _ = token
            dispatcher.dispatch(action: Tick())
        }
    }
}

/// Keeps every dispatcher it gets, of any action, and never calls `next`.
private struct KeepingAnyMiddleware: AnyMiddleware {
    let keeper: DispatcherKeeper

    func applyMiddleware<Action: StoreAction, State: StoreState>(
        for state: State,
        action: Action,
        dispatcher: Dispatcher<Action, State>
    ) {
        keeper.kept.append(dispatcher)
    }
}
