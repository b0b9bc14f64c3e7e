import Foundation
import Testing

@testable import remvvm_demo

/// `--idle-timeout` end to end: the built demo with a real one-second timeout, talked to while
/// it runs. Each test takes a little over a second.
@Suite struct IdleTimeoutExecutableTests {
    static let loggedOut = "No command for 1 second: logged out.\n"

    @Test("from a pipe: a second without a command brings the login screen back, and the state says so")
    func pipe() async throws {
        let run = try LiveDemoRun(DemoProcess.executable, arguments: ["--idle-timeout", "1"])
        let typed = ContinuousClock.now
        try run.type("login Ada Lovelace\n")
        _ = try #require(await run.waitForOutput("== Greetings =="), "\(run.standardOutput)")
        let loggedOut = try #require(await run.waitForOutput(Self.loggedOut), "\(run.standardOutput)")
        // The wait starts once the login ran, after it was typed; seen late under load, never early.
        #expect(typed.duration(to: loggedOut) >= .seconds(1))
        try run.type("state\n")
        let result = try await run.finish()
        #expect(
            result
                == RunResult(
                    standardOutput: Expected.loginScreen + Expected.greetingsScreen("Ada Lovelace")
                        + Self.loggedOut + Expected.loginScreen + Expected.loggedOutState,
                    standardError: "",
                    status: 0
                )
        )
    }

    @Test(
        "on a terminal: the logout clears the prompt's line, and the prompt comes back under the login screen",
        .enabled(if: DemoProcess.scriptTool != nil, "needs util-linux script for a pseudo-terminal")
    )
    func terminal() async throws {
        let script = try #require(DemoProcess.scriptTool)
        let command = "'\(DemoProcess.executable.path)' --idle-timeout 1"
        let run = try LiveDemoRun(script, arguments: ["--echo", "never", "-qec", command, "/dev/null"])
        try run.type("login Ada Lovelace\n")
        _ = try #require(await run.waitForOutput("== Greetings =="), "\(run.standardOutput)")
        _ = try #require(await run.waitForOutput(Self.loggedOut), "\(run.standardOutput)")
        // The prompt is back: the next line runs as usual.
        _ = try #require(await run.waitForOutput("> ", count: 3), "\(run.standardOutput)")
        try run.type("state\n\u{4}")
        let result = try await run.finish()
        #expect(result.status == 0)
        #expect(
            result.standardOutput.replacingOccurrences(of: "\r\n", with: "\n")
                == DemoTool.banner + Expected.loginScreen
                + "> " + Expected.greetingsScreen("Ada Lovelace")
                // Back to the start of the prompt's line, which is cleared for the output.
                + "> \r\u{1B}[K" + Self.loggedOut + Expected.loginScreen
                + "> " + Expected.loggedOutState
                + "> \n"
        )
    }
}
