import Foundation
import ReMVVMMiddleware
import ReMVVMStore
import ReMVVMTesting
import Testing

@testable import remvvm_demo

/// `--idle-timeout` in process, on a `TestClock`: time moves only when a test says so, and
/// nothing sleeps for real.
@MainActor
@Suite struct IdleTimeoutTests {
    /// What the app printed on its own, between commands.
    final class BetweenCommands {
        var chunks: [OutputChunk] = []
    }

    /// An app with a 300-second idle timeout on `clock`, its first screen shown, Ada logged
    /// in, and what it prints between commands collected.
    static func loggedInApp(clock: TestClock, timeout: Duration = .seconds(300)) -> (DemoApp, BetweenCommands)
    {
        let app = DemoApp(idleTimeout: timeout, clock: clock)
        let between = BetweenCommands()
        app.outputBetweenCommands = { between.chunks += $0 }
        _ = app.start()
        _ = app.execute(line: "login Ada Lovelace")
        return (app, between)
    }

    static let loggedOutAfter300 = [
        OutputChunk(stream: .standardOutput, text: "No command for 300 seconds: logged out.\n"),
        OutputChunk(stream: .standardOutput, text: Expected.loginScreen),
    ]

    @Test(
        "without a command for the timeout, the user is logged out and the login screen comes back, with why")
    func logsOut() async {
        let clock = TestClock()
        let (app, between) = Self.loggedInApp(clock: clock)
        await clock.advance(by: .seconds(299))
        #expect(app.store.state.user == User(firstName: "Ada", lastName: "Lovelace"))
        #expect(between.chunks.isEmpty)

        await clock.advance(by: .seconds(1))
        #expect(app.store.state.user == nil)
        #expect(app.screens == [.login])
        #expect(between.chunks == Self.loggedOutAfter300)
        // The timer ended; nothing else waits.
        #expect(clock.sleeperCount == 0)
        await app.store.idle()
        // The session's actions are the login and the logout: the activity was never kept.
        #expect(app.timeline.entries.map { "\(type(of: $0.action))" } == ["LoginAction", "LogoutAction"])
    }

    @Test(
        "every command starts the wait again, one that fails or changes nothing too",
        arguments: [
            "state", "help", "history", "trace off", "frob", "", "login Grace Hopper", "profile", "back",
        ]
    )
    func commandsRestart(line: String) async {
        let clock = TestClock()
        let (app, between) = Self.loggedInApp(clock: clock)
        await clock.advance(by: .seconds(200))
        _ = app.execute(line: line)
        await clock.advance(by: .seconds(299))
        #expect(app.store.state.user != nil, "logged out 299 s after '\(line)'")
        #expect(between.chunks.isEmpty)
        await clock.advance(by: .seconds(1))
        #expect(app.store.state.user == nil, "still logged in 300 s after '\(line)'")
        #expect(between.chunks.first == Self.loggedOutAfter300.first)
    }

    @Test(
        "input that never reaches the app as a command starts the wait again too: bad words, a line not UTF-8"
    )
    func rejectedInputRestarts() async {
        let clock = TestClock()
        let (app, between) = Self.loggedInApp(clock: clock)
        let session = Session(app: app, source: .pipe) { _ in }
        #expect(app.outputBetweenCommands != nil)
        await clock.advance(by: .seconds(200))
        session.run(words: ["login"], number: 1)
        await clock.advance(by: .seconds(200))
        session.run(line: [0x41, 0xFF], number: 2)
        await clock.advance(by: .seconds(299))
        #expect(app.store.state.user != nil)
        #expect(session.hasFailed)
        await clock.advance(by: .seconds(1))
        #expect(app.store.state.user == nil)
        // The session took the output between commands over from the test's collector.
        #expect(between.chunks.isEmpty)
    }

