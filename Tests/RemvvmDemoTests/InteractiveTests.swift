import Foundation
import Testing

@testable import remvvm_demo

@Suite(.enabled(if: DemoProcess.scriptTool != nil, "needs util-linux script for a pseudo-terminal"))
struct InteractiveTests {
    @Test("on a terminal: a banner, a prompt, errors without line numbers that carry on, Ctrl-D quits with 0")
    func session() throws {
        let result = try DemoProcess.runOnTerminal(
            input: "frob\nlogin Ada Lovelace\nstate\n\u{4}", color: false)
        #expect(
            result
                == RunResult(
                    standardOutput: DemoTool.banner + Expected.loginScreen
                        + "> error: unknown command 'frob' (type 'help' to list the commands)\n"
                        + "> " + Expected.greetingsScreen("Ada Lovelace")
                        + "> " + Expected.loggedInState("Ada", "Lovelace")
                        // Ctrl-D ends the prompt's line.
                        + "> \n",
                    standardError: "",
                    status: 0
                )
        )
    }

    @Test("on a terminal: the profile is pushed over the greetings, back pops it, logout closes both")
    func navigation() throws {
        let result = try DemoProcess.runOnTerminal(
            input: "login Ada Lovelace\nprofile\nback\nprofile\nlogout\nback\nstate\n\u{4}", color: false)
        #expect(
            result
                == RunResult(
                    standardOutput: DemoTool.banner + Expected.loginScreen
                        + "> " + Expected.greetingsScreen("Ada Lovelace")
                        + "> " + Expected.profileScreen("Ada", "Lovelace")
                        + "> " + Expected.greetingsScreen("Ada Lovelace")
                        + "> " + Expected.profileScreen("Ada", "Lovelace")
                        + "> " + Expected.loginScreen
                        + "> error: nothing to go back to (back leaves the profile; logout closes the greetings)\n"
                        + "> " + Expected.loggedOutState
                        + "> \n",
                    standardError: "",
                    status: 0
                )
        )
    }

    @Test("on a colour terminal, titles, prompts and errors are coloured")
    func color() throws {
        let result = try DemoProcess.runOnTerminal(input: "frob\nquit\n", color: true)
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("\u{1B}[1;36m== Login ==\u{1B}[0m\n"))
        #expect(result.standardOutput.contains("\u{1B}[1m> \u{1B}[0m"))
        #expect(result.standardOutput.contains("\u{1B}[1;31merror:\u{1B}[0m unknown command 'frob'"))
    }
}
