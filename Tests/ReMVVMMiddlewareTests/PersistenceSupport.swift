import Foundation
import ReMVVMMiddleware
import ReMVVMStore
import Testing

// Helpers shared by the tests of the state persistence.

/// A fresh, empty folder for one test's files; remove it with `removeFolder`. In memory
/// (`/dev/shm`) where there is one, so the tests' `fsync`s do not wait for a disk.
func makeTemporaryFolder() throws -> URL {
    let memory = URL(fileURLWithPath: "/dev/shm")
    let base =
        FileManager.default.isWritableFile(atPath: memory.path)
        ? memory : FileManager.default.temporaryDirectory
    let folder = base.appendingPathComponent("remvvm-persistence-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

func removeFolder(_ folder: URL) {
    try? FileManager.default.removeItem(at: folder)
}

/// What a persistence file holds, decoded the way a reader of the format would.
struct SavedFile<Value: Decodable & Equatable>: Decodable, Equatable {
    let version: Int
    let value: Value
}

/// The value saved in the file at `url`.
func savedValue<Value: Decodable & Equatable>(
    _: Value.Type, at url: URL, sourceLocation: SourceLocation = #_sourceLocation
) throws -> Value {
    let file = try JSONDecoder().decode(SavedFile<Value>.self, from: Data(contentsOf: url))
    #expect(file.version == 1, sourceLocation: sourceLocation)
    return file.value
}

/// The names in `folder`, sorted.
func names(in folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
}

/// What a store reported, whole.
@MainActor
final class DiagnosticsMessages {
    var diagnostics: [StoreDiagnostic] = []
}

/// The test app's store from `state`, with `middleware`, and what it reports.
@MainActor
func makePersistentStore(
    state: TestState = TestState(factory: CompositeViewModelFactory()), middleware: [AnyMiddleware]
) -> (Store<TestState>, DiagnosticsMessages) {
    let store = Store(with: state, middleware: middleware)
    store.register(reducer: IncrementReducer.self)
    store.register(reducer: RenameReducer.self)
    let messages = DiagnosticsMessages()
    store.diagnosticsHandler = { messages.diagnostics.append($0) }
    return (store, messages)
}
