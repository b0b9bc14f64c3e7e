import Foundation
import ReMVVMMiddleware
import ReMVVMStore
import ReMVVMTestSupport
import Testing

@MainActor
@Suite struct ActionReplayerTests {
    static let log = """
        {"seq":1,"type":"Increment","action":{"by":2}}
        {"seq":2,"type":"Ping","skipped":true}
        {"seq":3,"type":"Rename","action":{"name":"Ada"}}
        {"seq":4,"type":"Increment","action":{"by":5}}

        """

    @Test("a replay reduces the recorded actions in order, tells subscribers once, and reports the gaps")
    func replay() throws {
        let counting = PassingMiddleware()
        let (store, _) = makeStore(middleware: [counting])
        var seen: [Int] = []
        let subscription = store.subscribe(to: \.self) { state, _ in seen.append(state.count) }
        let summary = try testReplayer.replay(try ActionLog(text: Self.log), into: store)
        #expect(store.state.count == 7)
        #expect(store.state.name == "Ada")
        #expect(seen == [7])
        #expect(counting.seen.isEmpty)
        #expect(summary.mode == .reducersOnly)
        #expect(summary.followUpsLeftOut == 0)
        #expect(summary.replayedCount == 3)
        #expect(summary.gaps.map(\.typeName) == ["Ping"])
        #expect(summary.gaps.map(\.sequenceNumber) == [2])
        #expect(summary.lastSequenceNumber == 4)
        subscription.cancel()
    }

    @Test("a replay asked for from a subscriber comes after the work queued before it, from its state")
    func replayWhileBusy() throws {
        let history = ActionHistory<TestState>()
        let (store, _) = makeStore(middleware: [history])
        store.dispatch(action: Increment(by: 1))
        let log = try ActionLog(text: Self.log)
        var seen: [Int] = []
        var summary: ActionReplayer.Summary?
        let subscription = store.subscribe(to: \.self) { [unowned store] state, _ in
            seen.append(state.count)
            guard summary == nil else { return }
            store.dispatch(action: Increment(by: 100))  // queued before the replay
            summary = try? testReplayer.replay(log, into: store)
        }
        store.dispatch(action: Increment(by: 10))
        // 11, then +100, then the log's +2 and +5 on top of 111, as one change.
        #expect(seen == [11, 111, 118])
        #expect(store.state.count == 118)
        #expect(store.state.name == "Ada")
        #expect(summary?.replayedCount == 3)
        #expect(history.entries.count == 6, "1, 10, 100, then the replay's three")
        subscription.cancel()
    }

    @Test(
        "a replay can stop at a sequence number",
        arguments: [(0, 0, nil), (1, 2, nil), (2, 2, nil), (3, 2, "Ada"), (9, 7, "Ada")]
            as [(Int, Int, String?)]
    )
    func through(last: Int, count: Int, name: String?) throws {
        let (store, _) = makeStore(middleware: [])
        let summary = try testReplayer.replay(try ActionLog(text: Self.log), into: store, through: last)
        #expect(store.state.count == count)
        #expect(store.state.name == name)
        #expect(summary.lastSequenceNumber == (last == 0 ? nil : min(last, 4)))
        #expect(summary.gaps.count == (last >= 2 ? 1 : 0))
    }

