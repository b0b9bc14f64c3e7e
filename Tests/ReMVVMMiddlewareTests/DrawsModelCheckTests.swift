import Foundation
import ReMVVMMiddleware
import ReMVVMStore
import ReMVVMTestSupport
import Testing

// Reducers that draw ids and dates stay exact under every replay: a session recorded with live
// (random) ids and dates, then replayed by its reducers from the log, travelled in its history
// (jump, skip) and exported, gives every state the session had, ids and dates included.

private struct Note: Codable, Equatable, Sendable {
    var id: UUID
    var text: String
    var stamped: Date
}

private struct Notebook: StoreState, Equatable {
    var notes: [Note] = []
    var opened: Date?
}

private struct AddNote: StoreAction, Codable, Equatable {
    let text: String
}

private struct Restamp: StoreAction, Codable, Equatable {
    let index: Int
}

private struct Open: StoreAction, Codable, Equatable {}

private struct Drop: StoreAction, Codable, Equatable {
    let index: Int
}

@MainActor
private func registerReducers(on store: some StoreRegistering<Notebook>) {
    store.register(AddNote.self) { state, action in
        @Dependency(\.uuid) var uuid
        @Dependency(\.date) var date
        state.notes.append(Note(id: uuid(), text: action.text, stamped: date.now))
    }
    store.register(Restamp.self) { state, action in
        @Dependency(\.date) var date
        guard state.notes.indices.contains(action.index) else { return }
        state.notes[action.index].stamped = date.now
    }
    store.register(Open.self) { state, _ in
        @Dependency(\.date) var date
        state.opened = date()
    }
    store.register(Drop.self) { state, action in
        if state.notes.indices.contains(action.index) { state.notes.remove(at: action.index) }
    }
}

private let drawsReplayer = try! ActionReplayer(types: [
    AddNote.self, Restamp.self, Open.self, Drop.self,
])

/// Dates that differ at each draw, by a fraction of a second that JSON must keep exactly.
private func tickingDates() -> DateGenerator {
    let ticks = Locked(0.0)
    return DateGenerator {
        let tick = ticks.withLock { tick in
            tick += 1.000_123_456
            return tick
        }
        return Date(timeIntervalSinceReferenceDate: 800_000_000 + tick)
    }
}

private func randomAction(using random: inout SeededGenerator, count: Int) -> any StoreAction {
    switch Int.random(in: 0..<10, using: &random) {
    case 0..<4: AddNote(text: ["a", "b", "c"].randomElement(using: &random)!)
    case 4..<6: Restamp(index: Int.random(in: 0...max(count, 1), using: &random))
    case 6..<8: Drop(index: Int.random(in: 0...max(count, 1), using: &random))
    default: Open()
    }
}

/// The state a test store makes of `actions` when given `draws` to replay in order: what an
/// exported session's test does.
@MainActor
private func exportedReplay(_ actions: [any StoreAction], draws: [DependencyDraw]) -> Notebook {
    let store = Store(with: Notebook()) {
        $0.uuid = .incrementing
        $0.date = .constant(Date(timeIntervalSinceReferenceDate: 0))
        $0.replayedDraws = draws
    }
    registerReducers(on: store)
    for action in actions { store.dispatch(action: action) }
    return store.state
}

/// The reference of a replay: the reducers' work written out by hand, each action taking the
/// draws it made when it was first reduced; `nil` when an action draws where the session's drew
/// nothing (after a skip, a `Restamp` may reach a note it missed), which no record can make exact.
private func referenceFold(_ steps: [(action: any StoreAction, draws: [DependencyDraw])]) -> Notebook? {
    var state = Notebook()
    for (action, draws) in steps {
        func drawn<Value: Decodable>(_ index: Int, _ type: Value.Type) -> Value? {
            index < draws.count ? draws[index].value(as: type) : nil
        }
        switch action {
        case let add as AddNote:
            guard let id = drawn(0, UUID.self), let date = drawn(1, Date.self) else { return nil }
            state.notes.append(Note(id: id, text: add.text, stamped: date))
        case let restamp as Restamp where state.notes.indices.contains(restamp.index):
            guard let date = drawn(0, Date.self) else { return nil }
            state.notes[restamp.index].stamped = date
        case is Open:
            guard let date = drawn(0, Date.self) else { return nil }
            state.opened = date
        case let drop as Drop where state.notes.indices.contains(drop.index):
            state.notes.remove(at: drop.index)
        default:
            break
        }
    }
    return state
}

private struct SessionMismatch: CustomStringConvertible {
    let step: String
    var description: String { step }
}

