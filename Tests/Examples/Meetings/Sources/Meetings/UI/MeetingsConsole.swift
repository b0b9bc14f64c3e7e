import Foundation
import ReMVVM

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The meetings app as a text UI: it shows the screen on top, rendered from its view model,
/// and reads commands, one a line, from a terminal, a pipe or a file.
@MainActor
public final class MeetingsConsole {
    let app: MeetingsApp
    private let write: (String) -> Void
    private let writeError: (String) -> Void
    private var screens: [Int: any TextScreen] = [:]
    private var topSubscription: StoreSubscription?
    private var isHandlingCommand = false
    /// Whether a command failed.
    private(set) var failed = false

    init(
        app: MeetingsApp, write: @escaping (String) -> Void = { print($0) },
        warn: @escaping (String) -> Void = { FileHandle.standardError.write(Data("\($0)\n".utf8)) }
    ) {
        self.app = app
        self.write = write
        writeError = warn
        // A screen that comes up on its own (an alert, the list when time is up) is shown.
        topSubscription = app.store.subscribe(to: \.navigation.top.id) { [weak self] _, _ in
            guard let self, !self.isHandlingCommand else { return }
            self.render()
        }
    }

    /// Runs the app: `meetings [--file FILE] [--record LOG]`; the series are kept in FILE
    /// (`$MEETINGS_FILE`, or `~/.meetings/series.json`), and with `--record` every action is
    /// recorded to LOG. Returns the exit status: 1 when a command of a run that is not
    /// interactive failed.
    public static func run(arguments: [String]) async -> Int32 {
        var file = URL.meetingsFile
        var recording: URL?
        var arguments = arguments.dropFirst()
        while let option = arguments.popFirst() {
            guard let value = arguments.popFirst(), ["--file", "--record"].contains(option) else {
                FileHandle.standardError.write(Data("usage: meetings [--file FILE] [--record LOG]\n".utf8))
                return 2
            }
            if option == "--file" {
                file = URL(fileURLWithPath: value)
            } else {
                recording = URL(fileURLWithPath: value)
            }
        }
        if let folder = recording?.deletingLastPathComponent() {
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        let console = MeetingsConsole(app: MeetingsApp(file: file, recording: recording))
        if case .setAside(let url)? = console.app.restored {
            console.warn("the saved series could not be read; the file was moved to \(url.path)")
        }
        let interactive = isatty(0) != 0
        console.render()
        while true {
            // On a terminal standard output is flushed at each line, so the prompt comes after the screen.
            if interactive { FileHandle.standardOutput.write(Data("> ".utf8)) }
            guard let line = await Task.detached(operation: { readLine() }).value, await console.handle(line)
            else { break }
        }
        await console.app.persistence.flush()
        return console.failed && !interactive ? 1 : 0
    }

    /// Handles one line; `false` when it asks to quit.
    func handle(_ line: String) async -> Bool {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { return true }
        let parts = trimmed.split(separator: " ", maxSplits: 1).map(String.init)
        let (command, rest) = (parts[0], parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : "")
        isHandlingCommand = true
        defer { isHandlingCommand = false }
        do throws(CommandError) {
            switch command {
            case "quit", "exit": return false
            case "help":
                write("Commands: \(screen().commands); undo, redo, wait <seconds>, state, help, quit")
            case "state": write(String(describing: app.store.state))
            case "undo": app.store.dispatch(action: UndoAction())
            case "redo": app.store.dispatch(action: RedoAction())
            case "wait":
                guard let seconds = Double(rest), seconds >= 0 else {
                    throw CommandError(
                        message: "no time '\(rest)'", hint: "give the seconds to wait, such as 'wait 5'")
                }
                isHandlingCommand = false
                try? await Task.sleep(for: .seconds(seconds))
            default:
                guard try screen().handle(command, rest) else {
                    throw CommandError(
                        message: "unknown command '\(command)'", hint: "here: \(screen().commands)")
                }
            }
        } catch {
            failed = true
            warn("\(error.message) (\(error.hint))", kind: "error")
            return true
        }
        render()
        return true
    }

    func render() {
        write((screen().lines + ["Commands: \(screen().commands); help"]).joined(separator: "\n"))
    }

    private func warn(_ message: String, kind: String = "warning") {
        writeError("\(kind): \(message)")
    }

    /// The screen on top, with its view model; view models of entries gone are let go.
    private func screen() -> any TextScreen {
        let navigation = app.store.state.navigation
        let shown = Set(navigation.entries.map(\.id))
        screens = screens.filter { shown.contains($0.key) }
        let entry = navigation.top
        if let kept = screens[entry.id] { return kept }
        let store = app.store
        let made: (any TextScreen)? =
            switch entry.screen {
            case .list: ListViewModel(store: store, entry: entry.id).map(ListScreen.init)
            case .detail: DetailViewModel(store: store, entry: entry.id).map(DetailScreen.init)
            case .form: FormViewModel(store: store, entry: entry.id).map(FormScreen.init)
            case .record: RecordViewModel(store: store, entry: entry.id).map(RecordScreen.init)
            case .meeting: MeetingViewModel(store: store, entry: entry.id).map(MeetingScreen.init)
            case .alert: AlertViewModel(store: store, entry: entry.id).map(AlertScreen.init)
            }
        guard let made else { preconditionFailure("internal inconsistency: no view model for the top entry") }
        screens[entry.id] = made
        // The recorder starts its work when it appears, as a view's task would.
        if let recorder = made as? RecordScreen { recorder.viewModel.send(event: .appeared) }
        return made
    }
}
