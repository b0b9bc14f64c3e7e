import Foundation
import ReMVVMMiddleware
import Testing

@testable import remvvm_demo

/// `--record`, `--replay`, `undo`, `redo` and `history`, run through the built executable.
@Suite struct RecordingExecutableTests {
    private let login = Expected.loginScreen
    private func greetings(_ name: String) -> String { Expected.greetingsScreen(name) }

    @Test("a session recorded through a pipe replays from a script to the same screen and state")
    func recordThenReplay() throws {
        let directory = try DemoProcess.makeDirectory()
        let recorded = try DemoProcess.run(
            ["--record", "session.jsonl"],
            input: Array("login Ada Lovelace\nlogout\nlogin Alan Turing\nundo\nstate\n".utf8),
            in: directory)
        #expect(
            recorded
                == RunResult(
                    standardOutput: login + greetings("Ada Lovelace") + login + greetings("Alan Turing")
                        + login
                        + Expected.loggedOutState,
                    standardError: "", status: 0))
        // Real times, which differ between runs: each line has one, and they never go back.
        let written = try String(
            contentsOf: directory.appendingPathComponent("session.jsonl"), encoding: .utf8)
        let times = try ActionLog(text: written).entries.map(\.time)
        #expect(times.count == 4 && times.allSatisfy { $0 != nil })
        #expect(times.compactMap { $0 } == times.compactMap { $0 }.sorted())
        #expect(
            written.replacing(/,"time":[0-9.]+/, with: "")
                == """
                {"seq":1,"type":"LoginAction","origin":"outside","action":{"firstName":"Ada","lastName":"Lovelace"}}
                {"seq":2,"type":"LogoutAction","origin":"outside","action":{}}
                {"seq":3,"type":"LoginAction","origin":"outside","action":{"firstName":"Alan","lastName":"Turing"}}
                {"seq":4,"type":"UndoAction","origin":"outside","restores":3,"action":{}}

                """)

        try Data("state\nredo\nhistory\n".utf8).write(to: directory.appendingPathComponent("more.txt"))
        let replayed = try DemoProcess.run(
            ["--replay", "session.jsonl", "--script", "more.txt"], in: directory)
        #expect(
            replayed
                == RunResult(
                    standardOutput: login + Expected.loggedOutState + greetings("Alan Turing")
                        + """
                        History (jump <n> goes to the state right after action n, skip <n> leaves it out):
                          1. LoginAction(firstName: "Ada", lastName: "Lovelace")
                          2. LogoutAction()
                          3. LoginAction(firstName: "Alan", lastName: "Turing")
                          4. UndoAction()
                          5. RedoAction()

                        """,
                    standardError: "", status: 0))
    }

    @Test("commands as arguments: undo with nothing to undo fails with status 1")
    func undoNothing() throws {
        #expect(
            try DemoProcess.run(["login", "Ada", "Lovelace", ";", "undo", ";", "undo"])
                == RunResult(
                    standardOutput: login + greetings("Ada Lovelace") + login,
                    standardError:
                        "error: command 3: nothing to undo ('history' lists the session's actions)\n",
                    status: 1))
    }

    static let badFiles: [(String, [UInt8]?, String)] = [
        ("missing.jsonl", nil, "cannot replay 'missing.jsonl': No such file or directory"),
        ("bad.jsonl", Array("not json\n".utf8), "cannot replay 'bad.jsonl': line 1: not JSON: 'not json'"),
        (
            "bad.jsonl",
            Array(
                (#"{"seq":1,"type":"LoginAction","action":{"firstName":"A","lastName":"B"}}"# + "\n"
                    + #"{"seq":2,"type":"Frob","action":{}}"# + "\n").utf8),
            "cannot replay 'bad.jsonl': line 2: unknown action type 'Frob' "
                + "(the replayer knows: LoginAction, LogoutAction, NavigationAction<Screen>, UndoAction, "
                + "RedoAction)"
        ),
        (
            "bad.jsonl",
            Array((#"{"seq":1,"type":"LoginAction","action":{"firstName":1}}"# + "\n").utf8),
            "cannot replay 'bad.jsonl': line 1: the LoginAction payload does not decode: "
                + "\"firstName\": expected a string"
        ),
        (
            "bad.jsonl",
            Array((#"{"seq":2,"type":"LogoutAction","action":{}}"# + "\n" + #"{"seq":1}"# + "\n").utf8),
            "cannot replay 'bad.jsonl': line 2: not an action log entry: missing \"type\""
        ),
    ]

    @Test("a bad file to replay: one error line, status 1, and nothing on the screen", arguments: badFiles)
    func badReplay(name: String, contents: [UInt8]?, message: String) throws {
        let directory = try DemoProcess.makeDirectory()
        if let contents { try Data(contents).write(to: directory.appendingPathComponent(name)) }
        let result = try DemoProcess.run(
            ["--replay", name], input: Array("state\n".utf8), in: directory)
        #expect(
            result
                == RunResult(
                    standardOutput: "",
                    standardError:
                        "error: \(message) (replay a file written by: remvvm-demo --record FILE)\n",
                    status: 1))
    }

    @Test("a file that cannot be recorded to: one error line, status 1")
    func badRecord() throws {
        #expect(
            try DemoProcess.run(["--record", "no/such/dir/x.jsonl", "state"])
                == RunResult(
                    standardOutput: "",
                    standardError: "error: cannot record actions to 'no/such/dir/x.jsonl': No such file or "
                        + "directory (check the path and that its folder is writable)\n",
                    status: 1))
    }

    @Test(
        "bad options name the option",
        arguments: [
            (["--replay"], "error: --replay needs a file name (try: remvvm-demo --replay session.jsonl)\n"),
            (["--record="], "error: --record needs a file name (try: remvvm-demo --record session.jsonl)\n"),
            (["--record", "a", "--record=b"], "error: --record was given twice (give one file)\n"),
        ]
    )
    func badOptions(arguments: [String], error: String) throws {
        #expect(
            try DemoProcess.run(arguments) == RunResult(standardOutput: "", standardError: error, status: 1))
    }

    @Test("a recording killed with SIGKILL mid-session replays to the state of its last complete line")
    @MainActor
    func killed() throws {
        let directory = try DemoProcess.makeDirectory()
        let log = directory.appendingPathComponent("session.jsonl")
        // Far more commands than the demo runs before the kill, so it is killed while running.
        var input = ""
        for number in 1...50_000 { input += "login u\(number) v\(number)\nlogout\n" }
        let inputURL = directory.appendingPathComponent("input.txt")
        try Data(input.utf8).write(to: inputURL)

        let process = try DemoProcess.start(arguments: ["--record", log.path], input: inputURL)
        // Wait (at most about 30 s) until some hundreds of actions are recorded, then kill it.
        for _ in 0..<3_000 {
            let size = (try? FileManager.default.attributesOfItem(atPath: log.path)[.size] as? Int) ?? 0
            if size > 20_000 || !process.isRunning { break }
            usleep(10_000)
        }
        #expect(process.isRunning, "the demo ended before it was killed")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == SIGKILL)

        // What the file holds: complete lines, then perhaps the start of one.
        let bytes = try Data(contentsOf: log)
        let text = String(decoding: bytes, as: UTF8.self)
        var complete = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let partial = complete.removeLast()
        try #require(complete.count >= 100)
        // Cut the log inside a line too, as a kill during a write would.
        var cut = bytes
        cut.append(contentsOf: Array(#"{"seq":99999999,"type":"LoginAc"#.utf8))
        let cutURL = directory.appendingPathComponent("cut.jsonl")
        try cut.write(to: cutURL)

        for (url, expectedWarnings) in [(log, partial.isEmpty ? 0 : 1), (cutURL, 1)] {
            let parsed = try ActionLog(contentsOf: url)
            #expect(parsed.entries.count == complete.count)
            #expect(parsed.warnings.count == expectedWarnings)
            // The state the last complete line leads to: its user, or nobody after a logout.
            let last = try #require(complete.last)
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
            let action =
                object["type"] as? String == "LoginAction" ? object["action"] as? [String: String] : nil
            let expected = action.map {
                User(firstName: $0["firstName"] ?? "", lastName: $0["lastName"] ?? "")
            }
            let app = try DemoApp.make(style: .plain, recordPath: nil, replayPath: url.path).get()
            #expect(app.store.state.user == expected)
            #expect(object["seq"] as? Int == complete.count)
        }
    }
}
