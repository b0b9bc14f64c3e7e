import ReMVVMStore
import ReMVVMTesting
import Testing

/// An object with state: what must not leak from one store, or one test, into another.
private actor RevisionServer {
    private(set) var revision = 0

    func commit() -> Int {
        revision += 1
        return revision
    }
}

/// Computed: a new server at each read of the key, so one per store.
private enum OwnServerKey: DependencyKey {
    static var liveValue: RevisionServer { RevisionServer() }
}

/// Stored: one server for the whole process.
private enum SharedServerKey: DependencyKey {
    static let liveValue = RevisionServer()
}

/// A computed test value of its own, and a live value a test store must never read.
private enum TestServerKey: DependencyKey {
    static let liveValue = RevisionServer()
    static var testValue: RevisionServer { RevisionServer() }
}

extension DependencyValues {
    fileprivate var ownServer: RevisionServer {
        get { self[OwnServerKey.self] }
        set { self[OwnServerKey.self] = newValue }
    }

    fileprivate var sharedServer: RevisionServer { self[SharedServerKey.self] }

    fileprivate var testServer: RevisionServer { self[TestServerKey.self] }
}

private struct Tally: StoreState, Equatable {
    var revisions: [Int] = []
}

private struct Commit: StoreAction, Equatable {}
private struct Committed: StoreAction, Equatable { let revision: Int }

private enum CommitReducer: Reducer {
    static func reduce(state: Tally, with action: Commit) -> Tally { state }
}

private enum CommittedReducer: Reducer {
    static func reduce(state: Tally, with action: Committed) -> Tally {
        Tally(revisions: state.revisions + [action.revision])
    }
}

/// Commits on the store's own server from a task, as an effect does.
private struct CommitMiddleware: Middleware {
    func applyMiddleware(for state: Tally, action: Commit, dispatcher: Dispatcher<Commit, Tally>) {
        dispatcher.next()
        dispatcher.task {
            let revision = await dispatcher.dependencies.ownServer.commit()
            dispatcher.dispatch(action: Committed(revision: revision))
        }
    }
}

@MainActor
private func makeStore() -> Store<Tally> {
    let store = Store(with: Tally(), middleware: [CommitMiddleware()])
    store.register(reducer: CommitReducer.self)
    store.register(reducer: CommittedReducer.self)
    return store
}

@MainActor
@Suite struct DependencyValuesTests {
    @Test("a computed live value is read once per store: the same object at every read, its own")
    func computedLiveValueIsPerStore() async {
        let first = makeStore()
        let second = makeStore()
        #expect(first.dependencies.ownServer === first.dependencies.ownServer)
        #expect(first.dependencies.ownServer !== second.dependencies.ownServer)

        // The middleware's task reads the store's server, and the other store's is untouched.
        first.dispatch(action: Commit())
        first.dispatch(action: Commit())
        await first.idle()
        second.dispatch(action: Commit())
        await second.idle()
        #expect(first.state.revisions == [1, 2])
        #expect(second.state.revisions == [1])
        #expect(await first.dependencies.ownServer.revision == 2)
    }

    @Test("a stored live value is one object for every store")
    func storedLiveValueIsShared() {
        let first = makeStore()
        let second = makeStore()
        #expect(first.dependencies.sharedServer === second.dependencies.sharedServer)
        #expect(first.dependencies.sharedServer === SharedServerKey.liveValue)
    }

    @Test("a computed test value gives each test store its own object, and never the live one")
    func computedTestValueIsPerTestStore() async throws {
        let first = TestStore(with: Tally())
        let second = TestStore(with: Tally())
        let server = first.store.dependencies.testServer
        #expect(server === first.store.dependencies.testServer)
        #expect(server !== second.store.dependencies.testServer)
        #expect(server !== TestServerKey.liveValue)
        #expect(await server.commit() == 1)
        #expect(await second.store.dependencies.testServer.revision == 0)
        try await first.finish()
        try await second.finish()
    }

    @Test("a value set in the initializer's closure is the one the store and its effects read")
    func setValueWins() async {
        let server = RevisionServer()
        let store = Store(with: Tally(), middleware: [CommitMiddleware()]) { $0.ownServer = server }
        store.register(reducer: CommitReducer.self)
        store.register(reducer: CommittedReducer.self)
        store.dispatch(action: Commit())
        await store.idle()
        #expect(store.dependencies.ownServer === server)
        #expect(await server.revision == 1)
    }

    @Test("tasks that read a new key at once all get the one value the store keeps")
    func concurrentFirstReads() async {
        let store = makeStore()
        let dependencies = store.dependencies
        let servers = await withTaskGroup(of: RevisionServer.self) { group in
            for _ in 0..<32 {
                group.addTask { dependencies.ownServer }
            }
            var servers: [RevisionServer] = []
            for await server in group { servers.append(server) }
            return servers
        }
        #expect(servers.count == 32)
        #expect(servers.allSatisfy { $0 === store.dependencies.ownServer })
    }
}
