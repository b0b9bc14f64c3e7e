import ReMVVMTestSupport
import Testing

@testable import ReMVVMStore

// Tests `IdentifiedArray.remove(atOffsets:)` (Sources/Store/Lists/IdentifiedArray+Removing.swift)
// against a plain array of the same rows: seeded random offsets, unsorted and repeated, on
// arrays around the sizes where the trie changes shape. A failure names its seed.

private struct Row: Identifiable, Hashable, Sendable {
    let id: Int
    var value: Int
}

/// What differs between `rows` and `reference`, or `nil`: the elements in order, each id's
/// position and element, the ids removed, gone, and the structure's invariants.
private func difference(_ rows: IdentifiedArray<Row>, _ reference: [Row], removed: [Row]) -> String? {
    if let problem = rows.invariantViolation() { return "broken invariant: \(problem)" }
    guard Array(rows) == reference else { return "elements \(rows.ids), expected \(reference.map(\.id))" }
    for (position, row) in reference.enumerated() where rows.index(id: row.id) != position {
        return "index(id: \(row.id)) is \(rows.index(id: row.id) as Any), expected \(position)"
    }
    for row in removed where rows[id: row.id] != nil || rows.index(id: row.id) != nil {
        return "the removed id \(row.id) is still found"
    }
    return nil
}

@Suite struct IdentifiedArrayRemovingOffsetsTests {
    /// Sizes around the trie's shapes: one flat leaf (up to 16), one level of branches, two.
    static let sizes = [0, 1, 2, 15, 16, 17, 63, 64, 65, 130, 600]

    @Test(
        "remove(atOffsets:) removes what a plain array removes, offsets unsorted and repeated",
        arguments: sizes)
    func matchesPlainArray(count: Int) {
        for seed in UInt64(0)..<40 {
            var generator = SeededGenerator(seed: seed &* 1_000 &+ UInt64(count))
            let original = (0..<count).map {
                Row(id: $0 * 3, value: Int.random(in: 0..<100, using: &generator))
            }
            var rows = IdentifiedArray(original)
            let before = rows
            let offsets =
                count == 0
                ? []
                : (0..<Int.random(in: 0...min(count + 2, 12), using: &generator)).map { _ in
                    Int.random(in: 0..<count, using: &generator)
                }

            rows.remove(atOffsets: offsets)

            // The reference: each distinct offset removed from the end backwards.
            var reference = original
            let distinct = Set(offsets)
            for offset in distinct.sorted(by: >) { reference.remove(at: offset) }
            let removed = distinct.map { original[$0] }
            let problem = difference(rows, reference, removed: removed)
            #expect(problem == nil, "seed \(seed), count \(count), offsets \(offsets): \(problem ?? "")")
            // The copy taken before is untouched.
            #expect(Array(before) == original, "seed \(seed), count \(count): the copy changed")
            #expect(before.invariantViolation() == nil, "seed \(seed), count \(count)")
        }
    }

    @Test("offsets as a set or a range, SwiftUI's IndexSet being such a sequence of Int")
    func otherSequences() {
        var rows = IdentifiedArray((0..<6).map { Row(id: $0, value: $0) })
        rows.remove(atOffsets: Set([4, 0, 2]))
        #expect(rows.ids == [1, 3, 5])
        #expect(rows.index(id: 3) == 1)
        #expect(rows[id: 4] == nil)
        rows.remove(atOffsets: 1..<3)
        #expect(rows.ids == [1])
        #expect(rows.index(id: 1) == 0)
    }

    @Test("no offsets change nothing, and the array still shares its positions with its copies")
    func noOffsets() {
        var rows = IdentifiedArray((0..<40).map { Row(id: $0, value: $0) })
        let copy = rows
        rows.remove(atOffsets: [Int]())
        #expect(rows == copy)
        #expect(rows.sharesPositions(with: copy))
    }

    @Test("an offset out of range stops the program, naming it and the range")
    func outOfRange() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var rows = IdentifiedArray((0..<3).map { Row(id: $0, value: $0) })
            rows.remove(atOffsets: [1, 3])
            print(rows)
        }
        let output = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(
            output.contains("IdentifiedArray.remove(atOffsets:): offset 3 is out of range 0..<3"), "\(output)"
        )
    }
}
