import ReMVVMStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The command line tool: reads the arguments, picks the input, and does the real I/O for a
/// ``Session``.
@MainActor
enum DemoTool {
    nonisolated static let banner = "ReMVVM demo. Type 'help' for the commands, 'quit' or Ctrl-D to leave.\n"

    /// Runs the tool and returns its exit status.
    ///
    /// It is `async` for `--state`: after each command it waits, without blocking the main
    /// actor, until the state file holds the change, so the file is saved before the next
    /// prompt and before the tool exits.
    ///
    /// - Parameter arguments: The raw arguments after the program name.
    static func run(arguments: [[UInt8]]) async -> Int32 {
        let inputIsTerminal = isatty(0) == 1
        let outputIsTerminal = isatty(1) == 1
        let style = outputIsTerminal && wantsColor() ? TextStyle.color : .plain
        let invocation: Invocation
        switch Invocation.parse(arguments: arguments) {
        case .success(let parsed): invocation = parsed
        case .failure(let error):
            writeAll(2, Session.errorLine(error, location: nil, style: isatty(2) == 1 ? style : .plain))
            return 1
        }
        let app: DemoApp
        switch invocation.mode {
        case .help:
            writeAll(1, Invocation.usage)
            return 0
        case .version:
            writeAll(1, Invocation.versionText + "\n")
            return 0
        case .exportTest(let path):
            switch DemoApp.exportTest(logPath: path) {
            case .success(let source):
                writeAll(1, source)
                return 0
            case .failure(let error):
                writeAll(2, Session.errorLine(error, location: nil, style: isatty(2) == 1 ? style : .plain))
                return 1
            }
        case .standardInput, .script, .commands:
            // A file that cannot be recorded to or replayed stops the run before anything is shown.
            switch DemoApp.make(
                style: style, recordPath: invocation.recordPath, replayPath: invocation.replayPath,
                statePath: invocation.statePath, idleTimeout: invocation.idleTimeout)
            {
            case .success(let made): app = made
            case .failure(let error):
                writeAll(2, Session.errorLine(error, location: nil, style: isatty(2) == 1 ? style : .plain))
                return 1
            }
        }
        switch invocation.mode {
        case .help, .version, .exportTest:
            preconditionFailure("internal inconsistency: --help, --version and --export-test returned above")
        case .script(let path):
            let session = Session(app: app, source: .script(path: path), write: emit)
            switch await LineReader.lines(ofFile: path) {
            case .failure(let error):
                session.report(.unreadableScript(path, reason: error.reason))
            case .success(let lines):
                session.start()
                for (index, line) in lines.enumerated() {
                    let goesOn = session.run(line: line, number: index + 1)
                    await session.saveState()
                    if !goesOn { break }
                }
            }
            return session.exitStatus
        case .commands(let commands):
            let session = Session(app: app, source: .arguments(count: commands.count), write: emit)
            session.start()
            for (index, words) in commands.enumerated() {
                let goesOn = session.run(words: words, number: index + 1)
                await session.saveState()
                if !goesOn { break }
            }
            return session.exitStatus
        case .standardInput:
            let source: Session.Source = inputIsTerminal ? .terminal : .pipe
            let session = Session(app: app, source: source, write: emit)
            let prompts = inputIsTerminal && outputIsTerminal
            if prompts { writeAll(1, banner) }
            let reader = LineReader(descriptor: 0)
            if prompts {
                // The idle timeout's logout arrives while a line is typed: it goes above the
                // prompt, which comes back with the line as it was.
                session.aroundOutputBetweenCommands = { writeOutput in
                    if reader.isReading {
                        reader.interrupt(prompt: style.prompt("> "), writeOutput)
                    } else {
                        writeOutput()
                    }
                }
            }
            session.start()
            var number = 0
            while true {
                if prompts { writeAll(1, style.prompt("> ")) }
                guard let line = await reader.nextLine() else {
                    // Ctrl-D: end the prompt's line so the shell's prompt starts on its own.
                    if prompts { writeAll(1, "\n") }
                    // An idle logout while the input ended is saved too.
                    await session.saveState()
                    break
                }
                number += 1
                switch line {
                case .success(let bytes):
                    let goesOn = session.run(line: bytes, number: number)
                    await session.saveState()
                    if !goesOn { return session.exitStatus }
                case .failure(let error):
                    session.report(
                        CommandError(
                            message: "cannot read standard input: \(error.reason)", hint: "check the input"))
                    return 1
                }
            }
            return session.exitStatus
        }
    }

    /// Colour unless the user asked for none (`NO_COLOR`) or the terminal cannot show it.
    private static func wantsColor() -> Bool {
        if getenv("NO_COLOR") != nil { return false }
        if let term = getenv("TERM"), String(cString: term) == "dumb" { return false }
        return true
    }

    private static func emit(_ chunk: OutputChunk) {
        writeAll(chunk.stream == .standardOutput ? 1 : 2, chunk.text)
    }

    /// Writes all of `text` to `descriptor`, with the package's one write loop.
    static func writeAll(_ descriptor: Int32, _ text: String) {
        ReMVVMStore.writeAll(text, to: descriptor)
    }
}
