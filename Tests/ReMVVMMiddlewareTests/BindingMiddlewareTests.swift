import Foundation
import ReMVVMMiddleware
import ReMVVMStore
import ReMVVMTesting
import Testing

// Tests that a binding's action (Sources/Store/Bindings/) is an action like any other for the
// ready-made middleware: traced by its part's path, recorded and replayed, undone, kept by
// the action history for time travel, and exported as a test step.

private struct Manuscript: Equatable, Sendable {
    var title = ""
    var pages = 0
}

private struct Desk: StoreState, Equatable {
    var manuscript = Manuscript()
    var isDirty = false
}

/// A store of `Desk` with the manuscript's title and pages declared as bindings, by name, so
/// the tests run at the package's floor too.
@MainActor
private func makeDesk(
    middleware: [any AnyMiddleware] = [], _ state: Desk = Desk()
) -> (Store<Desk>, () -> [StoreDiagnostic.Kind]) {
    let store = Store(with: state, middleware: middleware)
    var kinds: [StoreDiagnostic.Kind] = []
    store.diagnosticsHandler = { kinds.append($0.kind) }
    register(on: store)
    return (store, { kinds })
}

@MainActor
private func register(on store: some StoreRegistering<Desk>) {
    store.register(binding: \.manuscript.title, named: "manuscript.title")
    store.register(binding: \.manuscript.pages, named: "manuscript.pages")
}

private let bindingReplayer = try! ActionReplayer(
    types: [BindingAction<String>.self, BindingAction<Int>.self, UndoAction.self, RedoAction.self])

@MainActor
@Suite("Bindings through the ready-made middleware")
struct BindingMiddlewareTests {
    @Test("a trace names the action by the part's path and value, and the change by the same path")
    func traced() throws {
        var traces: [ActionTrace] = []
        let tracer = Tracer(sink: TraceSink { traces.append($0) })
        let (store, kinds) = makeDesk(middleware: tracer.instrument([]))
        store.binding(\.manuscript.title).set("Dune")
        let trace = try #require(traces.first)
        #expect(traces.count == 1)
        #expect(trace.actionType == "BindingAction<String>")
        #expect(trace.action == #"BindingAction<String>(path: "manuscript.title", value: "Dune")"#)
        guard case .reduced(let changes, _) = trace.outcome else {
            Issue.record("not reduced: \(trace.outcome)")
            return
        }
        #expect(changes.map(\.description) == [#"manuscript.title: "" -> "Dune""#])
        let text = trace.formatted(showingDurations: false)
        #expect(text.hasPrefix(#"trace #1 BindingAction<String>(path: "manuscript.title", value: "Dune")"#))
        #expect(text.contains(#"manuscript.title: "" -> "Dune""#))
        #expect(kinds().isEmpty)
    }

    @Test(
        "a recorder writes one line per set, with its type and its part's name; a replay gives the same state"
    )
    func recordedAndReplayed() throws {
        try withTemporaryFile { (url: URL) throws in
            let recorder = ActionRecorder(fileURL: url)
            let (store, _) = makeDesk(middleware: [recorder])
            store.binding(\.manuscript.title).set("Dune")
            store.binding(\.manuscript.title).set("Dune")  // the same value: no line
            store.binding(\.manuscript.pages).set(412)
            store.binding(\.manuscript.title).set("Dune Messiah")
            let written = try lines(of: url)
            #expect(written.count == 3)
            #expect(written[0].contains(#""type":"BindingAction<String>""#))
            #expect(written[0].hasSuffix(#""action":{"path":"manuscript.title","value":"Dune"}}"#))
            #expect(written[1].contains(#""type":"BindingAction<Int>""#))
            #expect(written[1].hasSuffix(#""action":{"path":"manuscript.pages","value":412}}"#))

            let log = try ActionLog(contentsOf: url)
            let (replayed, kinds) = makeDesk()
            let summary = try bindingReplayer.replay(log, into: replayed)
            #expect(summary.replayedCount == 3)
            #expect(replayed.state == store.state)
            #expect(replayed.state.manuscript == Manuscript(title: "Dune Messiah", pages: 412))
            #expect(kinds().isEmpty)

            // Through the middleware, each action is dispatched again.
            let (again, _) = makeDesk()
            try bindingReplayer.replay(log, into: again, mode: .throughMiddleware)
            #expect(again.state == store.state)
        }
    }

