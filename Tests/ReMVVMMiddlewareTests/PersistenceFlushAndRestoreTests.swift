import Foundation
import ReMVVMMiddleware
import ReMVVMStore
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// A flush that ends while the part goes on changing, and a restore that never blocks on what is
// not a regular file (issue 39, defects 3 and 4).

private struct Rows: StoreState {
    var rows: [Int]
}

private struct EditFirstRow: StoreAction {}

private enum EditFirstRowReducer: Reducer {
    static func reduce(state: Rows, with action: EditFirstRow) -> Rows {
        var state = state
        state.rows[0] += 1
        return state
    }
}

/// Whether the flush returned, read by the editing loop.
@MainActor
private final class Flag {
    var isSet = false
}

@MainActor
@Suite("StatePersistence: a flush that ends, a restore that never blocks")
struct PersistenceFlushAndRestoreTests {
    @Test("flush returns once the value current at the call is on disk, while the part goes on changing")
    func flushEndsWhileThePartChanges() async throws {
        let folder = try makeTemporaryFolder()
        defer { removeFolder(folder) }
        let url = folder.appendingPathComponent("rows.json")
        let saved = StatePersistence<Rows, [Int]>(fileURL: url, at: \.rows)
        let store = Store(with: Rows(rows: Array(0..<20_000)), middleware: [saved])
        store.register(reducer: EditFirstRowReducer.self)
        let flushed = Flag()
        // Edits the part on the main actor until the flush returned, or until ten more writes
        // ended: each write finds a newer value waiting, so the writes go on while this runs,
        // and a flush that waits for the part to stop changing returns only after the loop.
        // A flush that waits for the value at its call returns after two writes at most.
        let editing = Task { @MainActor in
            let writesBefore = saved.writeCount
            while !flushed.isSet && saved.writeCount < writesBefore + 10 {
                store.dispatch(action: EditFirstRow())
                await Task.yield()
            }
            return flushed.isSet
        }
        store.dispatch(action: EditFirstRow())
        let atCall = store.state.rows[0]
        await saved.flush()
        flushed.isSet = true
        let editsStillGoingOn = await editing.value
        #expect(editsStillGoingOn, "flush waited until the part stopped changing")
        #expect(try savedValue([Int].self, at: url)[0] >= atCall)
        await saved.flush()
        #expect(try savedValue([Int].self, at: url) == store.state.rows)
    }

    @Test("flush with nothing saved returns at once; after a write, it waits for nothing more")
    func flushWithNothingToWait() async throws {
        let folder = try makeTemporaryFolder()
        defer { removeFolder(folder) }
        let url = folder.appendingPathComponent("count.json")
        let saved = StatePersistence<TestState, Int>(fileURL: url, at: \.count)
        await saved.flush()
        let (store, _) = makePersistentStore(middleware: [saved])
        store.dispatch(action: Increment(by: 3))
        await saved.flush()
        #expect(try savedValue(Int.self, at: url) == 3)
        await saved.flush()
        #expect(saved.writeCount == 1)
    }

    @Test("a named pipe at the file's path is set aside as unreadable, without blocking")
    func namedPipeIsSetAside() async throws {
        let folder = try makeTemporaryFolder()
        defer { removeFolder(folder) }
        let url = folder.appendingPathComponent("count.json")
        #expect(mkfifo(url.path, 0o600) == 0)
        // Opens the pipe for writing after 2 s, which ends a read blocked in `open` (the defect):
        // without it, a restore that blocks would hang the test run.
        let path = url.path
        let rescue = Task.detached {
            try await Task.sleep(for: .seconds(2))
            let descriptor = open(path, O_WRONLY | O_NONBLOCK)
            if descriptor >= 0 { close(descriptor) }
        }
        defer { rescue.cancel() }
        let saved = StatePersistence<TestState, Int>(fileURL: url, at: \.count)
        var state = TestState(factory: CompositeViewModelFactory(), count: 7)
        let clock = ContinuousClock()
        let start = clock.now
        let outcome = try saved.restore(into: &state)
        #expect(clock.now - start < .seconds(1))
        guard case .setAside(let aside) = outcome else {
            Issue.record("expected the pipe to be set aside, got \(outcome)")
            return
        }
        #expect(aside.lastPathComponent.hasPrefix("count.json.unreadable-"))
        #expect(state.count == 7)
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }

    #if os(Linux) || canImport(Darwin)
        @Test("a device at the file's path (a link to /dev/null) is not read, and is set aside as unreadable")
        func deviceIsSetAside() async throws {
            let folder = try makeTemporaryFolder()
            defer { removeFolder(folder) }
            let url = folder.appendingPathComponent("count.json")
            try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: "/dev/null")
            let saved = StatePersistence<TestState, Int>(fileURL: url, at: \.count)
            var state = TestState(factory: CompositeViewModelFactory())
            guard case .setAside(let aside) = try saved.restore(into: &state) else {
                Issue.record("expected the link to the device to be set aside")
                return
            }
            #expect(aside.lastPathComponent.hasPrefix("count.json.unreadable-"))
            #expect(FileManager.default.fileExists(atPath: "/dev/null"))
        }
    #endif

    @Test("a regular file reached through a link is restored")
    func linkToARegularFileIsRestored() async throws {
        let folder = try makeTemporaryFolder()
        defer { removeFolder(folder) }
        let target = folder.appendingPathComponent("target.json")
        try Data(#"{"value":5,"version":1}"#.utf8).write(to: target)
        let url = folder.appendingPathComponent("count.json")
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: target.path)
        let saved = StatePersistence<TestState, Int>(fileURL: url, at: \.count)
        var state = TestState(factory: CompositeViewModelFactory())
        #expect(try saved.restore(into: &state) == .restored)
        #expect(state.count == 5)
    }
}
