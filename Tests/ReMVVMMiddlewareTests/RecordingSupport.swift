import Foundation
import ReMVVMMiddleware
import ReMVVMStore
import Testing

// Helpers shared by the tests of the recording, replay and undo middleware.

/// A fresh file path in a fresh temporary directory; the directory goes when `body` returns.
/// In memory (`/dev/shm`) where there is one: on ext4, closing a file that was emptied flushes
/// it to the disk, which would make the round-trip test wait for the disk 10,000 times.
func withTemporaryFile<Result>(
    named name: String = "session.jsonl",
    _ body: (URL) throws -> Result
) throws -> Result {
    let memory = URL(fileURLWithPath: "/dev/shm")
    let base =
        FileManager.default.isWritableFile(atPath: memory.path)
        ? memory : FileManager.default.temporaryDirectory
    let directory = base.appendingPathComponent("remvvm-recording-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try body(directory.appendingPathComponent(name))
}

/// The lines of a text file, without their newlines.
/// ``withTemporaryFile(named:_:)`` for a body that awaits.
@MainActor
func withTemporaryFile<Result>(
    named name: String = "session.jsonl",
    _ body: (URL) async throws -> Result
) async throws -> Result {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "remvvm-recording-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try await body(directory.appendingPathComponent(name))
}

func lines(of url: URL) throws -> [String] {
    let text = try String(contentsOf: url, encoding: .utf8)
    return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
}

/// An action whose encoding fails: JSON has no NaN.
struct Measure: StoreAction, Codable {
    let value: Double
}

/// The replayer of the test app's recordable actions.
// `try!`: these four types have four names, so the replayer cannot throw.
let testReplayer = try! ActionReplayer(types: [Increment.self, Rename.self, UndoAction.self, RedoAction.self])