    @Test("a replay into a store that does not declare the part changes nothing there and says so")
    func replayedIntoAnotherSetUp() throws {
        let log = try ActionLog(
            text:
                #"{"seq":1,"type":"BindingAction<String>","origin":"outside","action":{"path":"title","value":"Dune"}}"#
                + "\n")
        let (store, kinds) = makeDesk()
        try bindingReplayer.replay(log, into: store, mode: .throughMiddleware)
        #expect(store.state == Desk())
        #expect(kinds() == [.unregisteredBinding])
    }

    @Test("an undo takes a set back, a redo sets it again")
    func undone() {
        let history = UndoHistory<Desk>(limit: 10)
        let (store, _) = makeDesk(middleware: [history])
        store.binding(\.manuscript.title).set("Dune")
        store.binding(\.manuscript.title).set("Dune Messiah")
        #expect(history.undoableActions.count == 2)
        store.dispatch(action: UndoAction())
        #expect(store.state.manuscript.title == "Dune")
        store.dispatch(action: UndoAction())
        #expect(store.state.manuscript.title == "")
        store.dispatch(action: RedoAction())
        #expect(store.state.manuscript.title == "Dune")
    }

    @Test("the action history keeps each set: a jump and a skip recompute the session from them")
    func travelled() throws {
        let history = ActionHistory<Desk>()
        let (store, _) = makeDesk(middleware: [history])
        store.binding(\.manuscript.title).set("Dune")
        store.binding(\.manuscript.pages).set(412)
        store.binding(\.manuscript.title).set("Dune Messiah")
        let kept = history.entries.map { String(describing: $0.action) }
        #expect(
            kept == [
                #"BindingAction<String>(path: "manuscript.title", value: "Dune")"#,
                #"BindingAction<Int>(path: "manuscript.pages", value: 412)"#,
                #"BindingAction<String>(path: "manuscript.title", value: "Dune Messiah")"#,
            ])
        #expect(history.jump(to: 1))
        #expect(store.state.manuscript == Manuscript(title: "Dune", pages: 0))
        #expect(history.jump(to: 3))
        #expect(history.skip(2))
        #expect(store.state.manuscript == Manuscript(title: "Dune Messiah", pages: 0))
    }

    @Test("an exported session sends each set as its BindingAction and asserts the part it changed")
    func exported() throws {
        try withTemporaryFile { (url: URL) throws in
            let recorder = ActionRecorder(fileURL: url)
            let (store, _) = makeDesk(middleware: [recorder])
            store.binding(\.manuscript.title).set("Dune")
            store.binding(\.manuscript.pages).set(412)
            let exporter = SessionTestExporter(replayer: bindingReplayer, makeStore: "makeDeskTestStore()")
            let source = try exporter.source(for: try ActionLog(contentsOf: url), from: makeDesk().0)
            #expect(
                source.contains(
                    #"try await store.send(BindingAction<String>(path: "manuscript.title", value: "Dune", entry: nil)) {"#
                ))
            #expect(source.contains(#"$0.manuscript = Manuscript(title: "Dune", pages: 0)"#))
            #expect(
                source.contains(
                    #"try await store.send(BindingAction<Int>(path: "manuscript.pages", value: 412, entry: nil)) {"#
                ))
            #expect(source.contains(#"$0.manuscript = Manuscript(title: "Dune", pages: 412)"#))
            withExtendedLifetime(store) {}
        }
    }

    @Test("the exported steps, as written above, pass in a test store set up as the session's was")
    func exportedStepsPass() async throws {
        let store = TestStore(with: Desk())
        register(on: store)
        try await store.send(BindingAction<String>(path: "manuscript.title", value: "Dune")) {
            $0.manuscript = Manuscript(title: "Dune", pages: 0)
        }
        try await store.send(BindingAction<Int>(path: "manuscript.pages", value: 412)) {
            $0.manuscript = Manuscript(title: "Dune", pages: 412)
        }
        try await store.finish()
    }
}
