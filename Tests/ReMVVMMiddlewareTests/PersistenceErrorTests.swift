import Foundation
import ReMVVMMiddleware
import ReMVVMStore
import Testing

@Suite("PersistenceError")
@MainActor
struct PersistenceErrorTests {
    @Test("the description names the file, why it could not be restored, and the system's reason")
    func description() {
        let error = PersistenceError(
            path: "/data/state.json", problem: "it is not JSON", reason: "Read-only file system")
        #expect(
            error.description == "cannot set aside '/data/state.json' (it is not JSON): Read-only file system"
        )
    }

    #if os(Linux)
        @Test(
            "a bad file that cannot be set aside: restore throws, the file stays, and nothing is saved over it",
            .enabled(if: FileManager.default.fileExists(atPath: "/proc/version"))
        )
        func cannotSetAside() async throws {
            // procfs refuses every rename, even to root, and /proc/version is readable text
            // that is not JSON.
            let url = URL(fileURLWithPath: "/proc/version")
            let before = try Data(contentsOf: url)
            let saved = StatePersistence<TestState, String?>(fileURL: url, at: \.name)
            var state = TestState(factory: CompositeViewModelFactory(), name: "default")
            let error = try #require(throws: PersistenceError.self) { try saved.restore(into: &state) }
            #expect(error.path == "/proc/version")
            #expect(error.problem == "it is not JSON")
            #expect(!error.reason.isEmpty)
            #expect(state.name == "default")
            #expect(try Data(contentsOf: url) == before)

            let (store, messages) = makePersistentStore(state: state, middleware: [saved])
            store.dispatch(action: Rename(name: "Ada"))
            store.dispatch(action: Rename(name: "Grace"))
            await saved.flush()
            #expect(saved.writeCount == 0)
            #expect(messages.diagnostics.map(\.kind) == [.persistenceFailed])
            #expect(
                messages.diagnostics.first?.message.hasPrefix(
                    "cannot set aside '/proc/version' (it is not JSON): ")
                    == true)
            #expect(
                messages.diagnostics.first?.message.hasSuffix(
                    "; Optional<String> is not saved, so as not to overwrite it") == true)
        }
    #endif
}