    @Test("an unknown type throws, naming the line, the type and the types the replayer knows")
    func unknownType() throws {
        let log = try ActionLog(text: Self.log + "{\"seq\":5,\"type\":\"Frob\",\"action\":{}}\n")
        #expect(
            throws: ActionLogError.unknownType(
                line: 5, typeName: "Frob", known: ["Increment", "Rename", "UndoAction", "RedoAction"])
        ) {
            try testReplayer.actions(in: log)
        }
        #expect(
            ActionLogError.unknownType(line: 6, typeName: "Frob", known: ["Increment", "Rename"]).description
                == "line 6: unknown action type 'Frob' (the replayer knows: Increment, Rename)")
    }

    @Test(
        "a payload that does not decode throws, naming the line, the type and the field",
        arguments: [
            (
                #"{"seq":1,"type":"Increment","action":{}}"#,
                "line 1: the Increment payload does not decode: missing \"by\""
            ),
            (
                #"{"seq":1,"type":"Increment","action":{"by":"two"}}"#,
                "line 1: the Increment payload does not decode: \"by\": expected a whole number"
            ),
            (
                // Whether the decoder names the field differs between Foundations: our words do not.
                #"{"seq":1,"type":"Increment","action":{"by":1.5}}"#,
                "line 1: the Increment payload does not decode: "
            ),
            (
                #"{"seq":1,"type":"Increment","action":[1]}"#,
                "line 1: the Increment payload does not decode: expected "
            ),
            (
                #"{"seq":1,"type":"Rename","action":{"name":7}}"#,
                "line 1: the Rename payload does not decode: \"name\": expected a string"
            ),
            (
                #"{"seq":1,"type":"UndoAction","action":5}"#,
                "line 1: the UndoAction payload does not decode: "
            ),
        ]
    )
    func undecodable(line: String, message: String) throws {
        let log = try ActionLog(text: line + "\n")
        #expect {
            try testReplayer.actions(in: log)
        } throws: { error in
            (error as? ActionLogError)?.lineNumber == 1 && String(describing: error).hasPrefix(message)
        }
    }

    @Test("a number that does not fit its field is said in our words, whatever Foundation says")
    func valueThatDoesNotFit() throws {
        let log = try ActionLog(text: #"{"seq":1,"type":"Increment","action":{"by":1.5}}"# + "\n")
        #expect {
            try testReplayer.actions(in: log)
        } throws: { error in
            String(describing: error).hasSuffix(
                "a value does not fit its type (a number with a fraction for a whole number, say)")
        }
    }

    @Test("a bad line anywhere means nothing is dispatched: the store and its subscribers see no change")
    func nothingHalfApplied() throws {
        let (store, _) = makeStore(middleware: [])
        var changes = 0
        let subscription = store.subscribe(to: \.self) { _, _ in changes += 1 }
        let log = try ActionLog(
            text: Self.log + "{\"seq\":5,\"type\":\"Increment\",\"action\":{\"by\":null}}\n")
        #expect(throws: ActionLogError.self) {
            try testReplayer.replay(log, into: store)
        }
        #expect(store.state.count == 0)
        #expect(changes == 0)
        subscription.cancel()
    }

    @Test("a bad line after the stopping point does not stop the replay")
    func badLineAfterStop() throws {
        let (store, _) = makeStore(middleware: [])
        let log = try ActionLog(text: Self.log + "{\"seq\":5,\"type\":\"Frob\",\"action\":{}}\n")
        try testReplayer.replay(log, into: store, through: 4)
        #expect(store.state.count == 7)
    }

    @Test("the same type given twice is known once")
    func sameTypeTwice() throws {
        #expect(try ActionReplayer(types: [Increment.self, Increment.self]).typeNames == ["Increment"])
    }

    @Test("a replayed log leaves the log's file unchanged, and a log read from a file replays")
    func fromFile() throws {
        try withTemporaryFile { (url: URL) throws in
            let recorder = ActionRecorder(fileURL: url)
            let (recording, _) = makeStore(middleware: [recorder])
            recording.dispatch(action: Increment(by: 3))
            recording.dispatch(action: Rename(name: "Grace"))
            let (replaying, _) = makeStore(middleware: [])
            try testReplayer.replay(try ActionLog(contentsOf: url), into: replaying)
            #expect(replaying.state == recording.state)
        }
    }

    // MARK: - Round trip

    /// One random action of the test app: recordable ones, undo and redo, and ones that are not
    /// recorded (not Codable, or not encodable).
    static func randomAction(using generator: inout SeededGenerator) -> any StoreAction {
        let names: [String?] = [
            nil, "", "Ada", "Ada \"the\" Countess", "back\\slash", "new\nline", "tab\t/slash", "emoji 👩🏽‍💻",
            "nul \u{0} char", "ünïcødé", "\u{202E}rtl",
        ]
        switch Int.random(in: 0..<10, using: &generator) {
        case 0..<3: return Increment(by: Int.random(in: -1_000...1_000, using: &generator))
        case 3..<5: return Rename(name: names.randomElement(using: &generator)!)
        case 5: return Ping()
        case 6: return Measure(value: .nan)
        case 7, 8: return UndoAction()
        default: return RedoAction()
        }
    }

    @Test("10,000 seeded random sessions, recorded and replayed, end in equal states")
    func roundTrip() throws {
        try withTemporaryFile(named: "sessions") { (directory: URL) throws in
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            for seed in UInt64(1)...UInt64(modelCheckRuns(10_000)) {
                // A new file each time: emptying one would cost more than making one.
                let url = directory.appendingPathComponent("\(seed).jsonl")
                defer { try? FileManager.default.removeItem(at: url) }
                var generator = SeededGenerator(seed: seed)
                let limit = Int.random(in: 0...4, using: &generator)
                let length = Int.random(in: 0...12, using: &generator)

                let recordedHistory = UndoHistory<TestState>(limit: limit)
                let (recording, _) = makeStore(middleware: [ActionRecorder(fileURL: url), recordedHistory])
                recordedHistory.register(on: recording)
                recording.diagnosticsHandler = { _ in }
                for _ in 0..<length {
                    recording.dispatch(action: Self.randomAction(using: &generator))
                }

                let replayedHistory = UndoHistory<TestState>(limit: limit)
                let (replaying, _) = makeStore(middleware: [replayedHistory])
                replayedHistory.register(on: replaying)
                replaying.diagnosticsHandler = { _ in }
                let log = try ActionLog(contentsOf: url)
                try testReplayer.replay(log, into: replaying, mode: .throughMiddleware)

                let same =
                    replaying.state == recording.state
                    && log.entries.count == length
                    && replayedHistory.undoableActions.count == recordedHistory.undoableActions.count
                    && replayedHistory.redoableActions.count == recordedHistory.redoableActions.count
                if !same {
                    let recorded = "\(recording.state.count), \(String(describing: recording.state.name))"
                    let replayed = "\(replaying.state.count), \(String(describing: replaying.state.name))"
                    Issue.record("seed \(seed): recorded \(recorded); replayed \(replayed)")
                    return
                }
            }
        }
    }
}
