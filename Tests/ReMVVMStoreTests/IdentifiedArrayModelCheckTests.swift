import ReMVVMTestSupport
import Testing

@testable import ReMVVMStore

// A model check of IdentifiedArray: seeded random sequences of changes, each applied to an
// IdentifiedArray and, by code of its own, to a plain array of the same rows, compared after
// every step; and every version kept along the way checked again afterwards, since the point
// of the type is that a changed copy leaves the version it was copied from alone.
//
// A failure names its seed; `IdentifiedArrayModelCheckTests.check(seed:)` replays one sequence.

private struct Row: Identifiable, Hashable, Sendable {
    let id: Int
    var value: Int
}

/// One change, as both sides apply it.
private enum Step: CustomStringConvertible {
    case append(Row)
    case insert(Row, at: Int)
    case removeAt(Int)
    case removeID(Int)
    case move([Int], to: Int)
    /// `rows[id: id]?.value = value`: changes nothing when the id is not present.
    case editByID(Int, value: Int)
    /// `rows[id: row.id] = row`: replaces, or appends when the id is not present.
    case setByID(Row)
    case setNilByID(Int)
    case editAt(Int, value: Int)
    case removeAll(modulus: Int, remainder: Int)

    var description: String {
        switch self {
        case .append(let row): "append(\(row.id))"
        case .insert(let row, let position): "insert(\(row.id), at: \(position))"
        case .removeAt(let position): "remove(at: \(position))"
        case .removeID(let id): "remove(id: \(id))"
        case .move(let offsets, let destination): "move(fromOffsets: \(offsets), toOffset: \(destination))"
        case .editByID(let id, let value): "[id: \(id)]?.value = \(value)"
        case .setByID(let row): "[id: \(row.id)] = Row(id: \(row.id), value: \(row.value))"
        case .setNilByID(let id): "[id: \(id)] = nil"
        case .editAt(let position, let value): "[\(position)].value = \(value)"
        case .removeAll(let modulus, let remainder): "removeAll { $0.id % \(modulus) == \(remainder) }"
        }
    }
}

/// A sequence's state: the array under test, the reference, and the ids used so far.
private struct Model {
    var rows = IdentifiedArray<Row>()
    var reference: [Row] = []
    var nextID = 0
    var usedIDs: Set<Int> = []

    mutating func freshRow(_ generator: inout SeededGenerator) -> Row {
        defer { nextID += 1 }
        usedIDs.insert(nextID)
        return Row(id: nextID, value: Int.random(in: 0..<1_000, using: &generator))
    }

    /// An id that is present half of the time (when any is), and otherwise one that was
    /// removed or never used.
    func someID(_ generator: inout SeededGenerator) -> Int {
        if !reference.isEmpty && Bool.random(using: &generator) {
            return reference.randomElement(using: &generator)!.id
        }
        return Int.random(in: -3..<(nextID + 3), using: &generator)
    }

    mutating func randomStep(_ generator: inout SeededGenerator) -> Step {
        let count = reference.count
        let value = Int.random(in: 0..<1_000, using: &generator)
        switch Int.random(in: 0..<20, using: &generator) {
        case 0..<3: return .append(freshRow(&generator))
        case 3..<5: return .insert(freshRow(&generator), at: Int.random(in: 0...count, using: &generator))
        case 5..<7 where count > 0: return .removeAt(Int.random(in: 0..<count, using: &generator))
        case 7..<9: return .removeID(someID(&generator))
        case 9..<11 where count > 0:
            let offsets = (0..<Int.random(in: 0...4, using: &generator)).map { _ in
                Int.random(in: 0..<count, using: &generator)
            }
            return .move(offsets, to: Int.random(in: 0...count, using: &generator))
        case 11..<15: return .editByID(someID(&generator), value: value)
        case 15..<17:
            let id = someID(&generator)
            usedIDs.insert(id)
            nextID = max(nextID, id + 1)
            return .setByID(Row(id: id, value: value))
        case 17: return .setNilByID(someID(&generator))
        case 18 where count > 0: return .editAt(Int.random(in: 0..<count, using: &generator), value: value)
        case 19:
            let modulus = Int.random(in: 2...40, using: &generator)
            return .removeAll(modulus: modulus, remainder: Int.random(in: 0..<modulus, using: &generator))
        default: return .append(freshRow(&generator))
        }
    }

