import Foundation
import ReMVVMMiddleware
import ReMVVMStore
import ReMVVMTesting
import Testing

@testable import remvvm_demo

@MainActor
@Suite struct DemoAppReplayTests {
    func write(_ text: String, in directory: URL, name: String = "session.jsonl") throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test("a recorded session replays to the same state, screen and history")
    func roundTrip() throws {
        let directory = try DemoProcess.makeDirectory()
        let path = directory.appendingPathComponent("session.jsonl").path
        let recording = try DemoApp.make(style: .plain, recordPath: path, replayPath: nil).get()
        for line in ["login Ada Lovelace", "logout", "login Alan Turing", "undo", "undo", "redo", "state"] {
            _ = recording.execute(line: line)
        }
        let replaying = try DemoApp.make(style: .plain, recordPath: nil, replayPath: path).get()
        #expect(replaying.start().standardOutput == Expected.loginScreen)
        #expect(replaying.store.state.user == recording.store.state.user)
        #expect(replaying.screens == recording.screens)
        #expect(replaying.historyText() == recording.historyText())
    }

    @Test("a recorded session with navigation replays to the same screens, entries and view states")
    func navigationRoundTrip() throws {
        let directory = try DemoProcess.makeDirectory()
        let path = directory.appendingPathComponent("session.jsonl").path
        let recording = try DemoApp.make(style: .plain, recordPath: path, replayPath: nil).get()
        for line in ["login Ada Lovelace", "profile", "back", "profile", "logout", "undo", "back", "profile"]
        {
            _ = recording.execute(line: line)
        }
        let log = try String(contentsOfFile: path, encoding: .utf8)
        #expect(log.contains(#""type":"NavigationAction<Screen>""#))
        #expect(log.contains(#""action":{"push":{"_0":{"profile":{}}}}"#))
        let replaying = try DemoApp.make(style: .plain, recordPath: nil, replayPath: path).get()
        #expect(replaying.start().standardOutput == Expected.profileScreen("Ada", "Lovelace"))
        #expect(replaying.store.state.navigation == recording.store.state.navigation)
        #expect(replaying.render() == recording.render())
    }

    @Test("a replay prints only the screen it ends on, and the log's warnings and gaps on standard error")
    func warnings() throws {
        let directory = try DemoProcess.makeDirectory()
        let path = try write(
            """
            {"seq":1,"type":"LoginAction","action":{"firstName":"Ada","lastName":"Lovelace"}}
            {"seq":2,"type":"Ping","skipped":true}
            {"seq":3,"type":"LogoutAc
            """, in: directory)
        let app = try DemoApp.make(style: .plain, recordPath: nil, replayPath: path).get()
        let start = app.start()
        #expect(start.standardOutput == Expected.greetingsScreen("Ada Lovelace"))
        #expect(
            start.standardError
                == "warning: \(path): line 3: the last line is cut off (the recording stopped while writing it); "
                + "it was left out\n"
                + "warning: \(path): line 2: a Ping was not recorded; replayed without it\n")
    }

    @Test(
        "a bad log is one error naming the file and the line, and nothing is made",
        arguments: [
            ("not json\n", "line 1: not JSON: 'not json'"),
            (
                #"{"seq":1,"type":"Frob","action":{}}"# + "\n",
                "line 1: unknown action type 'Frob' (the replayer knows: LoginAction, LogoutAction, "
                    + "NavigationAction<Screen>, UndoAction, RedoAction)"
            ),
            (
                #"{"seq":1,"type":"LogoutAction","action":{}}"# + "\n"
                    + #"{"seq":2,"type":"LoginAction","action":{"firstName":"Ada"}}"# + "\n",
                "line 2: the LoginAction payload does not decode: missing \"lastName\""
            ),
        ]
    )
    func badLog(text: String, problem: String) throws {
        let directory = try DemoProcess.makeDirectory()
        let path = try write(text, in: directory)
        let record = directory.appendingPathComponent("record.jsonl")
        let result = DemoApp.make(style: .plain, recordPath: record.path, replayPath: path)
        #expect(
            result.map { _ in "made" }
                == .failure(
                    CommandError(
                        message: "cannot replay \(CommandError.quoted(path)): \(problem)",
                        hint: "replay a file written by: remvvm-demo --record FILE")))
        // The log was checked before the recording started.
        #expect(!FileManager.default.fileExists(atPath: record.path))
    }

    @Test("replaying and recording one file records the replayed actions, then the new ones")
    func sameFile() throws {
        let directory = try DemoProcess.makeDirectory()
        let path = try write(
            #"{"seq":1,"type":"LoginAction","action":{"firstName":"Ada","lastName":"Lovelace"}}"# + "\n",
            in: directory)
        let app = try DemoApp.make(style: .plain, recordPath: path, replayPath: path, clock: TestClock())
            .get()
        _ = app.execute(line: "logout")
        #expect(
            try String(contentsOfFile: path, encoding: .utf8)
                == #"{"seq":1,"type":"LoginAction","origin":"outside","time":0,"action":{"firstName":"Ada","lastName":"Lovelace"}}"#
                + "\n"
                + #"{"seq":2,"type":"LogoutAction","origin":"outside","time":0,"action":{}}"# + "\n")
    }

    @Test("a file that cannot be recorded to is one error")
    func unwritable() {
        let result = DemoApp.make(style: .plain, recordPath: "/nonexistent-remvvm/x.jsonl", replayPath: nil)
        #expect(
            result.map { _ in "made" }
                == .failure(
                    CommandError(
                        message:
                            "cannot record actions to '/nonexistent-remvvm/x.jsonl': No such file or directory",
                        hint: "check the path and that its folder is writable")))
    }
}
