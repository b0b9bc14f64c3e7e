import ReMVVMStore
import Testing

// States that are not Equatable, compared structurally by TestStore.

private final class Session: Sendable {
    let token: String
    init(token: String) { self.token = token }
}

private struct User: Sendable {
    let firstName: String
    let lastName: String
}

/// The seed's shape: `let` fields and a stored factory.
private struct AppState: StoreState {
    let factory: ViewModelFactory
    let user: User?
    var session: Session?
}

private struct Login: StoreAction {
    let firstName: String
    let lastName: String
}

private enum LoginReducer: Reducer {
    static func reduce(state: AppState, with action: Login) -> AppState {
        AppState(
            factory: state.factory,
            user: User(firstName: action.firstName, lastName: action.lastName),
            session: state.session
        )
    }
}

private struct ReplaceFactory: StoreAction { let factory: any ViewModelFactory }

private enum ReplaceFactoryReducer: Reducer {
    static func reduce(state: AppState, with action: ReplaceFactory) -> AppState {
        AppState(factory: action.factory, user: state.user, session: state.session)
    }
}

private struct NewSession: StoreAction { let token: String }

private enum NewSessionReducer: Reducer {
    static func reduce(state: AppState, with action: NewSession) -> AppState {
        var state = state
        state.session = Session(token: action.token)
        return state
    }
}

private struct Grid: StoreState {
    var rows: [[Int]] = [[1, 2], [3]]
    var tags: [String: [String]] = ["a": ["x"]]
}

private struct SetCell: StoreAction {
    let row: Int
    let column: Int
    let value: Int
}

private enum SetCellReducer: Reducer {
    static func reduce(state: Grid, with action: SetCell) -> Grid {
        var state = state
        state.rows[action.row][action.column] = action.value
        state.tags["a", default: []].append("y")
        return state
    }
}

private enum Phase: Sendable {
    case idle
    case loading(page: Int)
    case loaded(items: [String], total: Int)
}

private struct Screen: StoreState {
    var phase: Phase = .idle
}

private struct SetPhase: StoreAction { let phase: Phase }

private enum SetPhaseReducer: Reducer {
    static func reduce(state: Screen, with action: SetPhase) -> Screen {
        Screen(phase: action.phase)
    }
}

@MainActor
private func failure(_ body: () async throws -> Void) async -> String? {
    do {
        try await body()
        return nil
    } catch {
        return String(describing: error)
    }
}

@MainActor
@Suite("Structural comparison")
struct ValueDiffTests {
    private let factory = CompositeViewModelFactory()

    private func makeAppStore() -> TestStore<AppState> {
        let store = TestStore(with: AppState(factory: factory, user: nil, session: nil))
        store.register(reducer: LoginReducer.self)
        store.register(reducer: ReplaceFactoryReducer.self)
        store.register(reducer: NewSessionReducer.self)
        return store
    }

    @Test("a state with let fields is asserted by assigning a whole new value")
    func letFields() async throws {
        let store = makeAppStore()
        try await store.send(Login(firstName: "Ada", lastName: "Lovelace")) {
            $0 = AppState(
                factory: $0.factory, user: User(firstName: "Ada", lastName: "Lovelace"), session: nil)
        }
        let text = await failure {
            try await store.send(Login(firstName: "Alan", lastName: "Turing")) {
                $0 = AppState(
                    factory: $0.factory, user: User(firstName: "Ada", lastName: "Turing"), session: nil)
            }
        }
        #expect(
            text == """
                send Login(firstName: "Alan", lastName: "Turing"): the state differs from the expected one:
                  user.firstName: expected "Ada", got "Alan"
                """
        )
    }

    @Test("nil against a value names the optional's path")
    func optionals() async {
        let store = makeAppStore()
        let text = await failure { try await store.send(Login(firstName: "Ada", lastName: "L")) }
        #expect(text?.hasSuffix(#"user: expected nil, got User(firstName: "Ada", lastName: "L")"#) == true)
    }

    @Test("the stored factory is compared by identity")
    func factoryIdentity() async throws {
        let store = makeAppStore()
        let text = await failure {
            try await store.send(ReplaceFactory(factory: CompositeViewModelFactory()))
        }
        #expect(text?.contains("factory: expected CompositeViewModelFactory instance") == true)
        #expect(text?.contains("got CompositeViewModelFactory instance") == true)
    }

    @Test("class references compare by identity, not by content")
    func classIdentity() async throws {
        let store = makeAppStore()
        let text = await failure {
            try await store.send(NewSession(token: "t")) { $0.session = Session(token: "t") }
        }
        #expect(text?.contains("session: expected Session instance") == true)
        // The same instance passes.
        let store2 = makeAppStore()
        try await store2.send(NewSession(token: "u")) { [store2] in $0.session = store2.store.state.session }
        #expect(store2.store.state.session?.token == "u")
    }

    @Test("nested collections are compared element by element, at every level")
    func nestedCollections() async throws {
        let store = TestStore(with: Grid())
        store.register(reducer: SetCellReducer.self)
        let text = await failure {
            try await store.send(SetCell(row: 0, column: 1, value: 9)) { $0.rows[0][1] = 8 }
        }
        #expect(
            text == """
                send SetCell(row: 0, column: 1, value: 9): the state differs from the expected one:
                  rows[0][1]: expected 8, got 9
                  tags["a"][1]: expected no element, got "y"
                """
        )
        try await store.send(SetCell(row: 1, column: 0, value: 4)) {
            $0.rows[1][0] = 4
            $0.tags["a"] = ["x", "y", "y"]
        }
    }

    @Test("enums are compared by case, then by payload")
    func enums() async throws {
        let store = TestStore(with: Screen())
        store.register(reducer: SetPhaseReducer.self)
        let caseText = await failure {
            try await store.send(SetPhase(phase: .loading(page: 1))) { $0.phase = .idle }
        }
        #expect(caseText?.hasSuffix("phase: expected .idle, got .loading(page: 1)") == true)
        let payloadText = await failure {
            try await store.send(SetPhase(phase: .loaded(items: ["a", "b"], total: 2))) {
                $0.phase = .loaded(items: ["a", "c"], total: 3)
            }
        }
        #expect(
            payloadText == """
                send SetPhase(phase: .loaded(items: ["a", "b"], total: 2)): the state differs from the expected one:
                  phase.loaded.items[1]: expected "c", got "b"
                  phase.loaded.total: expected 3, got 2
                """
        )
        try await store.send(SetPhase(phase: .loading(page: 2))) { $0.phase = .loading(page: 2) }
        try await store.finish()
    }
}
