import Foundation
import ReMVVMMiddleware
import ReMVVMStore
import ReMVVMTesting
import Testing

// One name for a type wherever the library prints it: a trace, a log line, a TestStore
// failure and a diagnostic all qualify it by its enclosing types, write an enum case after one
// dot, and show a navigation state as its screens.

private enum ShelfFeature {
    enum Screen: Hashable, Codable, Sendable {
        case shelf
        case book(id: Int)
    }

    struct Pick: StoreAction, Codable, Equatable { let id: Int }

    struct State: StoreState, Equatable {
        var navigation = NavigationState(root: Screen.shelf)
        var picked: Int?
    }

    enum PickReducer: Reducer {
        static func reduce(state: State, with action: Pick) -> State {
            var state = state
            state.picked = action.id
            state.navigation.apply(.push(.book(id: action.id)))
            return state
        }
    }

    /// Passes every `Pick` on.
    struct Watcher: Middleware {
        func applyMiddleware(for state: State, action: Pick, dispatcher: Dispatcher<Pick, State>) {
            dispatcher.next()
        }
    }

    final class BookViewModel {}
}

@MainActor
private final class TraceCollector {
    var texts: [String] = []
    var actionTypes: [String] = []
}

@MainActor
private func makeShelfStore(middleware: [any AnyMiddleware] = []) -> (
    Store<ShelfFeature.State>, TraceCollector
) {
    let collector = TraceCollector()
    let tracer = Tracer(
        sink: TraceSink { trace in
            collector.texts.append(trace.formatted(showingDurations: false))
            collector.actionTypes.append(trace.actionType)
        })
    let store = Store(with: ShelfFeature.State(), middleware: tracer.instrument(middleware))
    store.register(navigation: \.navigation)
    store.register(reducer: ShelfFeature.PickReducer.self)
    store.diagnosticsHandler = { _ in }
    return (store, collector)
}

@MainActor
private func makeShelfTestStore() -> TestStore<ShelfFeature.State> {
    let store = TestStore(with: ShelfFeature.State())
    store.register(navigation: \.navigation)
    store.register(reducer: ShelfFeature.PickReducer.self)
    store.store.diagnosticsHandler = { _ in }
    return store
}

/// The message of the failure `body` throws, or `nil` when it throws none.
@MainActor
private func failureText(
    sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> Void
) async -> String? {
    await caughtTestStoreFailure(sourceLocation: sourceLocation, body)?.message
}

