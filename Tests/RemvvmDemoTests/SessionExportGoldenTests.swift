import Foundation
import ReMVVMMiddleware
import ReMVVMStore
import ReMVVMTesting
import Testing

@testable import remvvm_demo

/// Two more golden session tests, recorded in process on a `TestClock` so that their times are
/// the same on every run, exported, and compared with the checked-in files, which CI compiles
/// and runs as tests of this target: they import the library plainly (`@testable` only the
/// demo) and state the navigation through its public `apply`.
@MainActor
@Suite struct SessionExportGoldenTests {
    /// A checked-in export and the session it comes from.
    struct Golden: Sendable, CustomTestStringConvertible {
        /// The log's file name, which names the suite.
        let logName: String
        /// The commands, one a line.
        let commands: [String]
        /// How long the session stays idle after the last command, for the idle timeout.
        let idleAfter: Duration?

        var testDescription: String { logName }

        /// The golden file: named after the suite, which is named after the log.
        let fileName: String
    }

    nonisolated static let goldens = [
        Golden(
            logName: "profile", commands: ["login Ada Lovelace", "profile", "back", "logout"], idleAfter: nil,
            fileName: "RecordedProfileTests.swift"),
        Golden(
            logName: "undo-and-idle", commands: ["login Ada Lovelace", "profile", "undo", "redo", "back"],
            idleAfter: .seconds(300), fileName: "RecordedUndoAndIdleTests.swift"),
    ]

    /// The idle timeout of the sessions that have one.
    nonisolated static let idleTimeout = Duration.seconds(300)

    /// Records `golden`'s session and returns the log's path.
    static func record(_ golden: Golden, in directory: URL) async throws -> String {
        let path = directory.appendingPathComponent(golden.logName + ".jsonl").path
        let clock = TestClock()
        let app = try DemoApp.make(
            style: .plain, recordPath: path, replayPath: nil,
            idleTimeout: golden.idleAfter == nil ? nil : idleTimeout, clock: clock
        ).get()
        for command in golden.commands {
            #expect(app.execute(line: command).error == nil, "\(command)")
            await clock.advance(by: .seconds(1))
        }
        if let idle = golden.idleAfter {
            await clock.advance(by: idle)
            #expect(app.store.state.user == nil)
        }
        return path
    }

    @Test("a recorded demo session exports to its checked-in golden test", arguments: goldens)
    func golden(_ golden: Golden) async throws {
        let path = try await Self.record(golden, in: try DemoProcess.makeDirectory())
        let exported = try DemoApp.exportTest(logPath: path).get()
        #expect(DemoApp.suiteName(forLog: golden.logName) + ".swift" == golden.fileName)
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            golden.fileName)
        if ProcessInfo.processInfo.environment["REMVVM_REGENERATE_GOLDEN"] == "1" {
            try exported.write(to: url, atomically: true, encoding: .utf8)
        }
        let checkedIn = try String(contentsOf: url, encoding: .utf8)
        #expect(
            exported == checkedIn,
            Comment(
                rawValue:
                    "the export differs from Tests/RemvvmDemoTests/\(golden.fileName); if the change is "
                    + "meant, regenerate it: REMVVM_REGENERATE_GOLDEN=1 swift test --filter SessionExportGoldenTests"
            ))
        // What the files must not hold: a library module imported for its internals, a private
        // field of a library type, an action written as a JSON decode.
        for forbidden in ["@testable import ReMVVM", "shownEntries", "modalStarts", "nextID", "JSONDecoder"] {
            #expect(!exported.contains(forbidden), "\(forbidden)")
        }
    }

    @Test("the session with undo, redo and an idle logout exports whole, and the test moves the clock")
    func undoAndIdle() async throws {
        let path = try await Self.record(Self.goldens[1], in: try DemoProcess.makeDirectory())
        let log = try ActionLog(contentsOf: URL(fileURLWithPath: path))
        #expect(
            log.entries.map(\.typeName) == [
                "LoginAction", "NavigationAction<Screen>", "UndoAction", "RedoAction",
                "NavigationAction<Screen>",
                "LogoutAction",
            ])
        // The undo brings back the state before the push (line 2), the redo the state before the
        // undo (line 3); the idle logout comes the 300 seconds of the timeout after the last command.
        #expect(
            log.entries.map(\.restored) == [
                nil, nil, .stateBefore(sequenceNumber: 2), .stateBefore(sequenceNumber: 3), nil, nil,
            ])
        #expect(
            log.entries.map(\.time) == [
                .seconds(0), .seconds(1), .seconds(2), .seconds(3), .seconds(4), .seconds(304),
            ])
        let exported = try DemoApp.exportTest(logPath: path).get()
        // The undo takes the navigation back to an earlier identifier counter: built anew.
        #expect(
            exported.contains(
                "try await store.send(UndoAction()) {\n            $0.navigation = NavigationState(root: Screen.login)\n"
                    + "            $0.navigation.apply(.present(Screen.greetings))\n        }\n"))
        #expect(
            exported.contains(
                "try await store.send(RedoAction()) {\n            $0.navigation.apply(.push(Screen.profile))\n"
            ))
        #expect(
            exported.contains(
                "await clock.advance(by: .seconds(300))\n        try await store.send(LogoutAction())"))
        #expect(exported.contains("try await store.send(NavigationAction<Screen>.pop(count: 1)) {"))
    }
}
