// Generated from a recorded session by ReMVVM's SessionTestExporter.
// Regenerate it rather than edit it.
// swift-format-ignore-file

import Foundation
import ReMVVMMiddleware
import ReMVVMStore
import ReMVVMTesting
import Testing

@MainActor
@Suite struct RecordedExportSessionTests {
    @Test("the recorded session")
    func recordedSession() async throws {
        let store = makeExportTestStore()
        try await store.send(Catalogue.Load(catalog: Catalog(query: "ada \"the\" countess\n", items: [Entry(id: 1, title: "Notes"), Entry(id: 2, title: "Sketch")], selected: Entry(id: 2, title: "Sketch"), filter: Filter.matching(text: "no", limit: -3), tags: ["a", "b", "c"], counts: ["a": 2, "z": 1], score: -0.5, ratio: 0.25, isStale: true))) {
            $0.catalog = Catalog(query: "ada \"the\" countess\n", items: [Entry(id: 1, title: "Notes"), Entry(id: 2, title: "Sketch")], selected: Entry(id: 2, title: "Sketch"), filter: Filter.matching(text: "no", limit: -3), tags: ["a", "b", "c"], counts: ["a": 2, "z": 1], score: -0.5, ratio: 0.25, isStale: true)
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
    }
}