@MainActor
@Suite struct PrintedNamesTests {
    @Test(
        "a trace names the action and the middleware by their enclosing types, the navigation by its screens")
    func trace() {
        let (store, collector) = makeShelfStore(middleware: [ShelfFeature.Watcher()])
        store.dispatch(action: ShelfFeature.Pick(id: 3))
        store.dispatch(action: NavigationAction<ShelfFeature.Screen>.popToRoot)
        store.dispatch(action: NavigationAction.present(ShelfFeature.Screen.book(id: 4)))
        #expect(
            collector.texts.map { $0.split(separator: "\n").filter { !$0.hasPrefix("  completions") } }
                == [
                    [
                        "trace #1 ShelfFeature.Pick(id: 3)",
                        "  ShelfFeature.Watcher: passed on",
                        "  reduced",
                        "    navigation: [.shelf] -> [.shelf, .book(id: 3)]",
                        "    picked: nil -> 3",
                    ],
                    [
                        "trace #2 NavigationAction<ShelfFeature.Screen>.popToRoot",
                        "  reduced",
                        "    navigation: [.shelf, .book(id: 3)] -> [.shelf]",
                    ],
                    [
                        "trace #3 NavigationAction<ShelfFeature.Screen>.present(.book(id: 4))",
                        "  reduced",
                        "    navigation: [.shelf] -> [.shelf] presenting [.book(id: 4)]",
                    ],
                ])
    }

    @Test("a log line names the action type as a trace does")
    func logLine() throws {
        try withTemporaryFile { (url: URL) throws in
            let (store, collector) = makeShelfStore(middleware: [ActionRecorder(fileURL: url)])
            store.dispatch(action: ShelfFeature.Pick(id: 3))
            let line = try #require(try lines(of: url).first)
            let object = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(object["type"] as? String == "ShelfFeature.Pick")
            #expect(collector.actionTypes == ["ShelfFeature.Pick"])
        }
    }

    @Test("an exported test sends the action as its trace writes it")
    func exportedTest() throws {
        try withTemporaryFile { (url: URL) throws in
            let (store, collector) = makeShelfStore(middleware: [ActionRecorder(fileURL: url)])
            store.dispatch(action: ShelfFeature.Pick(id: 3))
            let exporter = SessionTestExporter(
                replayer: try ActionReplayer(types: [ShelfFeature.Pick.self]), makeStore: "makeStore()")
            let source = try exporter.source(for: try ActionLog(contentsOf: url), from: makeShelfStore().0)
            let firstLine = try #require(collector.texts.first?.split(separator: "\n").first)
            let traced = firstLine.dropFirst("trace #1 ".count)
            #expect(traced == "ShelfFeature.Pick(id: 3)")
            #expect(source.contains("try await store.send(\(traced))"))
        }
    }

    @Test("a TestStore failure names the action as a trace does and the navigation by its screens")
    func testStoreFailure() async {
        let store = makeShelfTestStore()
        let text = await failureText { try await store.send(ShelfFeature.Pick(id: 3)) { $0.picked = 3 } }
        #expect(
            text == """
                send ShelfFeature.Pick(id: 3): the state differs from the expected one:
                  navigation: expected [.shelf], got [.shelf, .book(id: 3)]
                """)
    }

    @Test("a TestStore failure writes a navigation action with one dot")
    func testStoreNavigationAction() async {
        let store = makeShelfTestStore()
        let text = await failureText {
            try await store.send(NavigationAction.push(ShelfFeature.Screen.book(id: 1))) { $0.picked = 1 }
        }
        #expect(
            text == """
                send NavigationAction<ShelfFeature.Screen>.push(.book(id: 1)): the state differs from the \
                expected one:
                  navigation: expected [.shelf], got [.shelf, .book(id: 1)]
                  picked: expected 1, got nil
                """)
    }

    @Test("two navigation states of the same screens are told apart by their entries' identifiers")
    func sameScreens() async throws {
        let store = makeShelfTestStore()
        try await store.send(NavigationAction.push(ShelfFeature.Screen.book(id: 1))) {
            $0.navigation.apply(.push(.book(id: 1)))
        }
        try await store.send(NavigationAction<ShelfFeature.Screen>.popToRoot) {
            $0.navigation.apply(.popToRoot)
        }
        let text = await failureText {
            try await store.send(NavigationAction.push(ShelfFeature.Screen.book(id: 1))) {
                $0.navigation = NavigationState(root: .shelf)
                $0.navigation.apply(.push(.book(id: 1)))
            }
        }
        #expect(
            text == """
                send NavigationAction<ShelfFeature.Screen>.push(.book(id: 1)): the state differs from the \
                expected one:
                  navigation: expected [#1 .shelf, #2 .book(id: 1)] (next #3), got [#1 .shelf, #3 .book(id: 1)] \
                (next #4)
                """)
    }

    @Test("diagnostics name types by their enclosing types and screens as values")
    func diagnostics() {
        let store = Store(with: ShelfFeature.State())
        var messages: [String] = []
        store.diagnosticsHandler = { messages.append($0.message) }
        store.register(navigation: \.navigation)
        store.dispatch(action: NavigationAction<ShelfFeature.Screen>.dismiss)
        #expect(
            messages == [
                "NavigationAction<ShelfFeature.Screen>.dismiss: cannot dismiss: no modal is presented. "
                    + "The navigation did not change."
            ])

        let bare = Store(with: ShelfFeature.State())
        bare.diagnosticsHandler = { messages.append($0.message) }
        let entry = NavigationState(root: ShelfFeature.Screen.book(id: 2)).top
        let viewModel: ShelfFeature.BookViewModel? = bare.viewModel(for: entry)
        #expect(viewModel == nil)
        #expect(
            messages.last
                == "no ShelfFeature.BookViewModel for the entry 1 (.book(id: 2)): the store has no "
                + "NavigationState<ShelfFeature.Screen>; call store.register(navigation:) first.")
    }

    @Test("the state prints its navigation as its screens, not its fields")
    func statePrinting() {
        var state = ShelfFeature.State()
        state.navigation.apply(.present(.book(id: 5)))
        #expect(
            String(describing: state) == "State(navigation: [.shelf] presenting [.book(id: 5)], picked: nil)")
    }
}