/// Records one seeded session and checks every replay of it; returns the first mismatch.
@MainActor
private func checkSession(_ random: inout SeededGenerator, file: URL) throws -> SessionMismatch? {
    let history = ActionHistory<Notebook>()
    let recorder = ActionRecorder(fileURL: file)
    let store = Store(with: Notebook(), middleware: [recorder, history]) {
        $0.uuid = .live
        $0.date = tickingDates()
    }
    registerReducers(on: store)
    var actions: [any StoreAction] = []
    var states: [Notebook] = [store.state]
    for _ in 0..<Int.random(in: 1...10, using: &random) {
        let action = randomAction(using: &random, count: store.state.notes.count)
        store.dispatch(action: action)
        actions.append(action)
        states.append(store.state)
    }
    let log = try ActionLog(contentsOf: file)

    // A reducers-only replay of the log, to its end and to a random line.
    let replayed = Store(with: Notebook()) {
        $0.uuid = .incrementing
        $0.date = .constant(Date(timeIntervalSinceReferenceDate: 0))
    }
    registerReducers(on: replayed)
    try drawsReplayer.replay(log, into: replayed)
    if replayed.state != states.last { return SessionMismatch(step: "log replay") }
    let cut = Int.random(in: 1...actions.count, using: &random)
    let partly = Store(with: Notebook()) {
        $0.uuid = .incrementing
        $0.date = .constant(Date(timeIntervalSinceReferenceDate: 0))
    }
    registerReducers(on: partly)
    try drawsReplayer.replay(log, into: partly, through: cut)
    if partly.state != states[cut] { return SessionMismatch(step: "log replay through \(cut)") }

    // Time travel: a jump to each point, then a skip.
    let k = Int.random(in: 0...actions.count, using: &random)
    history.jump(to: k)
    if store.state != states[k] { return SessionMismatch(step: "jump(to: \(k))") }
    history.jump(to: actions.count)
    if store.state != states.last { return SessionMismatch(step: "jump back to the end") }
    let skipped = Int.random(in: 1...actions.count, using: &random)
    history.skip(skipped)
    var keptSteps = zip(actions, log.entries.map(\.draws)).map { ($0, $1) }
    keptSteps.remove(at: skipped - 1)
    if let expected = referenceFold(keptSteps), store.state != expected {
        return SessionMismatch(step: "skip(\(skipped))")
    }
    if referenceFold(zip(actions, log.entries.map(\.draws)).map { ($0, $1) }) != states.last {
        return SessionMismatch(step: "the reference fold")
    }

    // An exported session: its test store replays the session's draws, in order.
    let allDraws = log.entries.flatMap(\.draws)
    if exportedReplay(actions, draws: allDraws) != states.last { return SessionMismatch(step: "export") }
    let source = try SessionTestExporter(replayer: drawsReplayer, makeStore: "makeTestStore()")
        .source(for: log, from: Store(with: Notebook()))
    let ids = states.last?.notes.map(\.id.uuidString) ?? []
    if !ids.allSatisfy({ source.contains("UUID(uuidString: \"\($0)\")!") }) {
        return SessionMismatch(step: "exported source")
    }
    return nil
}

@MainActor
@Suite struct DrawsModelCheckTests {
    @Test("2,000 seeded sessions with live ids and dates: every replay, jump, skip and export is exact")
    func seededSessions() throws {
        let seed = UInt64(ProcessInfo.processInfo.environment["REMVVM_SEED"] ?? "") ?? 0xD2A3_2026
        var random = SeededGenerator(seed: seed)
        try withTemporaryFile { file in
            for session in 0..<modelCheckRuns(2_000) {
                if let mismatch = try checkSession(&random, file: file) {
                    Issue.record("seed \(seed), session \(session): \(mismatch)")
                    return
                }
            }
        }
    }

    @Test("the planted bug (replays draw afresh) makes the check fail")
    func plantedBugFails() throws {
        var random = SeededGenerator(seed: 0xD2A3_2026)
        PlantedDrawBug.replaysDrawAfresh = true
        defer { PlantedDrawBug.replaysDrawAfresh = false }
        var failed = 0
        try withTemporaryFile { file in
            for _ in 0..<50 where try checkSession(&random, file: file) != nil { failed += 1 }
        }
        #expect(failed > 25)
    }

    @Test("a log holds each action's draws on the line after it, and reads them back")
    func drawsLines() throws {
        try withTemporaryFile { file in
            let recorder = ActionRecorder(fileURL: file)
            let id = UUID()
            let date = Date(timeIntervalSinceReferenceDate: 800_000_000.25)
            let store = Store(with: Notebook(), middleware: [recorder]) {
                $0.uuid = .constant(id)
                $0.date = .constant(date)
            }
            registerReducers(on: store)
            store.dispatch(action: AddNote(text: "a"))
            store.dispatch(action: Drop(index: 0))
            let text = try lines(of: file)
            #expect(text.count == 3)
            #expect(
                text[1] == #"{"seq":1,"draws":[{"name":"uuid","value":"\#(id.uuidString)"},"#
                    + #"{"name":"date","value":800000000.25}]}"#)
            let log = try ActionLog(contentsOf: file)
            #expect(log.entries.map(\.draws.count) == [2, 0])
            #expect(log.entries[0].draws.map(\.name) == ["uuid", "date"])
            #expect(
                log.entries[0].draws.map(\.description) == [
                    "uuid: \"\(id.uuidString)\"", "date: 800000000.25",
                ])
        }
    }

    @Test("a draws line that follows no line of its seq is an error naming the line")
    func misplacedDrawsLine() {
        let text = """
            {"seq":1,"type":"Open","origin":"outside","action":{}}
            {"seq":2,"draws":[{"name":"date","value":1}]}

            """
        #expect(throws: ActionLogError.self) { try ActionLog(text: text) }
        do {
            _ = try ActionLog(text: text)
        } catch {
            #expect("\(error)".contains("line 2"))
            #expect("\(error)".contains("must follow that action's line"))
        }
    }

    @Test(
        "a history jump in a store whose reducers draw keeps the drawn ids (with the default limit and a small one)"
    )
    func jumpKeepsIDs() {
        for limit in [10_000, 2] {
            let history = ActionHistory<Notebook>(limit: limit)
            let store = Store(with: Notebook(), middleware: [history])
            registerReducers(on: store)
            for text in ["a", "b", "c", "d", "e"] { store.dispatch(action: AddNote(text: text)) }
            let ids = store.state.notes.map(\.id)
            history.jump(to: 4)
            history.jump(to: 5)
            #expect(store.state.notes.map(\.id) == ids, "limit \(limit)")
        }
    }
}
