import Foundation
import ReMVVMMiddleware
import ReMVVMStore
import Testing

/// A file `restore(into:)` cannot restore, and the word its set-aside name must hold.
struct BadFile: Sendable, CustomTestStringConvertible {
    /// The bytes of the file, or `nil` for a folder in its place (which cannot be read as a file).
    let bytes: [UInt8]?
    let reason: String
    let testDescription: String

    static func file(_ text: String, _ reason: String, _ description: String) -> BadFile {
        BadFile(bytes: Array(text.utf8), reason: reason, testDescription: description)
    }

    static let all: [BadFile] = [
        BadFile(bytes: nil, reason: "unreadable", testDescription: "unreadable (a folder)"),
        .file("", "not-json", "empty"),
        .file("Ada Lovelace", "not-json", "plain text"),
        .file(#"{"value":"Ad"#, "not-json", "JSON cut short"),
        BadFile(bytes: [0xFF, 0xFE, 0x00, 0x7B], reason: "not-json", testDescription: "binary"),
        .file(#"{"value":42,"version":1}"#, "wrong-shape", "a value of another type"),
        .file(#"{"name":"Ada"}"#, "wrong-shape", "an object without a version"),
        .file(#"["Ada"]"#, "wrong-shape", "an array"),
        .file(#"{"version":1}"#, "wrong-shape", "no value"),
        .file(#"{"value":"Ada","version":"1"}"#, "wrong-shape", "a version that is not a number"),
        .file(#"{"value":"Ada","version":2}"#, "newer-version", "a newer version"),
        .file(#"{"value":{"first":"Ada"},"version":7}"#, "newer-version", "a newer version of another shape"),
    ]
}

@Suite("RestoreOutcome")
@MainActor
struct RestoreOutcomeTests {
    @Test("no file: .missing, the default stays, nothing is created")
    func missing() throws {
        let folder = try makeTemporaryFolder()
        defer { removeFolder(folder) }
        let saved = StatePersistence<TestState, String?>(
            fileURL: folder.appendingPathComponent("name.json"), at: \.name)
        var state = TestState(factory: CompositeViewModelFactory(), count: 3, name: "default")
        #expect(try saved.restore(into: &state) == .missing)
        #expect(state == TestState(factory: CompositeViewModelFactory(), count: 3, name: "default"))
        #expect(try names(in: folder).isEmpty)
    }

    @Test(
        "a file where the file's folder should be: .missing, nothing thrown, nothing moved or made",
        arguments: ["blocker/name.json", "blocker/state/name.json"])
    func fileInTheFolderPlace(relativePath: String) throws {
        let folder = try makeTemporaryFolder()
        defer { removeFolder(folder) }
        let blocker = folder.appendingPathComponent("blocker")
        try Data("not a folder".utf8).write(to: blocker)
        let saved = StatePersistence<TestState, String?>(
            fileURL: folder.appendingPathComponent(relativePath), at: \.name)
        var state = TestState(factory: CompositeViewModelFactory(), count: 3, name: "default")
        #expect(try saved.restore(into: &state) == .missing)
        #expect(state == TestState(factory: CompositeViewModelFactory(), count: 3, name: "default"))
        #expect(try names(in: folder) == ["blocker"])
        #expect(try String(contentsOf: blocker, encoding: .utf8) == "not a folder")
    }

    @Test("an older version's file is restored")
    func olderVersion() throws {
        let folder = try makeTemporaryFolder()
        defer { removeFolder(folder) }
        let url = folder.appendingPathComponent("name.json")
        try Data(#"{"value":"Ada","version":1}"#.utf8).write(to: url)
        let saved = StatePersistence<TestState, String?>(fileURL: url, at: \.name, version: 3)
        var state = TestState(factory: CompositeViewModelFactory())
        #expect(try saved.restore(into: &state) == .restored)
        #expect(state.name == "Ada")
    }

    @Test(
        "a file that cannot be restored is set aside, kept whole, and never overwritten",
        arguments: BadFile.all)
    func setAside(bad: BadFile) async throws {
        let folder = try makeTemporaryFolder()
        defer { removeFolder(folder) }
        let url = folder.appendingPathComponent("name.json")
        if let bytes = bad.bytes {
            try Data(bytes).write(to: url)
        } else {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
            try Data("inside".utf8).write(to: url.appendingPathComponent("kept.txt"))
        }

        let saved = StatePersistence<TestState, String?>(fileURL: url, at: \.name)
        var state = TestState(factory: CompositeViewModelFactory(), name: "default")
        let outcome = try saved.restore(into: &state)

        // The state starts from its default, and the outcome says where the file went.
        #expect(state.name == "default")
        guard case .setAside(let aside) = outcome else {
            Issue.record("expected .setAside, got \(outcome)")
            return
        }
        #expect(aside.deletingLastPathComponent().path == folder.path)
        let name = aside.lastPathComponent
        let pattern = #/name\.json\.(?<reason>[a-z-]+)-(?<time>[0-9]{8}T[0-9]{6}Z)/#
        let match = try #require(try pattern.wholeMatch(in: name), "set-aside name \(name)")
        #expect(match.reason == bad.reason)
        let setAsideAt = try #require(Self.secondsSince1970(utc: String(match.time)))
        #expect(abs(setAsideAt - Int(time(nil))) < 60, "set aside at \(match.time), now is \(time(nil))")
        #expect(!FileManager.default.fileExists(atPath: url.path), "the bad file is no longer where it was")
        if let bytes = bad.bytes {
            #expect(Array(try Data(contentsOf: aside)) == bytes, "the bad file is kept whole")
        } else {
            #expect(
                try String(contentsOf: aside.appendingPathComponent("kept.txt"), encoding: .utf8) == "inside")
        }

        // Saving writes a new file, and the one set aside stays as it was.
        let (store, messages) = makePersistentStore(state: state, middleware: [saved])
        store.dispatch(action: Rename(name: "Ada"))
        await saved.flush()
        #expect(try savedValue(String?.self, at: url) == "Ada")
        #expect(try names(in: folder) == [url.lastPathComponent, name].sorted())
        if let bytes = bad.bytes {
            #expect(Array(try Data(contentsOf: aside)) == bytes)
        }
        #expect(messages.diagnostics.isEmpty)
    }

    @Test("a second bad file set aside in the same second does not replace the first")
    func setAsideTwice() throws {
        let folder = try makeTemporaryFolder()
        defer { removeFolder(folder) }
        let url = folder.appendingPathComponent("name.json")
        var asides: [URL] = []
        for text in ["first", "second", "third"] {
            try Data(text.utf8).write(to: url)
            var state = TestState(factory: CompositeViewModelFactory())
            let outcome = try StatePersistence<TestState, String?>(fileURL: url, at: \.name).restore(
                into: &state)
            guard case .setAside(let aside) = outcome else {
                Issue.record("expected .setAside, got \(outcome)")
                return
            }
            asides.append(aside)
        }
        #expect(Set(asides).count == 3)
        #expect(
            try asides.map { try String(contentsOf: $0, encoding: .utf8) } == ["first", "second", "third"])
        #expect(try names(in: folder).count == 3)
        // Within one second the later names get -2 and -3.
        if asides.map({ $0.lastPathComponent.prefix(35) })
            == Array(repeating: asides[0].lastPathComponent.prefix(35), count: 3)
        {
            #expect(asides[1].lastPathComponent == asides[0].lastPathComponent + "-2")
            #expect(asides[2].lastPathComponent == asides[0].lastPathComponent + "-3")
        }
    }

    /// Reads a set-aside name's time, `20261125T081500Z`, as seconds since 1970, with the
    /// inverse of the library's calendar arithmetic (Howard Hinnant's `days_from_civil`).
    static func secondsSince1970(utc text: String) -> Int? {
        let digits = text.filter(\.isNumber).compactMap(\.wholeNumberValue)
        guard digits.count == 14 else { return nil }
        func number(_ range: Range<Int>) -> Int { digits[range].reduce(0) { $0 * 10 + $1 } }
        let (year, month, day) = (number(0..<4), number(4..<6), number(6..<8))
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = shiftedYear / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return days * 86_400 + number(8..<10) * 3_600 + number(10..<12) * 60 + number(12..<14)
    }
}
