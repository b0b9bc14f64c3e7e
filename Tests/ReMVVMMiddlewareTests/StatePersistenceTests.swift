import Foundation
import ReMVVMMiddleware
import ReMVVMStore
import ReMVVMTesting
import Testing

@Suite("StatePersistence")
@MainActor
struct StatePersistenceTests {
    @Test("a changed part is saved, and the next launch restores it")
    func savesAndRestores() async throws {
        let folder = try makeTemporaryFolder()
        defer { removeFolder(folder) }
        let url = folder.appendingPathComponent("name.json")

        let saved = StatePersistence<TestState, String?>(fileURL: url, at: \.name)
        var state = TestState(factory: CompositeViewModelFactory())
        #expect(try saved.restore(into: &state) == .missing)
        #expect(state.name == nil)
        let (store, messages) = makePersistentStore(state: state, middleware: [saved])
        store.dispatch(action: Rename(name: "Ada"))
        await saved.flush()
        #expect(try savedValue(String?.self, at: url) == "Ada")
        #expect(String(decoding: try Data(contentsOf: url), as: UTF8.self) == #"{"value":"Ada","version":1}"#)
        #expect(saved.writeCount == 1)
        #expect(messages.diagnostics.isEmpty)
        // Only the file is left: no temporary file.
        #expect(try names(in: folder) == ["name.json"])

        let relaunched = StatePersistence<TestState, String?>(fileURL: url, at: \.name)
        var next = TestState(factory: CompositeViewModelFactory())
        #expect(try relaunched.restore(into: &next) == .restored)
        #expect(next.name == "Ada")
        #expect(next.count == 0)
    }

    @Test("an action that leaves the part alone writes nothing; setting it back writes again")
    func unchangedPartIsNotWritten() async throws {
        let folder = try makeTemporaryFolder()
        defer { removeFolder(folder) }
        let url = folder.appendingPathComponent("name.json")
        let saved = StatePersistence<TestState, String?>(fileURL: url, at: \.name)
        let (store, _) = makePersistentStore(middleware: [saved])

        store.dispatch(action: Increment())
        store.dispatch(action: Rename(name: nil))  // reduced, but the name was already nil
        await saved.flush()
        #expect(saved.writeCount == 0)
        #expect(!FileManager.default.fileExists(atPath: url.path))

        store.dispatch(action: Rename(name: "Ada"))
        await saved.flush()
        store.dispatch(action: Rename(name: "Ada"))
        store.dispatch(action: Increment())
        await saved.flush()
        #expect(saved.writeCount == 1)
        store.dispatch(action: Rename(name: nil))
        await saved.flush()
        #expect(saved.writeCount == 2)
        #expect(try savedValue(String?.self, at: url) == nil)
    }

    @Test("1,000 changes in one main-actor turn make at most 3 writes, and the file ends with the last")
    func coalesces() async throws {
        let folder = try makeTemporaryFolder()
        defer { removeFolder(folder) }
        let url = folder.appendingPathComponent("count.json")
        let saved = StatePersistence<TestState, Int>(fileURL: url, at: \.count)
        let (store, _) = makePersistentStore(middleware: [saved])

        for _ in 1...1_000 {
            store.dispatch(action: Increment())
        }
        #expect(saved.writeCount == 0, "no write finished on the main actor, during the burst")
        await saved.flush()
        #expect(saved.writeCount >= 1)
        #expect(saved.writeCount <= 3)
        #expect(try savedValue(Int.self, at: url) == 1_000)
        print("1,000 changes in one turn: \(saved.writeCount) write(s)")
    }

    @Test("changes that come while a write is in flight coalesce, and the latest wins")
    func coalescesWhileWriting() async throws {
        let folder = try makeTemporaryFolder()
        defer { removeFolder(folder) }
        let url = folder.appendingPathComponent("count.json")
        let saved = StatePersistence<TestState, Int>(fileURL: url, at: \.count)
        let (store, _) = makePersistentStore(middleware: [saved])

        // 200 changes, each in its own main-actor turn, while writes go on.
        for _ in 1...200 {
            store.dispatch(action: Increment())
            await Task.yield()
        }
        await saved.flush()
        #expect(saved.writeCount >= 1)
        #expect(saved.writeCount <= 200)
        #expect(try savedValue(Int.self, at: url) == 200)
    }

