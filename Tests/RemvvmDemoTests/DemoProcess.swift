import Foundation
import Testing

/// What one run of the built `remvvm-demo` printed, and its exit status.
struct RunResult: Equatable, Sendable, CustomStringConvertible {
    var standardOutput: String
    var standardError: String
    var status: Int32

    var description: String {
        "status \(status)\n--- stdout\n\(standardOutput)--- stderr\n\(standardError)---"
    }
}

/// Runs the built `remvvm-demo` executable with Foundation's `Process`.
enum DemoProcess {
    /// The build products directory: the executable sits next to the test bundle.
    static let productsDirectory: URL = {
        #if os(macOS)
            for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
                return bundle.bundleURL.deletingLastPathComponent()
            }
        #endif
        return Bundle.main.bundleURL
    }()

    static var executable: URL { productsDirectory.appendingPathComponent("remvvm-demo") }

    /// A fresh directory to run in, so scripts can be named by relative paths.
    static func makeDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("remvvm-demo-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Runs the demo with `arguments`, `input` piped to its standard input, in `directory`.
    static func run(
        _ arguments: [String],
        input: [UInt8] = [],
        in directory: URL? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> RunResult {
        try #require(
            FileManager.default.isExecutableFile(atPath: executable.path),
            "remvvm-demo was not built next to the tests at \(executable.path)",
            sourceLocation: sourceLocation
        )
        return try launch(executable, arguments: arguments, input: input, in: directory)
    }

    /// Runs a shell command line with the demo's path as `$0`; for arguments that are not
    /// UTF-8, which `Process` cannot pass.
    /// Starts the demo with `arguments`, reading `input` and discarding what it prints, and
    /// returns at once: for tests that kill it while it runs.
    static func start(arguments: [String], input: URL) throws -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardInput = try FileHandle(forReadingFrom: input)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    static func runShell(_ commandLine: String) throws -> RunResult {
        try launch(
            URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", commandLine, executable.path], input: [],
            in: nil)
    }

    /// util-linux `script`, which runs a command on a pseudo-terminal; `nil` where it is missing
    /// or too old to switch off echoing the input (`--echo`, util-linux 2.35).
    static let scriptTool: URL? = {
        let url = URL(fileURLWithPath: "/usr/bin/script")
        guard FileManager.default.isExecutableFile(atPath: url.path),
            let help = try? launch(url, arguments: ["--help"], input: [], in: nil),
            help.standardOutput.contains("--echo")
        else { return nil }
        return url
    }()

    /// Runs the demo on a pseudo-terminal, as a person would: `input` is typed into it ahead of
    /// time and not echoed, and the demo's standard output and error both arrive, with `\r\n`
    /// line ends turned into `\n`, as the result's standard output.
    static func runOnTerminal(input: String, color: Bool) throws -> RunResult {
        let script = try #require(scriptTool)
        var result = try launch(
            script,
            arguments: ["--echo", "never", "-qec", executable.path, "/dev/null"],
            input: Array(input.utf8),
            in: nil,
            environment: color ? ["TERM": "xterm"] : ["TERM": "xterm", "NO_COLOR": "1"]
        )
        result.standardOutput = result.standardOutput.replacingOccurrences(of: "\r\n", with: "\n")
        return result
    }

    /// Makes a write to a closed pipe fail with EPIPE instead of raising SIGPIPE; once per
    /// test process.
    static let ignoreBrokenPipes: Void = {
        signal(SIGPIPE, SIG_IGN)
    }()

    private static func launch(
        _ url: URL,
        arguments: [String],
        input: [UInt8],
        in directory: URL?,
        environment extra: [String: String] = ["NO_COLOR": "1"]
    ) throws -> RunResult {
        let directory = try directory ?? makeDirectory()
        let outURL = directory.appendingPathComponent(".stdout")
        let errURL = directory.appendingPathComponent(".stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        let stdin = Pipe()

        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.standardInput = stdin
        process.standardOutput = out
        process.standardError = err
        process.environment = environment(extra)
        try process.run()
        // Inputs are small, well under a pipe's buffer. A demo may exit before it reads them
        // (a bad flag, `quit`): writing then fails with EPIPE, which must not kill the tests
        // with SIGPIPE (seen once on a loaded CI machine).
        _ = ignoreBrokenPipes
        try? stdin.fileHandleForWriting.write(contentsOf: Data(input))
        try? stdin.fileHandleForWriting.close()
        process.waitUntilExit()
        try out.close()
        try err.close()
        return RunResult(
            standardOutput: normalizingDurations(
                String(decoding: try Data(contentsOf: outURL), as: UTF8.self)),
            standardError: normalizingDurations(
                String(decoding: try Data(contentsOf: errURL), as: UTF8.self)),
            status: process.terminationStatus
        )
    }

    /// This process's environment without `NO_COLOR`, with `extra` added.
    static func environment(_ extra: [String: String]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = nil
        environment.merge(extra) { _, new in new }
        return environment
    }

    /// Replaces the times in trace lines (`(0.012 ms)`, `total 0.061 ms`) with `#`, so that the
    /// rest of the output compares exactly.
    static func normalizingDurations(_ text: String) -> String {
        text.replacingOccurrences(of: #"[0-9]+\.[0-9]{3} ms"#, with: "# ms", options: .regularExpression)
    }
}

/// A run of the demo that a test talks to while it runs: it types a line, waits until the
/// output shows something, types the next, and so on; for what happens between commands (the
/// idle timeout). Every wait has a deadline: a run that hangs fails its test and is stopped.
final class LiveDemoRun: @unchecked Sendable {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errors = Pipe()
    /// Guards what the reading threads write.
    private let lock = NSLock()
    private var received: [UInt8] = []
    private var receivedErrors: [UInt8] = []
    private var pipesOpen = 2

    /// Starts `executable` with `arguments`, without colour; both of its output pipes are read
    /// as it runs, each on a thread of its own.
    init(_ executable: URL, arguments: [String]) throws {
        process.executableURL = executable
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        process.environment = DemoProcess.environment(["NO_COLOR": "1", "TERM": "xterm"])
        _ = DemoProcess.ignoreBrokenPipes
        try process.run()
        read(standardError: false) { $0.received += $1 }
        read(standardError: true) { $0.receivedErrors += $1 }
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    /// Reads one of the run's output pipes until it ends, handing each chunk to `store`.
    private func read(standardError: Bool, into store: @escaping @Sendable (LiveDemoRun, Data) -> Void) {
        DispatchQueue.global().async {
            while true {
                let data = (standardError ? self.errors : self.output).fileHandleForReading.availableData
                self.lock.withLock {
                    if data.isEmpty { self.pipesOpen -= 1 } else { store(self, data) }
                }
                if data.isEmpty { return }
            }
        }
    }

    /// What the run printed to standard output so far, with a terminal's `\r\n` line ends
    /// turned into `\n`.
    var standardOutput: String {
        lock.withLock { String(decoding: received, as: UTF8.self) }.replacingOccurrences(
            of: "\r\n", with: "\n")
    }

    /// Types `text` into the run's standard input.
    func type(_ text: String) throws {
        try input.fileHandleForWriting.write(contentsOf: Data(text.utf8))
    }

    /// Waits until standard output contains `text` `count` times, and returns when it saw
    /// that; `nil` after `timeout`, when the run is stopped.
    func waitForOutput(
        _ text: String, count: Int = 1, timeout: Duration = .seconds(20)
    ) async throws -> ContinuousClock.Instant? {
        let deadline = ContinuousClock.now + timeout
        // Looks once more after the deadline: a test task that the machine kept from running
        // past it (the whole suite under TSan) must not miss output that did arrive.
        while true {
            if standardOutput.components(separatedBy: text).count > count { return .now }
            guard ContinuousClock.now < deadline else { break }
            try await Task.sleep(for: .milliseconds(5))
        }
        process.terminate()
        return nil
    }

    /// Ends the input, waits for the run to exit and returns what it printed. A run still going
    /// after `timeout` is stopped, and the test fails.
    func finish(
        timeout: Duration = .seconds(20), sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> RunResult {
        try input.fileHandleForWriting.close()
        let deadline = ContinuousClock.now + timeout
        while process.isRunning || lock.withLock({ pipesOpen > 0 }) {
            if ContinuousClock.now >= deadline {
                Issue.record(
                    "the run did not end within \(timeout):\n\(standardOutput)",
                    sourceLocation: sourceLocation)
                process.terminate()
                break
            }
            try await Task.sleep(for: .milliseconds(5))
        }
        process.waitUntilExit()
        let errorText = lock.withLock { String(decoding: receivedErrors, as: UTF8.self) }
        return RunResult(
            standardOutput: standardOutput, standardError: errorText, status: process.terminationStatus)
    }
}
