import ReMVVMMiddleware
import ReMVVMStore
import ReMVVMTestSupport
import Testing

@MainActor
@Suite struct TracerTests {
    /// A tracer whose sink collects the traces.
    final class Collector {
        var traces: [ActionTrace] = []
        var texts: [String] { traces.map { $0.formatted(showingDurations: false) } }
    }

    func makeTracedStore(
        _ middleware: [AnyMiddleware],
        enabled: Bool = true
    ) -> (Store<TestState>, Tracer, Collector) {
        let collector = Collector()
        let tracer = Tracer(isEnabled: enabled, sink: TraceSink { collector.traces.append($0) })
        let (store, _) = makeStore(middleware: tracer.instrument(middleware))
        return (store, tracer, collector)
    }

    @Test("a reduced action is traced with its fields, the middleware that saw it and the state change")
    func reduced() throws {
        let navigator = Navigator(root: TestScreen.home)
        let navigation = NavigationMiddleware<TestState, TestScreen>(
            navigator: navigator,
            routes: [.on(Rename.self, navigate: .present(.sheet))]
        )
        let (store, _, collector) = makeTracedStore([navigation, Blocker<Increment>()])
        store.dispatch(action: Rename(name: "Ada"))

        #expect(
            collector.texts == [
                """
                trace #1 Rename(name: "Ada")
                  NavigationMiddleware<TestState, TestScreen>: passed on
                  reduced
                    name: nil -> "Ada"
                  completions
                """
            ]
        )
        let trace = try #require(collector.traces.first)
        #expect(trace.actionType == "Rename")
        #expect(trace.steps.map(\.middleware) == ["NavigationMiddleware<TestState, TestScreen>"])
        #expect(trace.isResumed == false)
        guard case .reduced(let changes, _) = trace.outcome else {
            Issue.record("expected a reduced outcome, got \(trace.outcome)")
            return
        }
        #expect(changes == [ActionTrace.Change(field: "name", oldValue: "nil", newValue: "\"Ada\"")])
        #expect(trace.completionsDuration != nil)
        #expect(trace.totalDuration >= .zero)
    }

    @Test("a blocked action names the middleware that blocked it")
    func blocked() {
        let (store, _, collector) = makeTracedStore([Doubler(), Blocker<Increment>()])
        store.dispatch(action: Increment(by: 3))
        #expect(store.state.count == 0)
        #expect(
            collector.texts == [
                """
                trace #1 Increment(by: 3)
                  Doubler: replaced it with Increment(by: 6)
                  Blocker<Increment>: blocked it
                  not reduced: blocked by Blocker<Increment>
                """
            ]
        )
        #expect(collector.traces.first?.outcome == .blocked(by: "Blocker<Increment>"))
    }

    @Test("an action without a reducer is traced as unhandled, and an unchanged state as no change")
    func unhandledAndNoChange() {
        let (store, _, collector) = makeTracedStore([])
        store.dispatch(action: Ping())
        store.dispatch(action: Rename(name: nil))
        #expect(
            collector.texts == [
                "trace #1 Ping()\n  not reduced: no reducer is registered for Ping",
                "trace #2 Rename(name: nil)\n  reduced\n    no change",
            ]
        )
    }

    @Test("typed middleware for other action types do not appear in the trace")
    func onlyMiddlewareThatSawIt() {
        let (store, _, collector) = makeTracedStore([Blocker<Rename>(), Doubler(), Blocker<Ping>()])
        store.dispatch(action: Increment())
        #expect(
            collector.texts == [
                """
                trace #1 Increment(by: 1)
                  Doubler: replaced it with Increment(by: 2)
                  reduced as Increment(by: 2)
                    count: 0 -> 2
                  completions
                """
            ]
        )
    }

    @Test("with durations, each step, the reducer and the total carry a time in milliseconds")
    func durations() throws {
        let (store, _, collector) = makeTracedStore([Doubler()])
        store.dispatch(action: Increment())
        let lines = try #require(collector.traces.first).description.split(separator: "\n")
        #expect(lines.count == 6)
        #expect(lines[1].hasPrefix("  Doubler: replaced it with Increment(by: 2) ("))
        #expect(lines[2].hasPrefix("  reduced as Increment(by: 2) ("))
        #expect(lines[4].hasPrefix("  completions ("))
        #expect(lines[5].hasPrefix("  total "))
        for line in [lines[1], lines[2], lines[4], lines[5]] {
            #expect(line.contains(" ms"), "\(line)")
        }
    }

    @Test("switched off, the tracer writes nothing and the actions still go through; on again, it traces")
    func switchedOff() {
        let (store, tracer, collector) = makeTracedStore([Doubler()], enabled: false)
        store.dispatch(action: Increment())
        #expect(store.state.count == 2)
        #expect(collector.traces.isEmpty)
        tracer.isEnabled = true
        store.dispatch(action: Increment())
        #expect(collector.traces.map(\.number) == [1])
        #expect(store.state.count == 4)
    }

    @Test("a middleware that calls next later is traced as deferring, then as resumed with the same number")
    func resumed() throws {
        let holder = Holder()
        let (store, _, collector) = makeTracedStore([holder])
        store.dispatch(action: Increment(by: 5))
        store.dispatch(action: Rename(name: "Ada"))
        #expect(collector.texts.count == 2)
        #expect(collector.traces.first?.outcome == .deferred(by: "Holder"))
        #expect(
            collector.texts.first == """
                trace #1 Increment(by: 5)
                  Holder: deferred it
                  not reduced yet: deferred by Holder, which will call next later
                """
        )

        try #require(holder.held.count == 1)
        holder.held[0].next()
        #expect(store.state.count == 5)
        #expect(collector.traces.count == 3)
        #expect(
            collector.texts.last == """
                trace #1 (resumed) Increment(by: 5)
                  Holder: passed on
                  reduced
                    count: 0 -> 5
                  completions
                """
        )
        #expect(collector.traces.last?.isResumed == true)
    }

    @Test("two deferred actions resumed in reverse order are each matched with their own trace")
    func resumedInReverseOrder() throws {
        let holder = Holder()
        let (store, _, collector) = makeTracedStore([holder])
        store.dispatch(action: Increment(by: 1))
        store.dispatch(action: Increment(by: 2))
        try #require(holder.held.count == 2)
        holder.held[1].next()
        holder.held[0].next()
        #expect(store.state.count == 3)
        let resumed = collector.traces.filter(\.isResumed)
        #expect(resumed.map(\.number) == [2, 1])
        #expect(
            collector.texts.filter { $0.contains("(resumed)") } == [
                "trace #2 (resumed) Increment(by: 2)\n  Holder: passed on\n  reduced\n    count: 0 -> 2\n"
                    + "  completions",
                "trace #1 (resumed) Increment(by: 1)\n  Holder: passed on\n  reduced\n    count: 2 -> 3\n"
                    + "  completions",
            ]
        )
    }

    @Test("an action blocked for good is not matched with a later deferred action of the same type")
    func blockedThenDeferred() throws {
        let keeper = OddKeeper()
        let (store, _, collector) = makeTracedStore([keeper])
        store.dispatch(action: Increment(by: 2))  // let go: blocked
        store.dispatch(action: Increment(by: 3))  // kept: deferred
        try #require(keeper.kept.count == 1)
        keeper.kept[0].next()
        #expect(store.state.count == 3)
        #expect(
            collector.texts == [
                "trace #1 Increment(by: 2)\n  OddKeeper: blocked it\n  not reduced: blocked by OddKeeper",
                "trace #2 Increment(by: 3)\n  OddKeeper: deferred it\n"
                    + "  not reduced yet: deferred by OddKeeper, which will call next later",
                "trace #2 (resumed) Increment(by: 3)\n  OddKeeper: passed on\n  reduced\n    count: 0 -> 3\n"
                    + "  completions",
            ]
        )
    }

    @Test("a deferred action whose dispatcher is let go is not kept waiting: a later one resumes as itself")
    func deferredThenLetGo() throws {
        let holder = Holder()
        let (store, _, collector) = makeTracedStore([holder])
        store.dispatch(action: Increment(by: 1))
        store.dispatch(action: Increment(by: 2))
        holder.held.removeAll()  // both let go without next
        store.dispatch(action: Increment(by: 4))
        try #require(holder.held.count == 1)
        holder.held[0].next()
        #expect(store.state.count == 4)
        #expect(collector.traces.filter(\.isResumed).map(\.number) == [3])
        #expect(collector.traces.last?.action == "Increment(by: 4)")
    }

    @Test("instrument puts a probe before, between and after the middleware")
    func instrumentShape() {
        let tracer = Tracer(sink: TraceSink { _ in })
        #expect(tracer.instrument([]).count == 1)
        #expect(tracer.instrument([Doubler(), Blocker<Ping>()]).count == 5)
    }

    @Test("the text sink gets each trace as text")
    func textSink() {
        var lines: [String] = []
        let tracer = Tracer(sink: .text(showingDurations: false) { lines.append($0) })
        let (store, _) = makeStore(middleware: tracer.instrument([]))
        store.dispatch(action: Increment())
        #expect(lines == ["trace #1 Increment(by: 1)\n  reduced\n    count: 0 -> 1"])
    }
}

