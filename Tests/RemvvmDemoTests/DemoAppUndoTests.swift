import ReMVVMMiddleware
import ReMVVMStore
import ReMVVMTestSupport
import Testing

@testable import remvvm_demo

@MainActor
@Suite struct DemoAppUndoTests {
    @Test("undoing a login shows the login screen again, with its fields cleared; redo shows the greetings")
    func undoLogin() throws {
        let app = DemoApp()
        _ = app.start()
        _ = app.execute(line: "login Ada Lovelace")
        let viewModel = try #require(app.loginViewModel)
        #expect(viewModel.state.firstName == "Ada")

        let undo = app.execute(line: "undo")
        #expect(undo == CommandOutcome(output: [.init(stream: .standardOutput, text: Expected.loginScreen)]))
        #expect(app.store.state.user == nil)
        #expect(app.screens == [.login])
        #expect(viewModel.state.firstName.isEmpty)

        let redo = app.execute(line: "redo")
        #expect(redo.standardOutput == Expected.greetingsScreen("Ada Lovelace"))
        #expect(redo.standardError.isEmpty)
        #expect(app.store.state.user == User(firstName: "Ada", lastName: "Lovelace"))
        #expect(app.screens == [.login, .greetings])
    }

    @Test("undoing a logout shows the greetings of the user who was logged in")
    func undoLogout() {
        let app = DemoApp()
        _ = app.execute(line: "login Ada Lovelace")
        _ = app.execute(line: "logout")
        #expect(app.execute(line: "undo").standardOutput == Expected.greetingsScreen("Ada Lovelace"))
        #expect(app.execute(line: "undo").standardOutput == Expected.loginScreen)
        #expect(app.execute(line: "redo").standardOutput == Expected.greetingsScreen("Ada Lovelace"))
        #expect(app.execute(line: "redo").standardOutput == Expected.loginScreen)
        #expect(app.store.state.user == nil)
    }

    @Test("with nothing to undo or redo, the command fails and changes nothing")
    func nothingToUndo() {
        let app = DemoApp()
        #expect(
            app.execute(line: "undo").standardError
                == "error: nothing to undo ('history' lists the session's actions)\n")
        #expect(app.execute(line: "redo").error == .nothingToRedo)
        _ = app.execute(line: "login Ada Lovelace")
        _ = app.execute(line: "undo")
        _ = app.execute(line: "login Grace Hopper")
        // A new action dropped the redo branch.
        let redo = app.execute(line: "redo")
        #expect(redo.error == .nothingToRedo)
        #expect(redo.standardOutput.isEmpty)
        #expect(app.store.state.user == User(firstName: "Grace", lastName: "Hopper"))
        #expect(app.screens == [.login, .greetings])
        #expect(app.execute(line: "undo x").error == .takesNoArguments("undo"))
    }

    @Test("history numbers every action of the session, undo and redo included")
    func history() {
        let app = DemoApp()
        #expect(app.execute(line: "history").standardOutput == "History: empty (no action was done yet)\n")
        _ = app.execute(line: "login Ada Lovelace")
        _ = app.execute(line: "logout")
        _ = app.execute(line: "login Alan Turing")
        _ = app.execute(line: "undo")
        #expect(
            app.execute(line: "history").standardOutput
                == """
                History (jump <n> goes to the state right after action n, skip <n> leaves it out):
                  1. LoginAction(firstName: "Ada", lastName: "Lovelace")
                  2. LogoutAction()
                  3. LoginAction(firstName: "Alan", lastName: "Turing")
                  4. UndoAction()

                """)
    }

    @Test("the history keeps the last historyLimit actions")
    func limit() {
        let app = DemoApp()
        for _ in 0..<(DemoApp.historyLimit / 2 + 5) {
            _ = app.execute(line: "login Ada Lovelace")
            _ = app.execute(line: "logout")
        }
        #expect(app.history.undoableActions.count == DemoApp.historyLimit)
    }

    @Test("undo and redo take back navigation too: the profile comes back, with a new view model")
    func undoNavigation() throws {
        let app = DemoApp()
        _ = app.execute(line: "login Ada Lovelace")
        _ = app.execute(line: "profile")
        let profile = try #require(app.topView as? ProfileView)
        #expect(app.execute(line: "back").standardOutput == Expected.greetingsScreen("Ada Lovelace"))
        #expect(app.execute(line: "undo").standardOutput == Expected.profileScreen("Ada", "Lovelace"))
        #expect(app.screens == [.login, .greetings, .profile])
        // The same entry is back, but its screen and view model were let go with it.
        let again = try #require(app.topView as? ProfileView)
        #expect(again !== profile)
        #expect(app.execute(line: "undo").standardOutput == Expected.greetingsScreen("Ada Lovelace"))
        #expect(app.execute(line: "undo").standardOutput == Expected.loginScreen)
        #expect(app.screens == [.login])
    }

    @Test("after every command, undo and redo included, the screen printed is the one the state holds")
    func screenAlwaysMatchesState() {
        let app = DemoApp()
        var random = SeededGenerator(seed: 20)
        let lines = ["login Ada Lovelace", "logout", "profile", "back", "undo", "undo", "redo"]
        for step in 0..<600 {
            let line = lines.randomElement(using: &random)!
            let outcome = app.execute(line: line)
            let expected = CommandFuzzTests.screen(app.topScreen, of: app)
            #expect(app.render() == expected, "step \(step): \(line)")
            if outcome.error == nil {
                #expect(outcome.standardOutput == expected, "step \(step): \(line)")
            } else {
                #expect(outcome.standardOutput.isEmpty, "step \(step): \(line)")
            }
            #expect((app.topScreen == .login) == (app.store.state.user == nil), "step \(step): \(line)")
        }
    }
}
