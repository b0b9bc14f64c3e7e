import ReMVVMMiddleware
import ReMVVMStore

/// The demo app: the store, the navigator, the screens on display, the tracer and the undo
/// history, and what each command does with them. It prints only into its ``Console``, so it runs in-process in
/// tests exactly as in the terminal.
///
/// <!-- snippet: not checked (the demo's internal API; Tests/RemvvmDemoTests uses it as shown) -->
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
    let history: UndoHistory<AppState>
    /// With `--state`: keeps who is logged in in a file across runs.
    let persistence: StatePersistence<AppState, User?>?
    /// Every action of the session, for `history`, `jump` and `skip`.
    let timeline: ActionHistory<AppState>
    let style: TextStyle
    /// What the app printed since the last command took it.
    let console = Console()
    /// The screens on display, from the root to the visible one; kept in step with the navigator.
    private var views: [Screen: any ScreenView] = [:]

    /// The app's flow: which screen follows which action. Screens know nothing of each other.
    static let routes: [NavigationRoute<AppState, Screen>] = [
        .on(LoginAction.self, navigate: .present(.greetings)),
        .on(LogoutAction.self, navigate: .dismiss),
    ]

    /// How many actions `undo` can take back.
    static let historyLimit = 100

    /// Makes the app; with a `recorder`, every action is recorded from the first on; with a
    /// `persistence`, who is logged in is saved after each change, and `user` (restored by it)
    /// is logged in from the start, on the greetings screen.
    init(
        style: TextStyle = .plain, recorder: ActionRecorder? = nil,
        persistence: StatePersistence<AppState, User?>? = nil, user: User? = nil
    ) {
        self.style = style
        let console = self.console
        let navigator = Navigator(root: Screen.login)
        let tracer = Tracer(isEnabled: false, sink: TraceSink { console.err($0.description + "\n") })
        let history = UndoHistory<AppState>(limit: Self.historyLimit)
        let timeline = ActionHistory<AppState>()
        let factory = CompositeViewModelFactory()
        // The recorder first, so it records actions as they were dispatched; the history and the
        // recorder are machinery, so the tracer traces only the app's own middleware. The timeline
        // is last, so it keeps each action as it was reduced (an undo with the state it restored).
        let navigation = NavigationMiddleware(
            navigator: navigator, routes: Self.routes + Self.followingRoutes(navigator))
        let store = Store(
            with: AppState(factory: factory, user: user),
            middleware: (recorder.map { [$0] } ?? []) + [history] + (persistence.map { [$0] } ?? [])
                + tracer.instrument([navigation]) + [timeline]
        )
        factory.addDemoViewModels(for: store)
        store.register(reducer: LoginReducer.self)
        store.register(reducer: LogoutReducer.self)
        history.register(on: store)
        timeline.register(on: store)
        store.diagnosticsHandler = { console.err("warning: \($0.message)\n") }
        self.store = store
        self.navigator = navigator
        self.tracer = tracer
        self.history = history
        self.persistence = persistence
        self.timeline = timeline
        // A restored user starts on the greetings screen, as if they had just logged in.
        if user != nil { navigator.present(.greetings) }
        navigator.onChange = { [weak self] _ in self?.showVisibleScreen() }
        views[.login] = LoginView(store: store)
    }

    /// Shows the first screen.
    func start() -> CommandOutcome {
        console.out(render())
        return CommandOutcome(output: console.take())
    }

    /// Waits until the state file (with `--state`) holds every change so far.
    func saveState() async {
        await persistence?.flush()
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
        case .undo:
            if history.canUndo {
                showingScreen { store.dispatch(action: UndoAction()) }
            } else {
                outcome.error = .nothingToUndo
            }
        case .redo:
            if history.canRedo {
                showingScreen { store.dispatch(action: RedoAction()) }
            } else {
                outcome.error = .nothingToRedo
            }
        case .history:
            console.out(historyText())
        case .jump(let index):
            if let error = checkAction(index, allowingZero: true) {
                outcome.error = error
            } else {
                showingScreen {
                    timeline.jump(to: index)
                    followState()
                }
            }
        case .skip(let index):
            if let error = checkAction(index, allowingZero: false) {
                outcome.error = error
            } else {
                showingScreen {
                    timeline.skip(index)
                    followState()
                }
            }
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

    // MARK: - Undo

    /// After an undo or a redo the state may be any earlier one: these routes bring the screens
    /// in line with it, so an undone login shows the login screen again.
    static func followingRoutes(_ navigator: Navigator<Screen>) -> [NavigationRoute<AppState, Screen>] {
        [
            .on(UndoAction.self) { _, state in step(toShow: state, from: navigator.visibleScreen) },
            .on(RedoAction.self) { _, state in step(toShow: state, from: navigator.visibleScreen) },
        ]
    }

    /// The step from `visible` to the screen `state` calls for, or `nil` when it is shown.
    static func step(toShow state: AppState, from visible: Screen) -> NavigationStep<Screen>? {
        switch (state.user, visible) {
        case (nil, .greetings): .dismiss
        case (.some, .login): .present(.greetings)
        default: nil
        }
    }

    /// Runs `change`, and shows the visible screen when the change did not navigate (which
    /// shows it).
    private func showingScreen(_ change: () -> Void) {
        let path = navigator.path
        change()
        if navigator.path == path { console.out(render()) }
    }

    // MARK: - Time travel

    /// The session's actions, numbered from the first; those left out by `skip`, and those
    /// after the state on display (after a `jump` back), marked.
    func historyText() -> String {
        let entries = timeline.entries
        guard let last = entries.last?.index else { return "History: empty (no action was done yet)\n" }
        var text = "History (jump <n> goes to the state right after action n, skip <n> leaves it out):\n"
        for entry in entries {
            var marks: [String] = []
            if entry.isSkipped { marks.append("skipped") }
            if entry.index > timeline.position { marks.append("after the state shown") }
            let suffix = marks.isEmpty ? "" : "  (\(marks.joined(separator: ", ")))"
            text += "  \(entry.index). \(entry.action)\(suffix)\n"
        }
        if timeline.position < last {
            text +=
                "Showing the state after action \(timeline.position); a new action drops the ones after it.\n"
        }
        return text
    }

    /// Why action `index` cannot be jumped to or skipped, or `nil` when it can.
    private func checkAction(_ index: Int, allowingZero: Bool) -> CommandError? {
        let lowest = (timeline.entries.first?.index ?? 1) - (allowingZero ? 1 : 0)
        let highest = timeline.entries.last?.index ?? 0
        return (lowest...max(lowest, highest)).contains(index) && (allowingZero || highest > 0)
            ? nil : .noSuchAction(index, lowest: lowest, highest: highest)
    }

    /// After a jump or a skip, which no middleware sees, brings the screens in line with the state.
    private func followState() {
        if let step = Self.step(toShow: store.state, from: navigator.visibleScreen) {
            _ = navigator.perform(step)
        }
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