    @Test("logout ends the wait, and with nobody logged in nothing waits")
    func logoutCancels() async {
        let clock = TestClock()
        let (app, between) = Self.loggedInApp(clock: clock)
        await clock.advance(by: .seconds(100))
        #expect(clock.sleeperCount == 1)
        _ = app.execute(line: "logout")
        await clock.advance(by: .zero)
        #expect(clock.sleeperCount == 0)
        await app.store.idle()
        _ = app.execute(line: "state")
        await clock.advance(by: .seconds(1_000))
        #expect(clock.sleeperCount == 0)
        #expect(between.chunks.isEmpty)
        #expect(app.timeline.entries.map { "\(type(of: $0.action))" } == ["LoginAction", "LogoutAction"])
    }

    @Test("an undo or a jump back to nobody logged in ends the wait; one back to a login starts it")
    func timeTravel() async {
        let clock = TestClock()
        let (app, between) = Self.loggedInApp(clock: clock)
        _ = app.execute(line: "undo")
        #expect(app.store.state.user == nil)
        await clock.advance(by: .zero)
        #expect(clock.sleeperCount == 0)
        _ = app.execute(line: "jump 1")
        #expect(app.store.state.user != nil)
        await clock.advance(by: .seconds(300))
        #expect(app.store.state.user == nil)
        #expect(between.chunks == Self.loggedOutAfter300)
    }

    @Test("a user restored from --state waits from the first screen on")
    func restoredUser() async {
        let clock = TestClock()
        let app = DemoApp(
            user: User(firstName: "Ada", lastName: "Lovelace"), idleTimeout: .milliseconds(1_500),
            clock: clock)
        let between = BetweenCommands()
        app.outputBetweenCommands = { between.chunks += $0 }
        #expect(app.start().standardOutput == Expected.greetingsScreen("Ada Lovelace"))
        await clock.advance(by: .milliseconds(1_499))
        #expect(app.store.state.user != nil)
        await clock.advance(by: .milliseconds(1))
        #expect(app.store.state.user == nil)
        #expect(between.chunks.first?.text == "No command for 1.5 seconds: logged out.\n")
    }

    @Test("with nobody to take it, the logout's output waits for the next command")
    func outputWaits() async {
        let clock = TestClock()
        let app = DemoApp(idleTimeout: .seconds(1), clock: clock)
        _ = app.start()
        _ = app.execute(line: "login Ada Lovelace")
        await clock.advance(by: .seconds(1))
        #expect(app.store.state.user == nil)
        #expect(
            app.execute(line: "state").standardOutput
                == "No command for 1 second: logged out.\n" + Expected.loginScreen + Expected.loggedOutState)
    }

    @Test(
        "the idle logout is recorded as the user's own logout, so its replay ends logged out without a timer")
    func recordAndReplay() async throws {
        let folder = try DemoProcess.makeDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("session.jsonl")
        let clock = TestClock()
        let app = DemoApp(recorder: ActionRecorder(fileURL: log), idleTimeout: .seconds(300), clock: clock)
        _ = app.start()
        _ = app.execute(line: "login Ada Lovelace")
        await clock.advance(by: .seconds(300))
        #expect(app.store.state.user == nil)

        let recorded = try ActionLog(contentsOf: log)
        #expect(recorded.entries.map(\.typeName) == ["LoginAction", "LogoutAction"])
        #expect(recorded.entries.map(\.origin) == [.outside, .outside])

        let replayed = try DemoApp.make(style: .plain, recordPath: nil, replayPath: log.path).get()
        #expect(replayed.store.state.user == nil)
        #expect(replayed.screens == [.login])
    }

    @Test(
        "the timeout reads as a person would say it",
        arguments: [
            (Duration.seconds(1), "1 second"), (.seconds(300), "300 seconds"),
            (.milliseconds(500), "0.5 seconds"),
            (.milliseconds(1_250), "1.25 seconds"),
        ])
    func described(duration: Duration, text: String) {
        #expect(DemoApp.describe(duration) == text)
    }
}
