import ReMVVMMiddleware
import ReMVVMStore

/// The demo app: the store, the screens on display, the tracer and the undo history, and what
/// each command does with them. It prints only into its ``Console``, so it runs in-process in
/// tests exactly as in the terminal.
///
/// <!-- snippet: not checked (the demo's internal API; Tests/RemvvmDemoTests uses it as shown) -->
/// ```swift
/// let app = DemoApp()
/// _ = app.start()                               // the login screen
/// let outcome = app.execute(line: "login Ada Lovelace")
/// outcome.standardOutput                        // the greetings screen
/// ```
///
/// The screens on display are the state's `navigation`: the login reducer presents the
/// greetings, the logout reducer dismisses them, `profile` and `back` dispatch navigation
/// actions. A ``NavigationStateMiddleware`` hands the changes to the text UI after each action,
/// so after a replay or an undo the screen is the one the state holds.
///
/// With an idle timeout, each command restarts a timer on the store's clock (see
/// ``IdleTimeoutMiddleware``); when it runs out, the app logs the user out and hands what it
/// printed to ``outputBetweenCommands``.
@MainActor
final class DemoApp {
    let store: Store<AppState>
    let tracer: Tracer
    let history: UndoHistory<AppState>
    /// With `--state`: keeps who is logged in in a file across runs.
    let persistence: StatePersistence<AppState, User?>?
    /// Every action of the session, for `history`, `jump` and `skip`.
    let timeline: ActionHistory<AppState>
    /// Hands the screens the changes of the state's navigation.
    private let navigation: NavigationStateMiddleware<AppState, Screen>
    let style: TextStyle
    /// What the app printed since the last command took it.
    let console = Console()
    /// With `--idle-timeout`: how long the user may go without a command.
    let idleTimeout: Duration?
    /// Takes what the app printed on its own, between two commands: the idle timeout's logout.
    /// Until it is set, that output waits in the ``console`` for the next command.
    var outputBetweenCommands: (([OutputChunk]) -> Void)?
    /// The screens on display, by the identifier of their entry in the navigation state.
    private var views: [Int: any ScreenView] = [:]

    /// Lets the navigation middleware, made before the app, reach it.
    private final class Owner {
        weak var app: DemoApp?
    }

    /// How many actions `undo` can take back.
    static let historyLimit = 100

    /// Makes the app; with a `recorder`, every action is recorded from the first on; with a
    /// `persistence`, who is logged in is saved after each change, and `user` (restored by it)
    /// is logged in from the start, on the greetings screen; with an `idleTimeout`, the user is
    /// logged out after that long on `clock` without a command.
    init(
        style: TextStyle = .plain, recorder: ActionRecorder? = nil,
        persistence: StatePersistence<AppState, User?>? = nil, user: User? = nil,
        idleTimeout: Duration? = nil, clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.style = style
        self.idleTimeout = idleTimeout
        let console = self.console
        let owner = Owner()
        let tracer = Tracer(isEnabled: false, sink: TraceSink { console.err($0.description + "\n") })
        let history = UndoHistory<AppState>(limit: Self.historyLimit)
        let timeline = ActionHistory<AppState>()
        let factory = CompositeViewModelFactory()
        // The idle timer first: it takes the user's activity, which nothing else needs to see. The
        // recorder next, so it records actions as they were dispatched; the history and the
        // recorder are machinery, so the tracer traces only the app's own middleware. The timeline
        // is last, so it keeps each action as it was reduced (an undo with the state it restored).
        let idle = idleTimeout.map { timeout in
            IdleTimeoutMiddleware(timeout: timeout) { owner.app?.idleTimeoutPassed() }
        }
        let navigation = NavigationStateMiddleware(at: \AppState.navigation) { _, navigation in
            owner.app?.show(navigation)
        }
        // A restored user starts on the greetings screen, as if they had just logged in.
        var state = AppState(factory: factory, user: user)
        if user != nil { state.navigation.apply(.present(.greetings)) }
        let middleware: [any AnyMiddleware] =
            (idle.map { [$0] } ?? []) + (recorder.map { [$0] } ?? []) + [history]
            + (persistence.map { [$0] } ?? []) + tracer.instrument([navigation]) + [timeline]
        let store = Store(with: state, middleware: middleware) { $0.clock = clock }
        factory.addDemoViewModels(for: store)
        store.register(navigation: \.navigation)
        store.register(reducer: LoginReducer.self)
        store.register(reducer: LogoutReducer.self)
        history.register(on: store)
        timeline.register(on: store)
        store.diagnosticsHandler = { console.err("warning: \($0.message)\n") }
        self.store = store
        self.tracer = tracer
        self.history = history
        self.persistence = persistence
        self.timeline = timeline
        self.navigation = navigation
        owner.app = self
    }