    /// Applies the step to both sides; a problem when what they return differs.
    mutating func apply(_ step: Step) -> String? {
        switch step {
        case .append(let row):
            rows.append(row)
            reference.append(row)
        case .insert(let row, let position):
            rows.insert(row, at: position)
            reference.insert(row, at: position)
        case .removeAt(let position):
            let removed = rows.remove(at: position)
            let expected = reference.remove(at: position)
            if removed != expected { return "removed \(removed), not \(expected)" }
        case .removeID(let id):
            let removed = rows.remove(id: id)
            let expected = reference.firstIndex { $0.id == id }.map { reference.remove(at: $0) }
            if removed != expected { return "removed \(removed as Any), not \(expected as Any)" }
        case .move(let offsets, let destination):
            rows.move(fromOffsets: offsets, toOffset: destination)
            // SwiftUI's onMove as a stable partition: the rows that stay and were before the
            // destination, the moved rows in their order, the rows that stay from it on.
            let moving = Set(offsets)
            let staying = reference.indices.filter { !moving.contains($0) }
            reference =
                staying.filter { $0 < destination }.map { reference[$0] }
                + moving.sorted().map { reference[$0] }
                + staying.filter { $0 >= destination }.map { reference[$0] }
        case .editByID(let id, let value):
            rows[id: id]?.value = value
            if let position = reference.firstIndex(where: { $0.id == id }) {
                reference[position].value = value
            }
        case .setByID(let row):
            rows[id: row.id] = row
            if let position = reference.firstIndex(where: { $0.id == row.id }) {
                reference[position] = row
            } else {
                reference.append(row)
            }
        case .setNilByID(let id):
            rows[id: id] = nil
            reference.removeAll { $0.id == id }
        case .editAt(let position, let value):
            rows[position].value = value
            reference[position].value = value
        case .removeAll(let modulus, let remainder):
            rows.removeAll { $0.id % modulus == remainder }
            reference.removeAll { $0.id % modulus == remainder }
        }
        return nil
    }
}

/// What differs between an identified array and the plain array it should equal, or `nil`:
/// the elements in order (by iteration and by position), the ids, unique, `[id:]` and
/// `index(id:)` for every id present, `nil` for every id used once and absent now, and the
/// invariants of the structure.
private func difference(_ rows: IdentifiedArray<Row>, _ reference: [Row], usedIDs: Set<Int>) -> String? {
    if let problem = rows.invariantViolation() { return "broken invariant: \(problem)" }
    guard rows.count == reference.count else { return "count \(rows.count), expected \(reference.count)" }
    guard Array(rows) == reference else { return "elements \(rows.ids), expected \(reference.map(\.id))" }
    if let position = reference.indices.first(where: { rows[$0] != reference[$0] }) {
        return "position \(position) reads \(rows[position]), expected \(reference[position])"
    }
    let ids = rows.ids
    guard ids == reference.map(\.id) else { return "ids \(ids), expected \(reference.map(\.id))" }
    let present = Set(ids)
    guard present.count == ids.count else { return "ids not unique: \(ids)" }
    // `index(id:)` of each id is the invariant's to check.
    for row in reference where rows[id: row.id] != row {
        return "[id: \(row.id)] reads \(rows[id: row.id] as Any), expected \(row)"
    }
    for id in usedIDs where !present.contains(id) && rows[id: id] != nil {
        return "[id: \(id)] reads \(rows[id: id]!), expected nil"
    }
    return nil
}

/// What differs in a version kept before a change: its elements or its positions.
private func changedSince(_ rows: IdentifiedArray<Row>, _ reference: [Row]) -> String? {
    if let problem = rows.invariantViolation() { return "broken invariant: \(problem)" }
    guard Array(rows) == reference else { return "elements \(rows.ids), expected \(reference.map(\.id))" }
    return nil
}

