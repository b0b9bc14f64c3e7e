import Foundation
import ReMVVMMiddleware
import ReMVVMStore
import ReMVVMTesting
import Testing

// A small search app whose state holds every kind of value the exporter writes as code, a
// class instance it cannot write, and a middleware that dispatches a follow-up.

struct Entry: Hashable, Codable, Sendable {
    var id: Int
    var title: String
}

enum Filter: Equatable, Codable, Sendable {
    case all
    case tagged(String)
    case matching(text: String, limit: Int)
}

struct Catalog: Equatable, Codable, Sendable {
    var query: String
    var items: [Entry]
    var selected: Entry?
    var filter: Filter
    var tags: Set<String>
    var counts: [String: Int]
    var score: Double
    var ratio: Float
    var isStale: Bool
}

/// A class instance: not code, so the step that sets it asserts only the rest.
final class Cache: Sendable {
    let note: String
    init(note: String) { self.note = note }
}

struct ExportState: StoreState {
    let factory: any ViewModelFactory
    var catalog: Catalog?
    var loadedCount = 0
    var cache: Cache?
    var level: Int8 = 0
}

enum Catalogue {
    struct Load: StoreAction, Codable { var catalog: Catalog }
    /// Dispatched by ``LoadMiddleware`` after each ``Load``.
    struct Loaded: StoreAction, Codable { var count: Int }
}

struct Remember: StoreAction, Codable { var note: String }
/// An action whose property cannot be an initializer argument: it is sent as decoded JSON.
struct Mark: StoreAction, Codable { var _level: Int8 }

struct LoadReducer: Reducer {
    static func reduce(state: ExportState, with action: Catalogue.Load) -> ExportState {
        var state = state
        state.catalog = action.catalog
        return state
    }
}

struct LoadedReducer: Reducer {
    static func reduce(state: ExportState, with action: Catalogue.Loaded) -> ExportState {
        var state = state
        state.loadedCount = action.count
        return state
    }
}

struct RememberReducer: Reducer {
    static func reduce(state: ExportState, with action: Remember) -> ExportState {
        var state = state
        state.cache = Cache(note: action.note)
        state.loadedCount += 1
        return state
    }
}

struct MarkReducer: Reducer {
    static func reduce(state: ExportState, with action: Mark) -> ExportState {
        var state = state
        state.level = action._level
        return state
    }
}

struct LoadMiddleware: Middleware {
    func applyMiddleware(
        for state: ExportState, action: Catalogue.Load,
        dispatcher: Dispatcher<Catalogue.Load, ExportState>
    ) {
        dispatcher.next { state in
            dispatcher.dispatch(action: Catalogue.Loaded(count: state.catalog?.items.count ?? 0))
        }
    }
}

/// The store the golden test, RecordedExportSessionTests.swift, starts from.
@MainActor
func makeExportTestStore() -> TestStore<ExportState> {
    let store = TestStore(
        with: ExportState(factory: CompositeViewModelFactory()), middleware: [LoadMiddleware()])
    store.register(reducer: LoadReducer.self)
    store.register(reducer: LoadedReducer.self)
    store.register(reducer: RememberReducer.self)
    store.register(reducer: MarkReducer.self)
    return store
}

@MainActor
@Suite struct SessionTestExporterTests {
    static let catalog = Catalog(
        query: "ada \"the\" countess\n",
        items: [Entry(id: 1, title: "Notes"), Entry(id: 2, title: "Sketch")],
        selected: Entry(id: 2, title: "Sketch"),
        filter: .matching(text: "no", limit: -3),
        tags: ["b", "a", "c"],
        counts: ["z": 1, "a": 2],
        score: -0.5,
        ratio: 0.25,
        isStale: true
    )

    static let replayer = try! ActionReplayer(types: [
        Catalogue.Load.self, Catalogue.Loaded.self, Remember.self, Mark.self, UndoAction.self,
    ])

    static let goldenURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("RecordedExportSessionTests.swift")