    /// Shows the first screen; a user restored or replayed into the session starts the idle
    /// timer.
    func start() -> CommandOutcome {
        console.out(render())
        noteActivity()
        return CommandOutcome(output: console.take())
    }

    /// Waits until the state file (with `--state`) holds every change so far.
    func saveState() async {
        await persistence?.flush()
    }

    /// The text of the screen on top of the state's navigation.
    func render() -> String {
        view(for: store.state.navigation.top).render(style: style)
    }

    /// Parses and runs one line of input.
    func execute(line: String) -> CommandOutcome {
        switch CommandParser.parse(line) {
        case .success(let command): return execute(command)
        case .failure(let error):
            // A line that is not a command is still the user at work.
            noteActivity()
            return CommandOutcome(output: console.take(), error: error)
        }
    }

    /// Runs one command, and restarts the idle timer. A command that fails changes nothing.
    func execute(_ command: Command) -> CommandOutcome {
        defer { noteActivity() }
        var outcome = CommandOutcome()
        switch command {
        case .login(let firstName, let lastName):
            if let user = store.state.user {
                outcome.error = .alreadyLoggedIn(user)
            } else if let login = topView as? LoginView {
                login.logIn(firstName: firstName, lastName: lastName)
            }
        case .logout:
            if store.state.user == nil {
                outcome.error = .notLoggedIn
            } else if let greetings = topView as? GreetingsView {
                greetings.logOut()
            } else if let profile = topView as? ProfileView {
                profile.logOut()
            }
        case .profile:
            if let greetings = topView as? GreetingsView {
                greetings.openProfile()
            } else {
                outcome.error = .profileNeedsGreetings
            }
        case .back:
            if let profile = topView as? ProfileView {
                profile.goBack()
            } else {
                outcome.error = .nothingToGoBackTo
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
                followState { timeline.jump(to: index) }
            }
        case .skip(let index):
            if let error = checkAction(index, allowingZero: false) {
                outcome.error = error
            } else {
                followState { timeline.skip(index) }
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

    // MARK: - Idle timeout

    /// Tells the idle timer that the user is at work: it starts again when someone is logged
    /// in, and stops when nobody is. Nothing to tell without an idle timeout.
    func noteActivity() {
        if idleTimeout != nil { store.dispatch(action: UserActivity()) }
    }

    /// The idle timer ran out: logs the user out, as the logout button would, and shows the
    /// login screen with why.
    private func idleTimeoutPassed() {
        guard let idleTimeout, store.state.user != nil else { return }
        console.out("No command for \(Self.describe(idleTimeout)): logged out.\n")
        store.dispatch(action: LogoutAction())
        outputBetweenCommands?(console.take())
    }

    /// `300 seconds`, `1 second`, `0.5 seconds`.
    static func describe(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        if attoseconds == 0 { return seconds == 1 ? "1 second" : "\(seconds) seconds" }
        return "\(Double(seconds) + Double(attoseconds) / 1e18) seconds"
    }

    // MARK: - Undo

    /// Runs `change`, and shows the screen on top when the change left the navigation as it
    /// was (a change of the navigation shows it through the middleware).
    private func showingScreen(_ change: () -> Void) {
        let navigation = store.state.navigation
        change()
        if store.state.navigation == navigation { console.out(render()) }
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

    /// Runs a jump or a skip, and shows the screen on top of the state's navigation when the
    /// travel left its entries as they were: the navigation middleware, which learns of the
    /// travel as of any change, shows the screens only when the entries changed, but what the
    /// same screens show may differ.
    private func followState(_ travel: () -> Void) {
        let entries = store.state.navigation.entries.map(\.id)
        travel()
        if entries == store.state.navigation.entries.map(\.id) { show(store.state.navigation) }
    }

    // MARK: - Screens

    /// The login screen's view model: the root entry's, for as long as the app runs.
    var loginViewModel: LoginViewModel? {
        (view(for: store.state.navigation.stacks[0][0]) as? LoginView)?.viewModel
    }

    /// The screen on top of the navigation.
    var topView: any ScreenView { view(for: store.state.navigation.top) }

    /// Lets go of the screens whose entries left the navigation, then shows the one on top.
    private func show(_ navigation: NavigationState<Screen>) {
        let shown = Set(navigation.entries.map(\.id))
        views = views.filter { shown.contains($0.key) }
        console.out(render())
    }

    private func view(for entry: NavigationEntry<Screen>) -> any ScreenView {
        if let view = views[entry.id] { return view }
        let view: any ScreenView =
            switch entry.screen {
            case .login: LoginView(store: store, entry: entry)
            case .greetings: GreetingsView(store: store, entry: entry)
            case .profile: ProfileView(store: store, entry: entry)
            }
        views[entry.id] = view
        return view
    }
}