@Suite struct IdentifiedArrayModelCheckTests {
    static let batches = 20
    /// 100, or 10 under the sanitizers (`Reliability.modelCheckRuns`).
    static let sequencesPerBatch = Reliability.modelCheckRuns(100)
    static let stepsPerSequence = 12

    /// Runs the sequence of `seed` and returns its first problem, naming the seed and the step.
    static func check(seed: UInt64) -> String? {
        var generator = SeededGenerator(seed: seed)
        var model = Model()
        // Most sequences are short; one in 25 starts near 16 rows, where the flat root leaf
        // becomes leaves under a branch, one in 25 near 128, where the trie grows its second
        // level, and one in 200 near 2,048, where it grows its third.
        let startCount =
            switch seed % 200 {
            case 0: Int.random(in: 2_040...2_060, using: &generator)
            case let remainder where remainder % 25 == 1: Int.random(in: 12...20, using: &generator)
            case let remainder where remainder % 25 == 2: Int.random(in: 124...132, using: &generator)
            default: Int.random(in: 0...32, using: &generator)
            }
        for _ in 0..<startCount {
            let row = model.freshRow(&generator)
            model.rows.append(row)
            model.reference.append(row)
        }
        // Ids every check looks up, present or not: the ones used, and a few never used.
        model.usedIDs.formUnion(-3..<0)
        var versions: [(rows: IdentifiedArray<Row>, reference: [Row])] = []
        for stepNumber in 0..<stepsPerSequence {
            let step = model.randomStep(&generator)
            let before = model.rows
            let referenceBefore = model.reference
            versions.append((before, referenceBefore))
            var problem = model.apply(step) ?? difference(model.rows, model.reference, usedIDs: model.usedIDs)
            if problem == nil, let changed = changedSince(before, referenceBefore) {
                problem = "the copy kept before it changed: \(changed)"
            }
            if problem == nil && (before == model.rows) != (referenceBefore == model.reference) {
                problem = "before == after is \(before == model.rows)"
            }
            if let problem {
                return "seed \(seed), step \(stepNumber) \(step): \(problem)"
            }
        }
        // Each version was checked right after the step it was kept before; a later step must
        // not reach it either.
        for (number, version) in versions.enumerated() where !version.rows.elementsEqual(version.reference) {
            return "seed \(seed): the version kept before step \(number) changed to \(version.rows.ids)"
        }
        let builtApart = IdentifiedArray(model.reference)
        guard model.rows == builtApart, model.rows.hashValue == builtApart.hashValue else {
            return
                "seed \(seed): at the end, not equal to, or hashed unlike, an array built from the same rows"
        }
        return nil
    }

    @Test(
        "2,000 seeded sequences of changes agree with a plain array, and leave the copies kept before alone",
        arguments: 0..<batches
    )
    func sequences(batch: Int) {
        let first = UInt64(batch * Self.sequencesPerBatch)
        let failures = (first..<first + UInt64(Self.sequencesPerBatch)).compactMap { Self.check(seed: $0) }
        #expect(failures.isEmpty, "\(failures.count) failed; first: \(failures.first ?? "")")
    }

    @Test("the generator is SplitMix64: the published first outputs of seed 1234567")
    func generator() {
        var generator = SeededGenerator(seed: 1_234_567)
        let outputs = (0..<3).map { _ in generator.next() }
        #expect(outputs == [6_457_827_717_110_365_317, 3_203_168_211_198_807_973, 9_817_491_932_198_370_423])
    }

    @Test("the check finds a difference: a reference that lost a row is reported with its seed")
    func checkCanFail() {
        var model = Model()
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<3 { _ = model.apply(.append(model.freshRow(&generator))) }
        model.reference.removeLast()
        let problem = difference(model.rows, model.reference, usedIDs: model.usedIDs)
        #expect(problem == "count 3, expected 2")
    }
}