@MainActor
@Suite struct SharedTracerTests {
    @Test("one tracer can instrument two stores; a held action resumes in its own store's trace")
    func twoStores() throws {
        var texts: [String] = []
        let tracer = Tracer(sink: .text(showingDurations: false) { texts.append($0) })
        let holder = Holder()
        let (first, _) = makeStore(middleware: tracer.instrument([holder]))
        let (second, _) = makeStore(middleware: tracer.instrument([Doubler()]))
        first.dispatch(action: Increment(by: 1))
        second.dispatch(action: Increment(by: 1))
        try #require(holder.held.count == 1)
        holder.held[0].next()
        #expect(first.state.count == 1)
        #expect(second.state.count == 2)
        #expect(
            texts == [
                "trace #1 Increment(by: 1)\n  Holder: deferred it\n"
                    + "  not reduced yet: deferred by Holder, which will call next later",
                "trace #2 Increment(by: 1)\n  Doubler: replaced it with Increment(by: 2)\n"
                    + "  reduced as Increment(by: 2)\n"
                    + "    count: 0 -> 2\n  completions",
                "trace #1 (resumed) Increment(by: 1)\n  Holder: passed on\n  reduced\n    count: 0 -> 1\n"
                    + "  completions",
            ]
        )
    }
}

/// Keeps the dispatcher of odd increments, to pass them on later, and lets even ones go.
@MainActor
final class OddKeeper: Middleware {
    var kept: [Dispatcher<Increment, TestState>] = []

