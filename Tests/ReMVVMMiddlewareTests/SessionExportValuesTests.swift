import Foundation
import ReMVVMMiddleware
import ReMVVMStore
import Testing

// Tests what the session exporter (Sources/Middleware/Recording/SessionTestExporter.swift,
// Machinery/SwiftValueCode.swift) writes for Foundation values and durations, and for a
// navigation changed in a step that runs with exhaustivity off.

private struct Row: Identifiable, Equatable, Sendable {
    let id: Int
    var title: String
}

private struct Stamped: StoreState {
    var rows: IdentifiedArray<Row> = []
    var id: UUID?
    var date: Date?
    var link: URL?
    var length: Duration = .zero
    var navigation = NavigationState(root: Page.home)
    var cache: Cache?
}

private struct Stamp: StoreAction, Codable {}
private struct Open: StoreAction, Codable {}

private enum StampReducer: Reducer {
    static func reduce(state: Stamped, with action: Stamp) -> Stamped {
        var state = state
        state.id = UUID(uuidString: "00000000-0000-0000-0000-000000000001")
        state.date = Date(timeIntervalSinceReferenceDate: 86_400)
        state.link = URL(string: "https://example.com/a?b=1")
        state.length = .milliseconds(1_500)
        state.rows = [Row(id: 2, title: "b"), Row(id: 1, title: "a")]
        return state
    }
}

/// Pushes a screen and sets a class instance, which is not code: the step runs with
/// exhaustivity off.
private enum OpenReducer: Reducer {
    static func reduce(state: Stamped, with action: Open) -> Stamped {
        var state = state
        state.navigation.apply(.push(.sheet))
        state.cache = Cache(note: "open")
        return state
    }
}

@MainActor
private func export(_ types: [any (StoreAction & Decodable).Type], _ lines: [String]) throws -> String {
    let store = Store(with: Stamped())
    store.register(reducer: StampReducer.self)
    store.register(reducer: OpenReducer.self)
    store.register(navigation: \.navigation)
    let log = try ActionLog(text: lines.joined(separator: "\n") + "\n")
    return try SessionTestExporter(replayer: try ActionReplayer(types: types), makeStore: "make()")
        .source(for: log, from: store)
}

@MainActor
@Suite("Session export: Foundation values, durations, and steps without exhaustivity")
struct SessionExportValuesTests {
    @Test(
        "a UUID, a Date, a URL and a Duration are written as the code that makes them, with Foundation imported"
    )
    func foundationValues() throws {
        let source = try export([Stamp.self], [#"{"seq":1,"type":"Stamp","origin":"outside","action":{}}"#])
        #expect(source.contains(#"$0.id = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!"#))
        #expect(source.contains("$0.date = Date(timeIntervalSinceReferenceDate: 86400.0)"))
        #expect(source.contains(#"$0.link = URL(string: "https://example.com/a?b=1")!"#))
        #expect(source.contains("$0.length = Duration.milliseconds(1500)"))
        #expect(source.contains(#"$0.rows = [Row(id: 2, title: "b"), Row(id: 1, title: "a")]"#))
        #expect(source.contains("import Foundation"))
        #expect(!source.contains("UUID()"))
    }

    @Test("a navigation changed in a step without exhaustivity is not stated as steps from the state before")
    func navigationWithoutExhaustivity() throws {
        let source = try export(
            [Open.self, NavigationAction<Page>.self],
            [
                #"{"seq":1,"type":"Open","origin":"outside","action":{}}"#,
                #"{"seq":2,"type":"NavigationAction<Page>","origin":"outside","action":{"pop":{"count":1}}}"#,
            ])
        let open = try #require(source.firstRange(of: "try await store.send(Open())"))
        let restored = try #require(source.firstRange(of: "store.exhaustivity = .on"))
        // Between the send of Open and the return to exhaustivity: no step from the state before.
        #expect(!source[open.lowerBound..<restored.lowerBound].contains("$0.navigation.apply"))
        // The next step, exhaustive again, states the pop from the state before it.
        #expect(source[restored.upperBound...].contains("$0.navigation.apply(.pop(count: 1))"))
    }
}