    /// Records a session: a load and its follow-up, a class instance set, a JSON-only action.
    func recordedLog() throws -> ActionLog {
        try withTemporaryFile { (url: URL) throws in
            let store = makeExportTestStore().store
            let recording = Store(
                with: store.state, middleware: [ActionRecorder(fileURL: url), LoadMiddleware()]
            ) { $0.clock = TestClock() }
            recording.register(reducer: LoadReducer.self)
            recording.register(reducer: LoadedReducer.self)
            recording.register(reducer: RememberReducer.self)
            recording.register(reducer: MarkReducer.self)
            recording.dispatch(action: Catalogue.Load(catalog: Self.catalog))
            recording.dispatch(action: Remember(note: "seen"))
            recording.dispatch(action: Mark(_level: 7))
            recording.dispatch(action: Mark(_level: 7))
            return try ActionLog(contentsOf: url)
        }
    }

    func exporter() -> SessionTestExporter {
        var exporter = SessionTestExporter(replayer: Self.replayer, makeStore: "makeExportTestStore()")
        exporter.suiteName = "RecordedExportSessionTests"
        return exporter
    }

    @Test("a session exports to the checked-in golden test, which CI compiles and runs")
    func golden() throws {
        let source = try exporter().source(for: try recordedLog(), from: makeExportTestStore().store)
        if ProcessInfo.processInfo.environment["REMVVM_REGENERATE_GOLDEN"] == "1" {
            try Data(source.utf8).write(to: Self.goldenURL)
        }
        let golden = try String(contentsOf: Self.goldenURL, encoding: .utf8)
        #expect(
            source == golden,
            Comment(
                rawValue:
                    "the exporter's output differs from RecordedExportSessionTests.swift; if the change is meant, "
                    + "regenerate it: REMVVM_REGENERATE_GOLDEN=1 swift test --filter SessionTestExporterTests"
            ))
    }

    @Test("sends what came from outside, receives follow-ups, and writes the values as code")
    func steps() throws {
        let source = try exporter().source(for: try recordedLog(), from: makeExportTestStore().store)
        let expectedSteps = """
                    try await store.send(Catalogue.Load(catalog: Catalog(query: "ada \\"the\\" countess\\n", \
            items: [Entry(id: 1, title: "Notes"), Entry(id: 2, title: "Sketch")], selected: Entry(id: 2, title: "Sketch"), \
            filter: Filter.matching(text: "no", limit: -3), tags: ["a", "b", "c"], counts: ["a": 2, "z": 1], \
            score: -0.5, ratio: 0.25, isStale: true))) {
                        $0.catalog = Catalog(query: "ada \\"the\\" countess\\n", items: [Entry(id: 1, title: "Notes"), \
            Entry(id: 2, title: "Sketch")], selected: Entry(id: 2, title: "Sketch"), filter: Filter.matching(text: "no", \
            limit: -3), tags: ["a", "b", "c"], counts: ["a": 2, "z": 1], score: -0.5, ratio: 0.25, isStale: true)
                    }
                    try await store.receive(Catalogue.Loaded.self) {
                        $0.loadedCount = 2
                    }
                    // cache cannot be written as code: this step asserts only the rest.
                    store.exhaustivity = .off
                    try await store.send(Remember(note: "seen")) {
                        $0.loadedCount = 3
                    }
                    store.exhaustivity = .on
                    try await store.send(try JSONDecoder().decode(Mark.self, from: Data(#"{"_level":7}"#.utf8))) {
                        $0.level = 7
                    }
                    try await store.send(try JSONDecoder().decode(Mark.self, from: Data(#"{"_level":7}"#.utf8)))
                    try await store.finish()

            """
        #expect(source.hasSuffix(expectedSteps + "    }\n}\n"))
        #expect(
            source.contains(
                "import Foundation\nimport ReMVVMMiddleware\nimport ReMVVMStore\nimport ReMVVMTesting\nimport Testing\n"
            ))
    }

    @Test("whole states: unchanged properties are written as themselves")
    func wholeState() throws {
        var exporter = exporter()
        exporter.stateAssertion = .wholeState
        let source = try exporter.source(for: try recordedLog(), from: makeExportTestStore().store)
        #expect(
            source.contains(
                "$0 = ExportState(factory: $0.factory, catalog: $0.catalog, loadedCount: 2, cache: $0.cache, "
                    + "level: $0.level)"))
    }

    @Test(
        "an undo whose line does not say what it brought back cannot be exported: the error says how far to")
    func olderUndo() throws {
        let log = try ActionLog(
            text: #"{"seq":1,"type":"Remember","origin":"outside","action":{"note":"a"}}"# + "\n"
                + #"{"seq":2,"type":"UndoAction","origin":"outside","action":{}}"# + "\n")
        #expect(
            throws: ActionLogError.notExportable(
                line: 2, typeName: "UndoAction",
                reason:
                    "its line does not say which state it brought back (a log recorded before lines said it, "
                    + "or without an UndoHistory in the store); export the session up to the line before (through: 1)"
            )
        ) {
            try exporter().source(for: log, from: makeExportTestStore().store)
        }
        let source = try exporter().source(for: log, from: makeExportTestStore().store, through: 1)
        #expect(source.contains(#"try await store.send(Remember(note: "a")) {"#))
        #expect(!source.contains("send(UndoAction"))
        // The cut is said, and what ran on is let run and skipped, so the test ends passing.
        #expect(
            source.hasSuffix(
                """
                        // The session goes on in the log from line 2 (UndoAction); the test stops before it.
                        // What was still running runs to its end, and what it dispatched is skipped:
                        await store.store.idle()
                        store.skipReceivedActions()
                        try await store.finish()
                    }
                }

                """))
    }

    @Test("a gap becomes a comment, and the test goes on without exhaustivity; older logs send everything")
    func gapsAndOlderLogs() throws {
        let log = try ActionLog(
            text: #"{"seq":1,"type":"Ping","skipped":true}"# + "\n"
                + #"{"seq":2,"type":"Catalogue.Loaded","action":{"count":4}}"# + "\n")
        let source = try exporter().source(for: log, from: makeExportTestStore().store)
        #expect(
            source.contains(
                """
                        // line 1: a Ping was not recorded; the test leaves it out
                        // and from here on asserts only what it sets.
                        store.exhaustivity = .off
                        try await store.send(Catalogue.Loaded(count: 4)) {
                            $0.loadedCount = 4
                        }
                """))
    }
}