    func applyMiddleware(
        for state: TestState, action: Increment, dispatcher: Dispatcher<Increment, TestState>
    ) {
        if action.by % 2 == 1 { kept.append(dispatcher) }
    }
}

@MainActor
@Suite struct TracedAsyncEffectTests {
    @Test("downloads that finish out of order resume each action's own trace")
    func outOfOrder() async {
        let gate = Gate()
        let events = Events()
        let effect = AsyncEffect<Increment, TestState> { action, effect in
            await gate.wait(action.by)
            let passed = await effect.next()
            events.send("run \(action.by): next \(passed)")
        }
        var traces: [ActionTrace] = []
        let tracer = Tracer(sink: TraceSink { traces.append($0) })
        let (store, _) = makeStore(middleware: tracer.instrument([effect]))
        store.dispatch(action: Increment(by: 1))
        store.dispatch(action: Increment(by: 2))
        var iterator = events.stream.makeAsyncIterator()
        await gate.open(2)
        #expect(await iterator.next() == "run 2: next true")
        await gate.open(1)
        #expect(await iterator.next() == "run 1: next true")
        await effect.waitUntilIdle()
        #expect(store.state.count == 3)
        let resumed = traces.filter(\.isResumed)
        #expect(resumed.map(\.number) == [2, 1])
        #expect(resumed.map(\.action) == ["Increment(by: 2)", "Increment(by: 1)"])
        #expect(
            resumed.map(\.steps)
                == resumed.map {
                    [
                        ActionTrace.Step(
                            middleware: "AsyncEffect<Increment, TestState>", result: .passedOn,
                            duration: $0.steps[0].duration)
                    ]
                })
        #expect(
            traces.filter { !$0.isResumed }.map(\.outcome) == [
                .deferred(by: "AsyncEffect<Increment, TestState>"),
                .deferred(by: "AsyncEffect<Increment, TestState>"),
            ]
        )
    }
}

