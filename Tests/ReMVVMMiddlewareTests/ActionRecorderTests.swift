import Foundation
import ReMVVMMiddleware
import ReMVVMStore
import ReMVVMTesting
import Testing

@MainActor
@Suite struct ActionRecorderTests {
    @Test("each dispatched action is one JSON line: sequence number, type name, payload")
    func format() throws {
        try withTemporaryFile { (url: URL) throws in
            let recorder = ActionRecorder(fileURL: url)
            let (store, log) = makeStore(middleware: [recorder], clock: TestClock())
            store.dispatch(action: Increment(by: 2))
            store.dispatch(action: Rename(name: "Ada \"the first\"\n/Lovelace"))
            store.dispatch(action: Rename(name: nil))
            #expect(
                try lines(of: url) == [
                    #"{"seq":1,"type":"Increment","origin":"outside","time":0,"action":{"by":2}}"#,
                    #"{"seq":2,"type":"Rename","origin":"outside","time":0,"action":{"name":"Ada \"the first\"\n/Lovelace"}}"#,
                    #"{"seq":3,"type":"Rename","origin":"outside","time":0,"action":{}}"#,
                ])
            #expect(recorder.lastSequenceNumber == 3)
            #expect(recorder.isRecording)
            #expect(recorder.failure == nil)
            #expect(log.kinds.isEmpty)
            #expect(store.state.count == 2)
        }
    }

    @Test("an action that is not Codable leaves a skipped line naming its type, and numbering goes on")
    func skipped() throws {
        try withTemporaryFile { (url: URL) throws in
            let recorder = ActionRecorder(fileURL: url)
            let (store, _) = makeStore(middleware: [recorder], clock: TestClock())
            store.dispatch(action: Ping())
            store.dispatch(action: Measure(value: .nan))
            store.dispatch(action: Increment())
            let written = try lines(of: url)
            #expect(written.count == 3)
            #expect(written[0] == #"{"seq":1,"type":"Ping","origin":"outside","time":0,"skipped":true}"#)
            #expect(
                written[1].hasPrefix(
                    #"{"seq":2,"type":"Measure","origin":"outside","time":0,"skipped":true,"reason":"encoding failed: "#
                )
            )
            #expect(
                written[2] == #"{"seq":3,"type":"Increment","origin":"outside","time":0,"action":{"by":1}}"#)
        }
    }

    @Test("each line is in the file when dispatch returns, before the recorder is gone")
    func flushedPerLine() throws {
        try withTemporaryFile { (url: URL) throws in
            let recorder = ActionRecorder(fileURL: url)
            let (store, _) = makeStore(middleware: [recorder], clock: TestClock())
            for number in 1...5 {
                store.dispatch(action: Increment(by: number))
                #expect(try lines(of: url).count == number)
            }
            withExtendedLifetime(recorder) {}
        }
    }

    @Test(
        "actions dispatched by middleware are recorded as follow-ups in the order the store processes them"
    )
    func queuedActions() throws {
        try withTemporaryFile { (url: URL) throws in
            let recorder = ActionRecorder(fileURL: url)
            let (store, _) = makeStore(middleware: [recorder, RenameAfterIncrement()], clock: TestClock())
            store.dispatch(action: Increment())
            store.dispatch(action: Rename(name: "by hand"))
            #expect(
                try lines(of: url) == [
                    #"{"seq":1,"type":"Increment","origin":"outside","time":0,"action":{"by":1}}"#,
                    #"{"seq":2,"type":"Rename","origin":"followUp","time":0,"action":{"name":"incremented"}}"#,
                    #"{"seq":3,"type":"Rename","origin":"outside","time":0,"action":{"name":"by hand"}}"#,
                ])
        }
    }

    @Test("a file that exists is emptied: a recording starts a new log")
    func emptiesFile() throws {
        try withTemporaryFile { (url: URL) throws in
            try Data("old line\n".utf8).write(to: url)
            let recorder = ActionRecorder(fileURL: url)
            #expect(try lines(of: url).isEmpty)
            let (store, _) = makeStore(middleware: [recorder], clock: TestClock())
            store.dispatch(action: Increment())
            #expect(
                try lines(of: url) == [
                    #"{"seq":1,"type":"Increment","origin":"outside","time":0,"action":{"by":1}}"#
                ])
        }
    }

    @Test("an unwritable path is reported once through the store's diagnostics; the store goes on")
    func unwritablePath() throws {
        let recorder = ActionRecorder(fileURL: URL(fileURLWithPath: "/nonexistent-remvvm-dir/session.jsonl"))
        #expect(
            recorder.failure
                == ActionRecorder.Failure(
                    path: "/nonexistent-remvvm-dir/session.jsonl", reason: "No such file or directory"))
        #expect(!recorder.isRecording)
        let (store, _) = makeStore(middleware: [recorder], clock: TestClock())
        var reported: [StoreDiagnostic] = []
        store.diagnosticsHandler = { reported.append($0) }
        store.dispatch(action: Increment())
        store.dispatch(action: Increment())
        #expect(
            reported == [
                StoreDiagnostic(
                    kind: .recordingFailed,
                    message: "cannot record actions to '/nonexistent-remvvm-dir/session.jsonl': "
                        + "No such file or directory; recording stopped")
            ])
        #expect(store.state.count == 2)
    }

    @Test("a path that is a directory is reported with the system's reason")
    func directory() throws {
        let recorder = ActionRecorder(fileURL: FileManager.default.temporaryDirectory)
        #expect(recorder.failure?.reason == "Is a directory")
    }

    @Test(
        "a full disk is reported once, recording stops and the app goes on",
        .enabled(if: FileManager.default.fileExists(atPath: "/dev/full"))
    )
    func diskFull() {
        let recorder = ActionRecorder(fileURL: URL(fileURLWithPath: "/dev/full"))
        #expect(recorder.isRecording)
        let (store, _) = makeStore(middleware: [recorder], clock: TestClock())
        var reported: [StoreDiagnostic] = []
        store.diagnosticsHandler = { reported.append($0) }
        for _ in 1...3 { store.dispatch(action: Increment()) }
        #expect(reported.map(\.kind) == [.recordingFailed])
        #expect(reported.first?.message.contains("No space left on device") == true)
        #expect(!recorder.isRecording)
        #expect(recorder.failure?.reason == "No space left on device")
        #expect(recorder.lastSequenceNumber == 0)
        #expect(store.state.count == 3)
    }
}

/// Dispatches a rename after each increment was reduced.
struct RenameAfterIncrement: Middleware {
    func applyMiddleware(
        for state: TestState, action: Increment, dispatcher: Dispatcher<Increment, TestState>
    ) {
        dispatcher.next { _ in dispatcher.dispatch(action: Rename(name: "incremented")) }
    }
}