    @Test("the main actor is not blocked while a 10 MB value is written")
    func mainActorStaysFree() async throws {
        let folder = try makeTemporaryFolder()
        defer { removeFolder(folder) }
        let url = folder.appendingPathComponent("big.json")
        let saved = StatePersistence<TestState, String?>(fileURL: url, at: \.name)
        let (store, _) = makePersistentStore(middleware: [saved])
        let big = String(repeating: "0123456789", count: 1_000_000)
        let clock = ContinuousClock()

        let start = clock.now
        store.dispatch(action: Rename(name: big))
        let dispatchTime = clock.now - start
        let writtenByDispatch = FileManager.default.fileExists(atPath: url.path)
        // This test now holds the main actor, never suspending, until the file is there (the
        // rename makes it appear whole): the encoding and the write must not need the main
        // actor. Other tests that hold the main actor cannot slow this down either.
        var polls = 0
        while !FileManager.default.fileExists(atPath: url.path), clock.now - start < .seconds(60) {
            polls += 1
            usleep(200)
        }
        let writeTime = clock.now - start
        #expect(
            FileManager.default.fileExists(atPath: url.path),
            "the file was not written while the main actor was busy")
        // Had the dispatch written the value itself, the file would have been there when it
        // returned, and it would have taken the whole write time. (Either alone could happen
        // to a correct dispatch that the system suspended at the wrong moment; not both.)
        #expect(
            !writtenByDispatch || dispatchTime * 4 < writeTime,
            "dispatch took \(dispatchTime) and the file was there when it returned; the write took \(writeTime)"
        )
        #expect(saved.writeCount == 0, "the writer has not been back to the main actor yet")
        await saved.flush()
        #expect(saved.writeCount == 1)
        #expect(try savedValue(String?.self, at: url) == big)
        print(
            "10 MB value: dispatch returned after \(dispatchTime); the file was written after \(writeTime), "
                + "while the main actor was held by the test (\(polls) polls)")
    }

    @Test("several parts are saved by several persistences in one store, to different files")
    func severalParts() async throws {
        let folder = try makeTemporaryFolder()
        defer { removeFolder(folder) }
        let countURL = folder.appendingPathComponent("count.json")
        let nameURL = folder.appendingPathComponent("name.json")
        let count = StatePersistence<TestState, Int>(fileURL: countURL, at: \.count)
        let name = StatePersistence<TestState, String?>(fileURL: nameURL, at: \.name)
        let (store, _) = makePersistentStore(middleware: [count, name])

        store.dispatch(action: Increment(by: 5))
        store.dispatch(action: Rename(name: "Grace"))
        store.dispatch(action: Increment(by: 2))
        await count.flush()
        await name.flush()
        #expect(try savedValue(Int.self, at: countURL) == 7)
        #expect(try savedValue(String?.self, at: nameURL) == "Grace")
        #expect(name.writeCount == 1)

        var state = TestState(factory: CompositeViewModelFactory())
        #expect(
            try StatePersistence<TestState, Int>(fileURL: countURL, at: \.count).restore(into: &state)
                == .restored)
        #expect(
            try StatePersistence<TestState, String?>(fileURL: nameURL, at: \.name).restore(into: &state)
                == .restored)
        #expect(state == TestState(factory: CompositeViewModelFactory(), count: 7, name: "Grace"))
    }

    @Test("the first write makes the file's folder, two levels deep, and the file decodes")
    func makesTheFolder() async throws {
        let folder = try makeTemporaryFolder()
        defer { removeFolder(folder) }
        let deep = folder.appendingPathComponent("Application Support").appendingPathComponent("state")
        let url = deep.appendingPathComponent("name.json")

        let saved = StatePersistence<TestState, String?>(fileURL: url, at: \.name)
        var state = TestState(factory: CompositeViewModelFactory())
        #expect(try saved.restore(into: &state) == .missing)
        #expect(try names(in: folder).isEmpty, "restoring makes no folder")
        let (store, messages) = makePersistentStore(state: state, middleware: [saved])
        store.dispatch(action: Rename(name: "Ada"))
        await saved.flush()

        #expect(messages.diagnostics.isEmpty)
        #expect(saved.writeCount == 1)
        #expect(try savedValue(String?.self, at: url) == "Ada")
        // A folder (its listing would throw otherwise), holding the file alone.
        #expect(try names(in: deep) == ["name.json"])

        var next = TestState(factory: CompositeViewModelFactory())
        #expect(
            try StatePersistence<TestState, String?>(fileURL: url, at: \.name).restore(into: &next)
                == .restored)
        #expect(next.name == "Ada")
    }

    @Test(
        "a file where a folder should be: restore says .missing, a write fails once, and saving resumes once it is a folder"
    )
    func fileInTheFolderPlace() async throws {
        let folder = try makeTemporaryFolder()
        defer { removeFolder(folder) }
        let blocker = folder.appendingPathComponent("blocker")
        try Data("not a folder".utf8).write(to: blocker)
        let url = blocker.appendingPathComponent("state").appendingPathComponent("name.json")

        let saved = StatePersistence<TestState, String?>(fileURL: url, at: \.name)
        var state = TestState(factory: CompositeViewModelFactory(), name: "default")
        #expect(try saved.restore(into: &state) == .missing)
        #expect(state.name == "default")
        #expect(try names(in: folder) == ["blocker"], "nothing was set aside")

        let (store, messages) = makePersistentStore(state: state, middleware: [saved])
        store.dispatch(action: Rename(name: "Ada"))
        await saved.flush()
        #expect(saved.writeCount == 0)
        #expect(messages.diagnostics.map(\.kind) == [.persistenceFailed])
        #expect(
            messages.diagnostics.first?.message
                == "cannot save Optional<String> to '\(url.path)': '\(blocker.path)' is not a folder; "
                + "the next change will try again")

        // Still failing: tried again, not reported again.
        store.dispatch(action: Rename(name: "Grace"))
        await saved.flush()
        #expect(saved.writeCount == 0)
        #expect(messages.diagnostics.count == 1)
        #expect(try String(contentsOf: blocker, encoding: .utf8) == "not a folder", "the file is left alone")

        // Once the file makes way for a folder, the next change is saved.
        try FileManager.default.removeItem(at: blocker)
        try FileManager.default.createDirectory(at: blocker, withIntermediateDirectories: false)
        store.dispatch(action: Rename(name: "Hopper"))
        await saved.flush()
        #expect(saved.writeCount == 1)
        #expect(try savedValue(String?.self, at: url) == "Hopper")
        #expect(messages.diagnostics.count == 1)
    }

    #if os(Linux)
        @Test(
            "a folder that cannot be made is a write failure, reported once with the folder and the reason",
            .enabled(if: FileManager.default.fileExists(atPath: "/proc/version"))
        )
        func folderCannotBeMade() async throws {
            // procfs refuses every mkdir, even to root.
            let missing = "/proc/remvvm-\(UUID().uuidString)"
            let url = URL(fileURLWithPath: missing + "/state/name.json")
            let saved = StatePersistence<TestState, String?>(fileURL: url, at: \.name)
            let (store, messages) = makePersistentStore(middleware: [saved])

            store.dispatch(action: Rename(name: "Ada"))
            await saved.flush()
            store.dispatch(action: Rename(name: "Grace"))
            await saved.flush()
            #expect(saved.writeCount == 0)
            #expect(messages.diagnostics.map(\.kind) == [.persistenceFailed])
            #expect(
                messages.diagnostics.first?.message.hasPrefix(
                    "cannot save Optional<String> to '\(url.path)': cannot create the folder '\(missing)': ")
                    == true,
                "\(messages.diagnostics)")
        }
    #endif

    @Test("part is the key path the persistence was made with")
    func part() {
        let name = StatePersistence<TestState, String?>(
            fileURL: URL(fileURLWithPath: "/nowhere/name.json"), at: \.name)
        let count = StatePersistence<TestState, Int>(
            fileURL: URL(fileURLWithPath: "/nowhere/count.json"), at: \.count)
        #expect(name.part == \TestState.name)
        #expect(count.part == \TestState.count)
        #expect(name.fileURL.path == "/nowhere/name.json")
        var state = TestState(factory: CompositeViewModelFactory())
        state[keyPath: name.part] = "Ada"
        #expect(state.name == "Ada")
    }

    @Test("a TestStore flow with persistence in a temporary folder")
    func testStoreFlow() async throws {
        let folder = try makeTemporaryFolder()
        defer { removeFolder(folder) }
        let url = folder.appendingPathComponent("name.json")
        try Data(#"{"value":"Ada","version":1}"#.utf8).write(to: url)

        let saved = StatePersistence<TestState, String?>(fileURL: url, at: \.name)
        var state = TestState(factory: CompositeViewModelFactory())
        #expect(try saved.restore(into: &state) == .restored)
        let store = TestStore(with: state, middleware: [saved])
        store.register(reducer: RenameReducer.self)
        store.register(reducer: IncrementReducer.self)

        try await store.send(Increment()) { $0.count = 1 }
        try await store.send(Rename(name: "Grace")) { $0.name = "Grace" }
        try await store.finish()
        await saved.flush()
        #expect(try savedValue(String?.self, at: url) == "Grace")
        #expect(saved.writeCount == 1)
    }
}