// MARK: - What becomes code, and what falls back

/// Prints itself its own way: its case name cannot be read, so it is not code.
enum Mood: CustomStringConvertible, Sendable {
    case calm
    var description: String { "a calm mood" }
}

enum Level: Sendable {
    case low, high
}

@propertyWrapper
struct Clamped: Sendable {
    var wrappedValue: Int
}

struct Wrapped: Sendable {
    @Clamped var value: Int
}

struct ValuesState: StoreState {
    let factory: any ViewModelFactory
    var character: Character = "a"
    var notANumber = 0.0
    var infinite: Float = 0
    var nested: Int?? = nil
    var level = Level.low
    var mood: Mood?
    var pair = (0, "")
    var named = (x: 0, y: 0)
    var empty: [String: Int] = ["a": 1]
    var list = [1]
    var cache: Cache?
    var wrapped: Wrapped?
    var unsigned: UInt8 = 0
}

struct Fill: StoreAction, Codable {}

struct FillReducer: Reducer {
    static func reduce(state: ValuesState, with action: Fill) -> ValuesState {
        var state = state
        state.character = "\""
        state.notANumber = .nan
        state.infinite = -.infinity
        state.nested = .some(nil)
        state.level = .high
        state.mood = .calm
        state.pair = (1, "one")
        state.named = (x: 2, y: -3)
        state.empty = [:]
        state.list = []
        state.cache = Cache(note: "x")
        state.wrapped = Wrapped(value: 4)
        state.unsigned = 255
        return state
    }
}

extension SessionTestExporterTests {
    @Test("each kind of value becomes code, and what cannot is named and not asserted")
    func values() throws {
        let store = Store(with: ValuesState(factory: CompositeViewModelFactory()))
        store.register(reducer: FillReducer.self)
        let log = try ActionLog(text: #"{"seq":1,"type":"Fill","origin":"outside","action":{}}"# + "\n")
        let source = try SessionTestExporter(
            replayer: try ActionReplayer(types: [Fill.self]), makeStore: "make()"
        )
        .source(for: log, from: store)
        let steps = """
                    // mood, cache, wrapped cannot be written as code: this step asserts only the rest.
                    store.exhaustivity = .off
                    try await store.send(Fill()) {
                        $0.character = "\\""
                        $0.notANumber = .nan
                        $0.infinite = -.infinity
                        $0.nested = .some(nil)
                        $0.level = Level.high
                        $0.pair = (1, "one")
                        $0.named = (x: 2, y: -3)
                        $0.empty = [:]
                        $0.list = []
                        $0.unsigned = 255
                    }
                    store.exhaustivity = .on

            """
        #expect(source.contains(steps))
    }
}