// A feature-composed state, as a search app has it.

private struct Item: Equatable, Sendable {
    var id: Int
    var title: String
}

private struct SearchFeature: Equatable, Sendable {
    var query = ""
    var isLoading = false
    var results: [Item] = []
}

private struct ComposedState: StoreState {
    let factory: ViewModelFactory
    var search = SearchFeature()
    var todos = [Item(id: 1, title: "bread"), Item(id: 2, title: "eggs"), Item(id: 3, title: "milk")]
}

private struct StartSearch: StoreAction { let query: String }
private struct RenameTodo: StoreAction {
    let index: Int
    let title: String
}

private enum StartSearchReducer: Reducer {
    static func reduce(state: ComposedState, with action: StartSearch) -> ComposedState {
        var state = state
        state.search.query = action.query
        state.search.isLoading = true
        return state
    }
}

private enum RenameTodoReducer: Reducer {
    static func reduce(state: ComposedState, with action: RenameTodo) -> ComposedState {
        var state = state
        state.todos[action.index].title = action.title
        return state
    }
}

@MainActor
@Suite struct TracedChangesTests {
    private func makeComposedStore() -> (Store<ComposedState>, TracerTests.Collector) {
        let collector = TracerTests.Collector()
        let tracer = Tracer(sink: TraceSink { collector.traces.append($0) })
        let store = Store(
            with: ComposedState(factory: CompositeViewModelFactory()), middleware: tracer.instrument([]))
        store.register(reducer: StartSearchReducer.self)
        store.register(reducer: RenameTodoReducer.self)
        return (store, collector)
    }

    @Test("a feature's change is traced as the leaves that changed, each with its path")
    func leaves() throws {
        let (store, collector) = makeComposedStore()
        store.dispatch(action: StartSearch(query: "oat"))
        store.dispatch(action: RenameTodo(index: 2, title: "oat milk"))
        #expect(
            collector.texts == [
                """
                trace #1 StartSearch(query: "oat")
                  reduced
                    search.query: "" -> "oat"
                    search.isLoading: false -> true
                """,
                """
                trace #2 RenameTodo(index: 2, title: "oat milk")
                  reduced
                    todos[2].title: "milk" -> "oat milk"
                """,
            ]
        )
        guard case .reduced(let changes, _) = try #require(collector.traces.first).outcome else {
            Issue.record("expected a reduced outcome")
            return
        }
        #expect(
            changes == [
                ActionTrace.Change(field: "search.query", oldValue: #""""#, newValue: #""oat""#),
                ActionTrace.Change(field: "search.isLoading", oldValue: "false", newValue: "true"),
            ]
        )
    }

    @Test("a long value is cut in the middle, keeping its start and its end")
    func longValue() throws {
        let (store, collector) = makeComposedStore()
        let long = "start-" + String(repeating: "x", count: 300) + "-end"
        store.dispatch(action: RenameTodo(index: 0, title: long))
        guard case .reduced(let changes, _) = try #require(collector.traces.first).outcome else {
            Issue.record("expected a reduced outcome")
            return
        }
        let change = try #require(changes.first)
        #expect(changes.count == 1)
        #expect(change.field == "todos[0].title")
        #expect(change.oldValue == #""bread""#)
        #expect(change.newValue.hasPrefix(#""start-xxxx"#))
        #expect(change.newValue.hasSuffix(#"xxxx-end""#))
        #expect(change.newValue.contains("…(244 more)…"))
        #expect(change.newValue.count <= Tracer.valueLimit)
    }
}

