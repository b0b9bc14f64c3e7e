import ReMVVMMiddleware
import ReMVVMStore

/// The demo app: the store, the navigator, the screens on display and the tracer, and what
/// each command does with them. It prints only into its ``Console``, so it runs in-process in
/// tests exactly as in the terminal.
///
/// ```swift
/// let app = DemoApp()
/// _ = app.start()                               // the login screen
/// let outcome = app.execute(line: "login Ada Lovelace")
/// outcome.standardOutput                        // the greetings screen
/// ```
@MainActor
final class DemoApp {
    let store: Store<AppState>
    let navigator: Navigator<Screen>
    let tracer: Tracer
    let style: TextStyle
    private let console = Console()
    /// The screens on display, from the root to the visible one; kept in step with the navigator.
    private var views: [Screen: any ScreenView] = [:]

    /// The app's flow: which screen follows which action. Screens know nothing of each other.
    static let routes: [NavigationRoute<AppState, Screen>] = [
        .on(LoginAction.self, navigate: .present(.greetings)),
        .on(LogoutAction.self, navigate: .dismiss),
    ]

    init(style: TextStyle = .plain) {
        self.style = style
        let console = self.console
        let navigator = Navigator(root: Screen.login)
        let tracer = Tracer(isEnabled: false, sink: TraceSink { console.err($0.description + "\n") })
        let factory = CompositeViewModelFactory()
        let store = Store(
            with: AppState(factory: factory, user: nil),
            middleware: tracer.instrument([NavigationMiddleware(navigator: navigator, routes: Self.routes)])
        )
        factory.addDemoViewModels(for: store)
        store.register(reducer: LoginReducer.self)
        store.register(reducer: LogoutReducer.self)
        store.diagnosticsHandler = { console.err("warning: \($0.message)\n") }
        self.store = store
        self.navigator = navigator
        self.tracer = tracer
        navigator.onChange = { [weak self] _ in self?.showVisibleScreen() }
        views[.login] = LoginView(store: store)
    }

    /// Shows the first screen.
    func start() -> CommandOutcome {
        console.out(render())
        return CommandOutcome(output: console.take())
    }

    /// The visible screen's text.
    func render() -> String {
        view(for: navigator.visibleScreen).render(style: style)
    }

    /// Parses and runs one line of input.
    func execute(line: String) -> CommandOutcome {
        switch CommandParser.parse(line) {
        case .success(let command): execute(command)
        case .failure(let error): CommandOutcome(error: error)
        }
    }

    /// Runs one command. A command that fails changes nothing.
    func execute(_ command: Command) -> CommandOutcome {
        var outcome = CommandOutcome()
        switch command {
        case .login(let firstName, let lastName):
            if let user = store.state.user {
                outcome.error = .alreadyLoggedIn(user)
            } else if let login = view(for: .login) as? LoginView {
                login.logIn(firstName: firstName, lastName: lastName)
            }
        case .logout:
            if store.state.user == nil {
                outcome.error = .notLoggedIn
            } else if let greetings = view(for: navigator.visibleScreen) as? GreetingsView {
                greetings.logOut()
            }
        case .state:
            console.out("\(store.state)\n")
        case .trace(let on):
            tracer.isEnabled = on
            console.out(
                on ? "Tracing is on: each action is traced on standard error.\n" : "Tracing is off.\n")
        case .help:
            console.out(Command.list)
        case .quit:
            outcome.quits = true
        case .nothing:
            break
        }
        outcome.output = console.take()
        return outcome
    }

    // MARK: - Screens

    /// The login screen's view model, while the login screen is on display.
    var loginViewModel: LoginViewModel? {
        (views[.login] as? LoginView)?.viewModel
    }

    /// Brings the screens on display in step with the navigator, then shows the visible one.
    private func showVisibleScreen() {
        let path = Set(navigator.path)
        views = views.filter { path.contains($0.key) }
        console.out(render())
    }

    private func view(for screen: Screen) -> any ScreenView {
        if let view = views[screen] { return view }
        let view: any ScreenView =
            switch screen {
            case .login: LoginView(store: store)
            case .greetings: GreetingsView(store: store)
            }
        views[screen] = view
        return view
    }
}
