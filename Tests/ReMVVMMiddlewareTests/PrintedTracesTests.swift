import ReMVVMMiddleware
import ReMVVMStore
import ReMVVMTesting
import Testing

// Tests what a user reads in traces and in TestStore failures about navigation and undo
// (DESIGN.md, "What users read"): Sources/Middleware/Tracing, Sources/Store/Descriptions.

private struct Book: Identifiable, Equatable, Sendable {
    let id: Int
    var title: String
}

private enum LibraryPage: Equatable, Sendable {
    case list
    case detail(String)
}

private struct Library: StoreState, Equatable {
    var books: IdentifiedArray<Book> = []
    var delay: Duration = .zero
    var title = ""
    var navigation = NavigationState(root: LibraryPage.list)
}

private struct SetBooks: StoreAction { let books: IdentifiedArray<Book> }
private struct SetDelay: StoreAction { let delay: Duration }
private struct SetTitle: StoreAction { let title: String }

private enum SetBooksReducer: Reducer {
    static func reduce(state: Library, with action: SetBooks) -> Library {
        var state = state
        state.books = action.books
        return state
    }
}

private enum SetDelayReducer: Reducer {
    static func reduce(state: Library, with action: SetDelay) -> Library {
        var state = state
        state.delay = action.delay
        return state
    }
}

private enum SetTitleReducer: Reducer {
    static func reduce(state: Library, with action: SetTitle) -> Library {
        var state = state
        state.title = action.title
        return state
    }
}

/// Capitalizes every title it passes on.
private struct Capitalizer: Middleware {
    func applyMiddleware(for state: Library, action: SetTitle, dispatcher: Dispatcher<SetTitle, Library>) {
        dispatcher.next(action: SetTitle(title: action.title.uppercased()))
    }
}

@MainActor
private final class Traces {
    var all: [ActionTrace] = []
    var texts: [String] { all.map { $0.formatted(showingDurations: false) } }
}

@MainActor
private func makeTracedLibrary(_ middleware: [any AnyMiddleware]) -> (Store<Library>, Traces) {
    let traces = Traces()
    let tracer = Tracer(sink: TraceSink { traces.all.append($0) })
    let store = Store(with: Library(), middleware: tracer.instrument(middleware))
    store.register(reducer: SetBooksReducer.self)
    store.register(reducer: SetDelayReducer.self)
    store.register(reducer: SetTitleReducer.self)
    store.register(navigation: \.navigation)
    return (store, traces)
}

@MainActor
@Suite("What users read: traces and navigation failures")
struct PrintedTracesTests {
    @Test("an action holding an IdentifiedArray is traced with its elements")
    func listInTrace() {
        let (store, traces) = makeTracedLibrary([])
        store.dispatch(action: SetBooks(books: [Book(id: 1, title: "Dune")]))
        #expect(
            traces.texts == [
                """
                trace #1 SetBooks(books: [Book(id: 1, title: "Dune")])
                  reduced
                    books[id: 1] added: Book(id: 1, title: "Dune")
                """
            ])
    }

    @Test("a Duration is traced as code, in the action and in the change")
    func durationInTrace() {
        let (store, traces) = makeTracedLibrary([])
        store.dispatch(action: SetDelay(delay: .milliseconds(300)))
        store.dispatch(action: SetDelay(delay: .milliseconds(1_500)))
        #expect(
            traces.texts == [
                """
                trace #1 SetDelay(delay: .milliseconds(300))
                  reduced
                    delay: .seconds(0) -> .milliseconds(300)
                """,
                """
                trace #2 SetDelay(delay: .seconds(1.5))
                  reduced
                    delay: .milliseconds(300) -> .seconds(1.5)
                """,
            ])
    }

    @Test("a trace names the action the reducer got when a middleware replaced it")
    func replacedInTrace() throws {
        let (store, traces) = makeTracedLibrary([Capitalizer()])
        store.dispatch(action: SetTitle(title: "dune"))
        #expect(
            traces.texts == [
                """
                trace #1 SetTitle(title: "dune")
                  Capitalizer: replaced it with SetTitle(title: "DUNE")
                  reduced as SetTitle(title: "DUNE")
                    title: "" -> "DUNE"
                  completions
                """
            ])
        #expect(try #require(traces.all.first).reducedAction == #"SetTitle(title: "DUNE")"#)
    }

    @Test("an undo and a redo are traced as UndoAction() and RedoAction(), not the state they carry")
    func undoInTrace() {
        let history = UndoHistory<Library>(limit: 10)
        let (store, traces) = makeTracedLibrary([history])
        store.dispatch(action: SetTitle(title: "Dune"))
        store.dispatch(action: UndoAction())
        store.dispatch(action: RedoAction())
        #expect(
            Array(traces.texts.dropFirst()) == [
                """
                trace #2 UndoAction()
                  UndoHistory<Library>: passed on
                  reduced
                    title: "Dune" -> ""
                  completions
                """,
                """
                trace #3 RedoAction()
                  UndoHistory<Library>: passed on
                  reduced
                    title: "" -> "Dune"
                  completions
                """,
            ])
    }

    @Test("a long navigation that differs is cut around the difference, on both sides")
    func navigationCut() async throws {
        let digits = String(repeating: "0123456789", count: 12)
        let sent = digits + "A" + digits
        let expected = digits + "B" + digits
        let store = TestStore(with: Library())
        store.register(navigation: \.navigation)
        let failure = await caughtTestStoreFailure {
            try await store.send(NavigationAction.push(LibraryPage.detail(sent))) {
                $0.navigation.apply(.push(.detail(expected)))
            }
        }
        let lines = try #require(failure?.message).split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        let line = lines.last ?? ""
        #expect(line.hasPrefix("  navigation: expected [.list, .detail(\"0123"))
        let sides = line.dropFirst("  navigation: expected ".count).components(separatedBy: ", got ")
        #expect(sides.count == 2)
        // The screens differ at one character: each side shows its own, and says what it left out.
        #expect(sides.first?.contains("789B012") == true)
        #expect(sides.last?.contains("789A012") == true)
        #expect(sides.allSatisfy { $0.contains(" more)…") && $0.count <= 160 })
    }
}