@MainActor
@Suite struct DeferredTraceTests {
    @Test("a deferred action's trace is written before its dispatch returns")
    func writtenAtOnce() {
        let holder = Holder()
        var texts: [String] = []
        let tracer = Tracer(sink: .text(showingDurations: false) { texts.append($0) })
        let (store, _) = makeStore(middleware: tracer.instrument([Doubler(), holder]))
        store.dispatch(action: Increment(by: 5))
        #expect(
            texts == [
                """
                trace #1 Increment(by: 5)
                  Doubler: replaced it with Increment(by: 10)
                  Holder: deferred it
                  not reduced yet: deferred by Holder, which will call next later
                """
            ]
        )
        holder.held.removeAll()  // a held dispatcher keeps its store alive
    }

    @Test("a held dispatcher let go without next ends its trace as dropped, once")
    func letGoIsDropped() throws {
        let holder = Holder()
        var traces: [ActionTrace] = []
        let tracer = Tracer(sink: TraceSink { traces.append($0) })
        let (store, _) = makeStore(middleware: tracer.instrument([Doubler(), holder]))
        store.dispatch(action: Increment(by: 5))
        store.dispatch(action: Increment(by: 1))
        try #require(traces.count == 2)
        holder.held.removeFirst()  // let go without next
        #expect(traces.count == 3)
        let dropped = try #require(traces.last)
        #expect(
            dropped.formatted(showingDurations: false) == """
                trace #1 (dropped) Increment(by: 5)
                  Doubler: replaced it with Increment(by: 10)
                  Holder: dropped it
                  not reduced: dropped by Holder, which let it go without calling next
                """
        )
        #expect(dropped.outcome == .dropped(by: "Holder"))
        #expect(dropped.steps.map(\.result) == [.replaced(with: "Increment(by: 10)"), .dropped])
        #expect(dropped.isResumed == false)
        // The other one still resumes, and letting its spent dispatcher go writes nothing more.
        holder.held[0].next()
        #expect(store.state.count == 2)
        #expect(traces.count == 4)
        #expect(traces.last?.isResumed == true)
        holder.held.removeAll()
        #expect(traces.count == 4)
    }

    @Test("switched off, a dispatcher let go after a deferral writes nothing")
    func letGoWhileOff() throws {
        let holder = Holder()
        var traces: [ActionTrace] = []
        let tracer = Tracer(sink: TraceSink { traces.append($0) })
        let (store, _) = makeStore(middleware: tracer.instrument([holder]))
        store.dispatch(action: Increment(by: 5))
        try #require(traces.count == 1)
        tracer.isEnabled = false
        holder.held.removeAll()
        #expect(traces.count == 1)
        tracer.isEnabled = true
        store.dispatch(action: Increment(by: 1))
        #expect(traces.map(\.number) == [1, 2])
        holder.held.removeAll()  // a held dispatcher keeps its store alive
    }

    @Test("an action blocked further down after it resumed is traced as blocked, not dropped")
    func resumedThenBlocked() throws {
        let holder = Holder()
        var texts: [String] = []
        let tracer = Tracer(sink: .text(showingDurations: false) { texts.append($0) })
        let (store, _) = makeStore(middleware: tracer.instrument([holder, Blocker<Increment>()]))
        store.dispatch(action: Increment(by: 5))
        try #require(holder.held.count == 1)
        holder.held[0].next()
        holder.held.removeAll()
        #expect(store.state.count == 0)
        #expect(
            texts == [
                "trace #1 Increment(by: 5)\n  Holder: deferred it\n"
                    + "  not reduced yet: deferred by Holder, which will call next later",
                "trace #1 (resumed) Increment(by: 5)\n  Holder: passed on\n  Blocker<Increment>: blocked it\n"
                    + "  not reduced: blocked by Blocker<Increment>",
            ]
        )
    }

    @Test("an AsyncEffect run cancelled by a newer one ends its action's trace as dropped")
    func cancelledRunIsDropped() async {
        let gate = Gate()
        let effect = AsyncEffect<Increment, TestState>(cancelInFlight: true) { action, effect in
            await gate.wait(action.by)
            await effect.next()
        }
        var texts: [String] = []
        let tracer = Tracer(sink: .text(showingDurations: false) { texts.append($0) })
        let (store, _) = makeStore(middleware: tracer.instrument([effect]))
        let name = "AsyncEffect<Increment, TestState>"
        store.dispatch(action: Increment(by: 1))
        store.dispatch(action: Increment(by: 2))
        // The first run was cancelled while it waited: its trace ended before the second
        // action's own trace was written.
        #expect(
            texts == [
                "trace #1 Increment(by: 1)\n  \(name): deferred it\n"
                    + "  not reduced yet: deferred by \(name), which will call next later",
                "trace #1 (dropped) Increment(by: 1)\n  \(name): dropped it\n"
                    + "  not reduced: dropped by \(name), which let it go without calling next",
                "trace #2 Increment(by: 2)\n  \(name): deferred it\n"
                    + "  not reduced yet: deferred by \(name), which will call next later",
            ]
        )
        await gate.open(1)
        await gate.open(2)
        await effect.waitUntilIdle()
        await store.idle()
        #expect(store.state.count == 2)
        #expect(texts.count == 4)
        #expect(
            texts.last
                == "trace #2 (resumed) Increment(by: 2)\n  \(name): passed on\n  reduced\n    count: 0 -> 2\n"
                + "  completions"
        )
    }
}

