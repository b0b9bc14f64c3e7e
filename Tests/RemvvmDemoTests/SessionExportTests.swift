import Foundation
import ReMVVMMiddleware
import ReMVVMStore
import ReMVVMTesting
import Testing

@testable import remvvm_demo

/// The golden session test, RecordedSessionTests.swift, is the exporter's output for the
/// session below, checked in so that CI compiles and runs it. These tests fail when the
/// exporter's output changes and the golden file was not regenerated.
@MainActor
@Suite struct SessionExportTests {
    /// The demo session the golden file was exported from: login, logout, a failed command,
    /// login again.
    static let session = ["login Ada Lovelace", "logout", "logout", "login Grace Hopper"]

    static let goldenURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("RecordedSessionTests.swift")

    static let regenerate = """
        the exporter's output differs from Tests/RemvvmDemoTests/RecordedSessionTests.swift; if the change \
        is meant, regenerate it: swift run remvvm-demo --record session.jsonl login Ada Lovelace ';' logout \
        ';' logout ';' login Grace Hopper; swift run remvvm-demo --export-test session.jsonl \
        > Tests/RemvvmDemoTests/RecordedSessionTests.swift
        """

    /// Records the session in-process and returns the log's path.
    func recordSession(in directory: URL) throws -> String {
        let path = directory.appendingPathComponent("session.jsonl").path
        // On a TestClock: the recorded times, and so the golden file, are the same on every run.
        let app = try DemoApp.make(style: .plain, recordPath: path, replayPath: nil, clock: TestClock()).get()
        let outcomes = Self.session.map { app.execute(line: $0) }
        #expect(outcomes.map { $0.error == nil } == [true, true, false, true])
        #expect(outcomes[2].error == .notLoggedIn)
        return path
    }

    @Test("a recorded demo session exports to the checked-in golden test")
    func golden() throws {
        let path = try recordSession(in: try DemoProcess.makeDirectory())
        let log = try ActionLog(contentsOf: URL(fileURLWithPath: path))
        #expect(log.entries.map(\.typeName) == ["LoginAction", "LogoutAction", "LoginAction"])
        #expect(log.entries.map(\.origin) == [.outside, .outside, .outside])
        let exported = try DemoApp.exportTest(logPath: path).get()
        let golden = try String(contentsOf: Self.goldenURL, encoding: .utf8)
        #expect(exported == golden, Comment(rawValue: Self.regenerate))
        // The golden file asserts the states, as code built from the values, the navigation's
        // included (the greetings presented again, as a new entry, 3).
        #expect(exported.contains(#"$0.user = User(firstName: "Grace", lastName: "Hopper")"#))
        #expect(exported.contains("$0.navigation.apply(.present(Screen.greetings))\n"))
        #expect(exported.contains("$0.navigation.apply(.dismiss)\n"))
        #expect(!exported.contains("@testable import ReMVVM"))
        #expect(exported.contains("import ReMVVMMiddleware\n"))
        #expect(exported.contains("try await store.send(LogoutAction()) {"))
    }

    @Test("remvvm-demo --export-test prints the golden test, and nothing on standard error")
    func executable() throws {
        let directory = try DemoProcess.makeDirectory()
        _ = try recordSession(in: directory)
        let result = try DemoProcess.run(["--export-test", "session.jsonl"], in: directory)
        #expect(result.status == 0)
        #expect(result.standardError == "")
        #expect(result.standardOutput == (try String(contentsOf: Self.goldenURL, encoding: .utf8)))
    }

    @Test("the exported test's steps pass against the demo's own store, and fail when a state differs")
    func exportedStepsAreChecked() async throws {
        let store = DemoApp.makeTestStore()
        try await store.send(LoginAction(firstName: "Ada", lastName: "Lovelace")) {
            $0.user = User(firstName: "Ada", lastName: "Lovelace")
            $0.navigation.apply(.present(.greetings))
        }
        let failure = await caughtTestStoreFailure {
            try await store.send(LogoutAction()) {
                $0.user = User(firstName: "Ada", lastName: "Lovelace")
            }
        }
        #expect(failure != nil)
    }

    @Test(
        "a log that cannot be exported is one error naming the file and the line, and no test",
        arguments: [
            (
                #"{"seq":1,"type":"LoginAction","origin":"outside","action":{"firstName":"Ada","lastName":"L"}}"#
                    + "\n" + #"{"seq":2,"type":"UndoAction","origin":"outside","action":{}}"# + "\n",
                "line 2: UndoAction cannot be exported into a test: its line does not say which state it "
                    + "brought back (a log recorded before lines said it, or without an UndoHistory in the store); "
                    + "export the session up to the line before (through: 1)"
            ),
            ("not json\n", "line 1: not JSON: 'not json'"),
        ]
    )
    func notExportable(text: String, problem: String) throws {
        let directory = try DemoProcess.makeDirectory()
        let path = directory.appendingPathComponent("session.jsonl").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let result = try DemoProcess.run(["--export-test", "session.jsonl"], in: directory)
        #expect(
            result
                == RunResult(
                    standardOutput: "",
                    standardError: "error: cannot export 'session.jsonl': \(problem) "
                        + "(export a file written by: remvvm-demo --record FILE)\n",
                    status: 1))
    }

    @Test(
        "the suite is named after the log's file, so exports of several sessions compile side by side",
        arguments: [
            ("session.jsonl", "RecordedSessionTests"), ("ada-and-grace.jsonl", "RecordedAdaAndGraceTests"),
            ("2 logins", "Recorded2LoginsTests"), ("--.jsonl", "RecordedSessionTests"),
            ("é.log", "RecordedSessionTests"),
        ])
    func suiteName(file: String, suite: String) throws {
        #expect(
            DemoApp.suiteName(forLog: URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent)
                == suite)
        let directory = try DemoProcess.makeDirectory()
        let path = directory.appendingPathComponent(file).path
        try Data(#"{"seq":1,"type":"LogoutAction","origin":"outside","action":{}}"#.utf8 + [10]).write(
            to: URL(fileURLWithPath: path))
        let source = try DemoApp.exportTest(logPath: path).get()
        #expect(source.contains("@Suite struct \(suite) {\n"))
    }

    @Test("--export-test takes no commands and no other option")
    func alone() {
        #expect(Invocation.parse(words: ["--export-test", "a.jsonl", "state"]) == .failure(.exportTestAlone))
        #expect(
            Invocation.parse(words: ["--record", "b.jsonl", "--export-test", "a.jsonl"])
                == .failure(.exportTestAlone))
        #expect(
            Invocation.parse(words: ["--export-test=a.jsonl"])
                == .success(Invocation(mode: .exportTest(path: "a.jsonl"))))
    }
}
