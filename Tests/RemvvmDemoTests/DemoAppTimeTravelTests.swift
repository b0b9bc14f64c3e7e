import ReMVVMMiddleware
import ReMVVMStore
import Testing

@testable import remvvm_demo

/// `history`, `jump` and `skip`: exact time travel over the session, with the screen
/// following the state.
@MainActor
@Suite struct DemoAppTimeTravelTests {
    func session() -> DemoApp {
        let app = DemoApp()
        _ = app.start()
        for line in ["login Ada Lovelace", "logout", "login Alan Turing"] {
            #expect(app.execute(line: line).error == nil)
        }
        return app
    }

    let ada = User(firstName: "Ada", lastName: "Lovelace")
    let alan = User(firstName: "Alan", lastName: "Turing")

    @Test("jump goes to the state after action N and the screen shows it; jump 0 is the start")
    func jump() {
        let app = session()
        let back = app.execute(line: "jump 1")
        #expect(back.error == nil)
        #expect(app.store.state.user == ada)
        #expect(back.standardOutput == Expected.greetingsScreen("Ada Lovelace"))
        let start = app.execute(line: "jump 0")
        #expect(app.store.state.user == nil)
        #expect(app.screens == [.login])
        #expect(start.standardOutput == Expected.loginScreen)
        #expect(
            app.execute(line: "history").standardOutput
                == """
                History (jump <n> goes to the state right after action n, skip <n> leaves it out):
                  1. LoginAction(firstName: "Ada", lastName: "Lovelace")  (after the state shown)
                  2. LogoutAction()  (after the state shown)
                  3. LoginAction(firstName: "Alan", lastName: "Turing")  (after the state shown)
                Showing the state after action 0; a new action drops the ones after it.

                """)
        _ = app.execute(line: "jump 3")
        #expect(app.store.state.user == alan)
        #expect(app.screens == [.login, .greetings])
    }

    @Test("skip leaves an action out and the later ones are reduced again; skip twice puts it back")
    func skip() {
        let app = session()
        let skipped = app.execute(line: "skip 3")
        #expect(skipped.error == nil)
        #expect(app.store.state.user == nil)
        #expect(skipped.standardOutput == Expected.loginScreen)
        #expect(
            app.execute(line: "history").standardOutput.contains(
                "  3. LoginAction(firstName: \"Alan\", lastName: \"Turing\")  (skipped)\n"))
        let second = app.execute(line: "skip 2")
        // Actions 2 and 3 out: Ada, logged in by action 1, is still logged in.
        #expect(app.store.state.user == ada)
        #expect(second.standardOutput == Expected.greetingsScreen("Ada Lovelace"))
        _ = app.execute(line: "skip 3")
        #expect(app.store.state.user == alan)
        #expect(app.screens == [.login, .greetings])
    }

    @Test("a new action after a jump back drops the actions after it")
    func dropsFuture() {
        let app = session()
        _ = app.execute(line: "jump 2")
        #expect(app.execute(line: "login Grace Hopper").error == nil)
        #expect(app.timeline.entries.map(\.index) == [1, 2, 3])
        #expect(
            "\(app.timeline.entries[2].action)" == #"LoginAction(firstName: "Grace", lastName: "Hopper")"#)
    }

    @Test("jump 0 before any action shows the first screen again")
    func jumpBeforeAnyAction() {
        let app = DemoApp()
        _ = app.start()
        let outcome = app.execute(line: "jump 0")
        #expect(outcome.error == nil)
        #expect(outcome.standardOutput == Expected.loginScreen)
    }

    @Test(
        "after a jump or a skip, the next action shows its screen: the navigation follows what was shown",
        arguments: ["jump 1", "jump 3", "skip 4"]
    )
    func actionAfterTravel(travel: String) {
        // The undo (action 4) hands the UI the login screen; the travel shows the greetings
        // again without an action, so the logout's screens equal the ones handed last.
        let app = session()
        _ = app.execute(line: "undo")
        #expect(app.execute(line: travel).standardOutput.hasPrefix("== Greetings =="))
        let logout = app.execute(line: "logout")
        #expect(logout.error == nil)
        #expect(logout.standardOutput == Expected.loginScreen)
        #expect(app.execute(line: "profile").error == .profileNeedsGreetings)
    }

    @Test(
        "a number outside the session, or none, is one error and changes nothing",
        arguments: [
            (
                "jump 4",
                "there is no action 4 (the session has 0 to 3) ('history' numbers the session's actions)"
            ),
            (
                "skip 0",
                "there is no action 0 (the session has 1 to 3) ('history' numbers the session's actions)"
            ),
            (
                "jump",
                "jump needs the number of an action (try: jump 1 ('history' numbers the session's actions))"
            ),
            (
                "skip x",
                "skip needs the number of an action (try: skip 1 ('history' numbers the session's actions))"
            ),
            (
                "jump -1",
                "jump needs the number of an action (try: jump 1 ('history' numbers the session's actions))"
            ),
        ])
    func badNumber(line: String, message: String) {
        let app = session()
        let outcome = app.execute(line: line)
        #expect(outcome.error.map(\.description) == message)
        #expect(outcome.standardOutput.isEmpty)
        #expect(app.store.state.user == alan)
        #expect(app.timeline.position == 3)
    }

    @Test("with no action yet, skip says so")
    func empty() {
        let app = DemoApp()
        #expect(
            app.execute(line: "skip 1").error
                == .noSuchAction(1, lowest: 1, highest: 0))
        #expect(
            CommandError.noSuchAction(1, lowest: 1, highest: 0).message
                == "there is no action 1 (the session has none yet)")
    }

    @Test("jump and skip over navigation: the same entries come back, the screen is the one on top")
    func navigation() throws {
        let app = DemoApp()
        _ = app.start()
        for line in ["login Ada Lovelace", "profile", "back", "profile"] {
            #expect(app.execute(line: line).error == nil)
        }
        let shown = app.store.state.navigation
        #expect(shown.entries.map(\.id) == [1, 2, 4])

        #expect(app.execute(line: "jump 2").standardOutput == Expected.profileScreen("Ada", "Lovelace"))
        // Reduced again from the start: the entries have the ids they had then.
        #expect(app.store.state.navigation.entries.map(\.id) == [1, 2, 3])
        #expect(app.execute(line: "jump 3").standardOutput == Expected.greetingsScreen("Ada Lovelace"))
        #expect(app.execute(line: "jump 4").standardOutput == Expected.profileScreen("Ada", "Lovelace"))
        #expect(app.store.state.navigation == shown)

        // Without the back, both profiles are pushed: the second on the first.
        #expect(app.execute(line: "skip 3").standardOutput == Expected.profileScreen("Ada", "Lovelace"))
        #expect(app.screens == [.login, .greetings, .profile, .profile])
        // The screen on top has its own view model: back goes to the first profile.
        #expect(app.execute(line: "back").standardOutput == Expected.profileScreen("Ada", "Lovelace"))
        #expect(app.screens == [.login, .greetings, .profile])
        #expect(app.execute(line: "jump 0").standardOutput == Expected.loginScreen)
    }
}
