import Foundation
import ReMVVMMiddleware
import ReMVVMStore
import Testing

@Suite("StoreDiagnostic+Persistence")
@MainActor
struct StoreDiagnosticPersistenceTests {
    @Test("write failures reach the diagnostics hook once per streak, and the next change tries again")
    func failureStreaks() async throws {
        let folder = try makeTemporaryFolder()
        defer { removeFolder(folder) }
        let subfolder = folder.appendingPathComponent("saves")
        let url = subfolder.appendingPathComponent("count.json")
        try FileManager.default.createDirectory(at: subfolder, withIntermediateDirectories: false)
        let saved = StatePersistence<TestState, Int>(fileURL: url, at: \.count)
        let (store, messages) = makePersistentStore(middleware: [saved])

        store.dispatch(action: Increment())
        await saved.flush()
        #expect(saved.writeCount == 1)

        // The folder goes away: every write fails, and the streak is reported once.
        try FileManager.default.removeItem(at: subfolder)
        for _ in 1...3 {
            store.dispatch(action: Increment())
            await saved.flush()
        }
        #expect(saved.writeCount == 1)
        #expect(messages.diagnostics.map(\.kind) == [.persistenceFailed])
        let message = try #require(messages.diagnostics.first?.message)
        #expect(message.hasPrefix("cannot save Int to '\(url.path)': "))
        #expect(message.hasSuffix("; the next change will try again"))

        // It comes back: the next change is written, with the latest value.
        try FileManager.default.createDirectory(at: subfolder, withIntermediateDirectories: false)
        store.dispatch(action: Increment())
        await saved.flush()
        #expect(saved.writeCount == 2)
        #expect(try savedValue(Int.self, at: url) == 5)
        #expect(messages.diagnostics.count == 1)

        // A new streak is reported again.
        try FileManager.default.removeItem(at: subfolder)
        store.dispatch(action: Increment())
        await saved.flush()
        #expect(messages.diagnostics.map(\.kind) == [.persistenceFailed, .persistenceFailed])
    }

    @Test("a value that cannot be encoded is reported, and the file keeps the last good value")
    func encodingFailure() async throws {
        let folder = try makeTemporaryFolder()
        defer { removeFolder(folder) }
        let url = folder.appendingPathComponent("number.json")
        let saved = StatePersistence<NumberState, Double>(fileURL: url, at: \.number)
        let store = Store(with: NumberState(), middleware: [saved])
        store.register(reducer: SetNumberReducer.self)
        let messages = DiagnosticsMessages()
        store.diagnosticsHandler = { messages.diagnostics.append($0) }

        store.dispatch(action: SetNumber(value: 1.5))
        await saved.flush()
        store.dispatch(action: SetNumber(value: .nan))  // JSON has no NaN
        await saved.flush()
        #expect(messages.diagnostics.map(\.kind) == [.persistenceFailed])
        #expect(
            messages.diagnostics.first?.message.hasPrefix(
                "cannot save Double to '\(url.path)': it could not be encoded as JSON") == true)
        #expect(try savedValue(Double.self, at: url) == 1.5)
        #expect(try names(in: folder) == ["number.json"])
    }
}

struct NumberState: StoreState {
    var number = 0.0
}

struct SetNumber: StoreAction {
    let value: Double
}

enum SetNumberReducer: Reducer {
    static func reduce(state: NumberState, with action: SetNumber) -> NumberState {
        NumberState(number: action.value)
    }
}
