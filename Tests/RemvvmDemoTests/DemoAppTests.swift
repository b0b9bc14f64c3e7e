import ReMVVMStore
import ReMVVMTestSupport
import Testing

@testable import remvvm_demo

@MainActor
@Suite struct DemoAppTests {
    @Test(
        "login shows the greetings made from the state's user; logout returns to login and clears its fields")
    func loginAndLogout() throws {
        let app = DemoApp()
        #expect(app.start().standardOutput == Expected.loginScreen)
        let viewModel = try #require(app.loginViewModel)

        let login = app.execute(line: "login \"Ada Augusta\" Lovelace")
        #expect(
            login
                == CommandOutcome(output: [
                    .init(stream: .standardOutput, text: Expected.greetingsScreen("Ada Augusta Lovelace"))
                ]))
        #expect(app.store.state.user == User(firstName: "Ada Augusta", lastName: "Lovelace"))
        #expect(app.screens == [.login, .greetings])
        // The command typed the names into the login screen's view model before dispatching.
        #expect(viewModel.state.firstName == "Ada Augusta")
        #expect(viewModel.state.lastName == "Lovelace")

        let logout = app.execute(line: "logout")
        #expect(logout.standardOutput == Expected.loginScreen)
        #expect(logout.standardError.isEmpty)
        #expect(app.store.state.user == nil)
        #expect(app.screens == [.login])
        // The same view model, cleared by its store subscription.
        #expect(app.loginViewModel === viewModel)
        #expect(viewModel.state.firstName.isEmpty)
        #expect(viewModel.state.lastName.isEmpty)
    }

    @Test("state, help and trace print to standard output and change nothing")
    func informational() {
        let app = DemoApp()
        _ = app.start()
        #expect(app.execute(line: "state").standardOutput == Expected.loggedOutState)
        #expect(app.execute(line: "help").standardOutput == Command.list)
        #expect(
            app.execute(line: "trace on").standardOutput
                == "Tracing is on: each action is traced on standard error.\n")
        #expect(app.tracer.isEnabled)
        #expect(app.execute(line: "trace off").standardOutput == "Tracing is off.\n")
        #expect(!app.tracer.isEnabled)
        #expect(app.execute(line: "quit").quits)
        #expect(app.store.state.user == nil)
    }

    @Test("with trace on, each action's trace goes to standard error after the screen it caused")
    func traceOutput() {
        let app = DemoApp()
        _ = app.execute(line: "trace on")
        let outcome = app.execute(line: "login Ada Lovelace")
        #expect(outcome.output.map(\.stream) == [.standardOutput, .standardError])
        let trace = outcome.standardError
        #expect(trace.hasPrefix("trace #1 LoginAction(firstName: \"Ada\", lastName: \"Lovelace\")\n"))
        // The navigation hand-off is a store feature, not a middleware step: no step of it.
        #expect(!trace.contains("NavigationStateMiddleware"))
        #expect(trace.contains("    user: nil -> User(firstName: \"Ada\", lastName: \"Lovelace\")\n"))
        // The login presented the greetings: the navigation is state, traced as its screens.
        #expect(trace.contains("    navigation: [.login] -> [.login] presenting [.greetings]\n"))
        #expect(["shownEntries", "modalStarts", "nextID"].allSatisfy { !trace.contains($0) })
        #expect(!outcome.failed)
    }

    @Test(
        "bad input fails with one error line and changes neither the state nor the screen",
        arguments: [false, true],
        [
            "frob", "login", "login Ada", "login a b c", "login \"Ada", "login '' x", "logout x", "trace",
            "state now",
            "login Ada\u{0} Lovelace",
        ]
    )
    func badInput(loggedIn: Bool, line: String) throws {
        let app = DemoApp()
        if loggedIn { _ = app.execute(line: "login Grace Hopper") }
        let state = app.store.state.description
        let path = app.screens
        let outcome = app.execute(line: line)
        #expect(outcome.failed)
        #expect(outcome.standardOutput.isEmpty)
        let error = try #require(outcome.error)
        #expect(outcome.standardError == "error: \(error)\n")
        #expect(app.store.state.description == state)
        #expect(app.screens == path)
    }

    @Test("logout while logged out and login while logged in fail and change nothing")
    func wrongScreen() {
        let app = DemoApp()
        #expect(app.execute(line: "logout").error == .notLoggedIn)
        #expect(app.store.state.user == nil)
        _ = app.execute(line: "login Ada Lovelace")
        let again = app.execute(line: "login Grace Hopper")
        #expect(
            again.standardError == "error: already logged in as 'Ada' 'Lovelace' (log out first: logout)\n")
        #expect(app.store.state.user == User(firstName: "Ada", lastName: "Lovelace"))
        #expect(app.screens == [.login, .greetings])
    }

    @Test(
        "random lines never crash, fail exactly when a model says so, and change the state as the model does")
    func randomLines() {
        let seed = UInt64.random(in: 0...UInt64.max)
        var generator = SeededGenerator(seed: seed)
        let app = DemoApp()
        var modelUser: User?
        let fragments = [
            "login", "logout", "state", "trace", "on", "off", "help", "Ada", "Lovelace", "\"Ada Augusta\"",
            "'x",
            "\"", "\\", "#", " ", "\t", "é", "\u{1B}", "", "LOGIN", "quit",
        ]
        for step in 0..<2_000 {
            let count = Int.random(in: 0...4, using: &generator)
            let line = (0..<count).map { _ in fragments.randomElement(using: &generator)! }.joined(
                separator: " ")
            let outcome = app.execute(line: line)
            let parsed = CommandParser.parse(line)
            var expectFailure = false
            switch parsed {
            case .failure: expectFailure = true
            case .success(.login(let first, let last)):
                if modelUser == nil {
                    modelUser = User(firstName: first, lastName: last)
                } else {
                    expectFailure = true
                }
            case .success(.logout):
                if modelUser != nil { modelUser = nil } else { expectFailure = true }
            case .success(.trace(let on)):
                _ = on
            default:
                break
            }
            let comment = Comment(rawValue: "seed \(seed), step \(step), line \(line.debugDescription)")
            #expect(outcome.failed == expectFailure, comment)
            #expect(app.store.state.user == modelUser, comment)
            #expect(app.topScreen == (modelUser == nil ? .login : .greetings), comment)
            if outcome.failed != expectFailure || app.store.state.user != modelUser { return }
        }
    }
}
