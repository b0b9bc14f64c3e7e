/// Runs lines of input through a ``DemoApp`` and tells where its output goes: what a person
/// sees, and what the exit status is. Needs no terminal, so tests run it in-process.
@MainActor
final class Session {
    /// Where the lines come from; it decides error locations and whether to carry on.
    enum Source: Equatable {
        /// A person at a terminal: errors carry on and the exit status is 0.
        case terminal
        /// Standard input that is not a terminal; errors name the line.
        case pipe
        /// A script file; errors name the file and the line.
        case script(path: String)
        /// Commands given as arguments; errors name the command when there are several.
        case arguments(count: Int)
    }

    let app: DemoApp
    let source: Source
    private let write: (OutputChunk) -> Void
    private(set) var hasFailed = false
    private(set) var hasQuit = false

    /// Wraps what the app prints on its own between two commands (the idle timeout's logout):
    /// the tool clears the line being typed before the output and shows the prompt after it.
    /// Without it, the output is written as it comes.
    var aroundOutputBetweenCommands: ((_ writeOutput: () -> Void) -> Void)?

    init(app: DemoApp, source: Source, write: @escaping (OutputChunk) -> Void) {
        self.app = app
        self.source = source
        self.write = write
        app.outputBetweenCommands = { [weak self] chunks in self?.showBetweenCommands(chunks) }
    }

    /// Shows what the app printed on its own, then waits for the state file (with `--state`)
    /// to hold the change, and shows a warning if it could not be saved, without waiting for
    /// the next command.
    private func showBetweenCommands(_ chunks: [OutputChunk]) {
        writeBetweenCommands(chunks)
        Task {
            await app.saveState()
            let warnings = app.console.take()
            if !warnings.isEmpty { writeBetweenCommands(warnings) }
        }
    }

    private func writeBetweenCommands(_ chunks: [OutputChunk]) {
        let writeOutput = { for chunk in chunks { self.write(chunk) } }
        if let aroundOutputBetweenCommands {
            aroundOutputBetweenCommands(writeOutput)
        } else {
            writeOutput()
        }
    }

    /// 0, or 1 when a command failed outside a terminal session.
    var exitStatus: Int32 {
        hasFailed && source != .terminal ? 1 : 0
    }

    /// Shows the first screen.
    func start() {
        emit(app.start())
    }

    /// Runs line `number` (from 1) of the input. Returns `false` once the session should end.
    @discardableResult
    func run(line bytes: [UInt8], number: Int) -> Bool {
        guard let line = String(validUTF8: bytes) else {
            // Not a command, but the user at work all the same.
            app.noteActivity()
            report(.lineNotUTF8, at: number)
            return true
        }
        return run(app.execute(line: line), number: number)
    }

    /// Runs command `number` (from 1) given as words. Returns `false` once the session should end.
    @discardableResult
    func run(words: [String], number: Int) -> Bool {
        let outcome: CommandOutcome
        switch CommandParser.parse(words: words) {
        case .success(let command): outcome = app.execute(command)
        case .failure(let error):
            app.noteActivity()
            outcome = CommandOutcome(error: error)
        }
        return run(outcome, number: number)
    }

    private func run(_ outcome: CommandOutcome, number: Int) -> Bool {
        emit(outcome)
        if let error = outcome.error { report(error, at: number) }
        if outcome.quits { hasQuit = true }
        return !outcome.quits
    }

    /// Reports an error that happened before any line ran (bad arguments, unreadable script).
    func report(_ error: CommandError) {
        hasFailed = true
        write(
            OutputChunk(stream: .standardError, text: Self.errorLine(error, location: nil, style: app.style)))
    }

    private func report(_ error: CommandError, at number: Int) {
        hasFailed = true
        write(
            OutputChunk(
                stream: .standardError,
                text: Self.errorLine(error, location: location(of: number), style: app.style)))
    }

    /// Waits until the state file (with `--state`) holds every change so far, then shows what
    /// the app printed meanwhile: a warning that the state could not be saved.
    func saveState() async {
        await app.saveState()
        emit(CommandOutcome(output: app.console.take()))
    }

    private func emit(_ outcome: CommandOutcome) {
        for chunk in outcome.output { write(chunk) }
    }

    private func location(of number: Int) -> String? {
        switch source {
        case .terminal: nil
        case .pipe: "line \(number)"
        case .script(let path): "\(path):\(number)"
        case .arguments(let count): count > 1 ? "command \(number)" : nil
        }
    }

    /// `error: [location: ]message (hint)` and a newline.
    static func errorLine(_ error: CommandError, location: String?, style: TextStyle) -> String {
        let place = location.map { "\($0): " } ?? ""
        return "\(style.error("error:")) \(place)\(error)\n"
    }
}