// A list reached by id: an array wrapper (Shelf.swift), as the IdentifiedCollection doc comment
// shows one.

private struct Book: Identifiable, Equatable, Sendable {
    let id: Int
    var title: String
}

private struct LibraryFeature: Equatable, Sendable {
    var books = Shelf([
        Book(id: 1, title: "Emma"), Book(id: 2, title: "Dune"), Book(id: 3, title: "Walden"),
    ])
}

private struct LibraryState: StoreState {
    var library = LibraryFeature()
}

/// Sets the book of `id`, or removes it when `title` is `nil`; `moveFirstToEnd` then moves the
/// first book last.
private struct EditShelf: StoreAction {
    let id: Int
    let title: String?
    var moveFirstToEnd = false
}

private enum EditShelfReducer: Reducer {
    static func reduce(state: LibraryState, with action: EditShelf) -> LibraryState {
        var state = state
        state.library.books[id: action.id] = action.title.map { Book(id: action.id, title: $0) }
        if action.moveFirstToEnd { state.library.books.rows.append(state.library.books.rows.removeFirst()) }
        return state
    }
}

@MainActor
@Suite struct TracedListTests {
    @Test("a list reached by id is traced by id: one line per row removed, added or edited, one for a move")
    func byID() throws {
        let collector = TracerTests.Collector()
        let tracer = Tracer(sink: TraceSink { collector.traces.append($0) })
        let store = Store(with: LibraryState(), middleware: tracer.instrument([]))
        store.register(reducer: EditShelfReducer.self)
        store.dispatch(action: EditShelf(id: 1, title: nil))
        store.dispatch(action: EditShelf(id: 4, title: "Ulysses"))
        store.dispatch(action: EditShelf(id: 2, title: "Dune Messiah", moveFirstToEnd: true))
        #expect(
            collector.texts == [
                """
                trace #1 EditShelf(id: 1, title: nil, moveFirstToEnd: false)
                  reduced
                    library.books[id: 1] removed
                """,
                """
                trace #2 EditShelf(id: 4, title: "Ulysses", moveFirstToEnd: false)
                  reduced
                    library.books[id: 4] added: Book(id: 4, title: "Ulysses")
                """,
                """
                trace #3 EditShelf(id: 2, title: "Dune Messiah", moveFirstToEnd: true)
                  reduced
                    library.books[id: 2].title: "Dune" -> "Dune Messiah"
                    library.books: order [2, 3, 4] -> [3, 4, 2]
                """,
            ]
        )
        guard case .reduced(let changes, _) = try #require(collector.traces.first).outcome else {
            Issue.record("expected a reduced outcome")
            return
        }
        #expect(
            changes == [
                ActionTrace.Change(
                    field: "library.books[id: 1]", oldValue: #"Book(id: 1, title: "Emma")"#,
                    newValue: "no element",
                    kind: .removed)
            ]
        )
    }
}
