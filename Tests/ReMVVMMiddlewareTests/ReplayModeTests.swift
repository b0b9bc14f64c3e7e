import Foundation
import ReMVVMMiddleware
import ReMVVMStore
import Testing

/// Sees every action that reaches it, and passes it on.
@MainActor
final class PassingMiddleware: AnyMiddleware {
    var seen: [String] = []

    func applyMiddleware<Action: StoreAction, State: StoreState>(
        for state: State, action: Action, dispatcher: Dispatcher<Action, State>
    ) {
        seen.append("\(Action.self)")
        dispatcher.next()
    }
}

/// Renames after an increment from a task, as an effect does once its work is done.
struct RenameLater: Middleware {
    func applyMiddleware(
        for state: TestState, action: Increment, dispatcher: Dispatcher<Increment, TestState>
    ) {
        dispatcher.next()
        dispatcher.task { dispatcher.dispatch(action: Rename(name: "later")) }
    }
}

@MainActor
@Suite struct ReplayModeTests {
    @Test("the recorder tells actions from outside from follow-ups of middleware, effects and subscribers")
    func origins() async throws {
        try await withTemporaryFile { (url: URL) async throws in
            let recorder = ActionRecorder(fileURL: url)
            let (store, _) = makeStore(middleware: [recorder, RenameLater()])
            store.dispatch(action: Increment(by: 2))
            await store.idle()
            var subscriberDispatched = false
            // Weakly: the store keeps the closure, which must not keep the store.
            let subscription = store.subscribe(to: \.self) { [weak store] state, _ in
                if state.name == "by hand", !subscriberDispatched {
                    subscriberDispatched = true
                    store?.dispatch(action: Rename(name: "from a subscriber"))
                }
            }
            store.dispatch(action: Rename(name: "by hand"))
            subscription.cancel()
            let log = try ActionLog(contentsOf: url)
            #expect(log.entries.map(\.typeName) == ["Increment", "Rename", "Rename", "Rename"])
            #expect(log.entries.map(\.origin) == [.outside, .followUp, .outside, .followUp])
        }
    }

    @Test("reducers alone: no middleware runs again, and the log's follow-ups make the same state")
    func reducersOnly() async throws {
        try await withTemporaryFile { (url: URL) async throws in
            let (recording, _) = makeStore(middleware: [ActionRecorder(fileURL: url), RenameLater()])
            recording.dispatch(action: Increment(by: 3))
            await recording.idle()
            #expect(recording.state.name == "later")

            let counting = PassingMiddleware()
            let (replaying, _) = makeStore(middleware: [counting, RenameLater()])
            let summary = try testReplayer.replay(try ActionLog(contentsOf: url), into: replaying)
            await replaying.idle()
            #expect(replaying.state == recording.state)
            #expect(counting.seen.isEmpty)
            #expect(summary.mode == .reducersOnly)
            #expect(summary.replayedCount == 2)
        }
    }

    @Test(
        "through middleware: effects run again and the log's follow-ups are left out, so nothing happens twice"
    )
    func throughMiddleware() async throws {
        try await withTemporaryFile { (url: URL) async throws in
            let (recording, _) = makeStore(middleware: [ActionRecorder(fileURL: url), RenameLater()])
            recording.dispatch(action: Increment(by: 3))
            await recording.idle()
            recording.dispatch(action: Rename(name: "Ada"))

            let counting = PassingMiddleware()
            let (replaying, _) = makeStore(middleware: [counting, RenameLater()])
            let summary = try testReplayer.replay(
                try ActionLog(contentsOf: url), into: replaying, mode: .throughMiddleware)
            await replaying.idle()
            #expect(counting.seen == ["Increment", "Rename", "Rename"])
            #expect(replaying.state.count == 3)
            #expect(summary.mode == .throughMiddleware)
            #expect(summary.replayedCount == 2)
            #expect(summary.followUpsLeftOut == 1)
        }
    }

    @Test("a log written before origins were recorded replays every action through middleware")
    func olderLog() throws {
        let log = try ActionLog(
            text: """
                {"seq":1,"type":"Increment","action":{"by":2}}
                {"seq":2,"type":"Rename","action":{"name":"Ada"}}

                """)
        #expect(log.entries.map(\.origin) == [nil, nil])
        let counting = PassingMiddleware()
        let (store, _) = makeStore(middleware: [counting])
        let summary = try testReplayer.replay(log, into: store, mode: .throughMiddleware)
        #expect(counting.seen == ["Increment", "Rename"])
        #expect(summary.followUpsLeftOut == 0)
        #expect(store.state.count == 2)
        #expect(store.state.name == "Ada")
    }

    @Test("an unknown origin is a bad line, named in our words")
    func unknownOrigin() {
        #expect(
            throws: ActionLogError.notAnEntry(
                line: 1, problem: #""origin" must be "outside" or "followUp", got "elsewhere""#)
        ) {
            try ActionLog(text: #"{"seq":1,"type":"Increment","origin":"elsewhere","action":{}}"# + "\n")
        }
    }

    @Test(
        "undo or redo whose line does not say what it restored, replayed with reducers alone, throws naming the line"
    )
    func undoNeedsMiddleware() throws {
        let log = try ActionLog(
            text: """
                {"seq":1,"type":"Increment","origin":"outside","action":{"by":2}}
                {"seq":2,"type":"RedoAction","origin":"outside","action":{}}

                """)
        let (store, _) = makeStore(middleware: [])
        let error = #expect(throws: ActionLogError.self) { try testReplayer.replay(log, into: store) }
        #expect(error == .needsMiddleware(line: 2, typeName: "RedoAction"))
        #expect(
            error?.description
                == "line 2: RedoAction does not say which state it brought back (a log written before lines "
                + "said it), which the reducers alone cannot reproduce: replay through middleware "
                + "(mode: .throughMiddleware)"
        )
        #expect(store.state.count == 0)
        // Up to the line before, reducers alone are fine.
        try testReplayer.replay(log, into: store, through: 1)
        #expect(store.state.count == 2)
    }
}
