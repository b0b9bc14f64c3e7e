import Foundation
import ReMVVMTestSupport
import Testing

/// `--state FILE`, run as the built executable: who is logged in survives runs, bad files are set
/// aside, and a run killed with SIGKILL at any instant leaves a whole file behind.
@Suite("remvvm-demo --state")
struct StateFileExecutableTests {
    @Test("who is logged in survives the run: the next one starts on the greetings screen")
    func survivesRuns() throws {
        let directory = try DemoProcess.makeDirectory()
        #expect(
            try DemoProcess.run(["--state", "state.json", "login", "Ada", "Lovelace"], in: directory)
                == RunResult(
                    standardOutput: Expected.loginScreen + Expected.greetingsScreen("Ada Lovelace"),
                    standardError: "", status: 0))
        #expect(
            try String(contentsOf: directory.appendingPathComponent("state.json"), encoding: .utf8)
                == #"{"value":{"firstName":"Ada","lastName":"Lovelace"},"version":1}"#)
        // Restored before the first screen: it is the greetings screen.
        #expect(
            try DemoProcess.run(["--state=state.json", "state", ";", "logout"], in: directory)
                == RunResult(
                    standardOutput: Expected.greetingsScreen("Ada Lovelace")
                        + Expected.loggedInState("Ada", "Lovelace") + Expected.loginScreen,
                    standardError: "", status: 0))
        #expect(
            try DemoProcess.run(["--state", "state.json", "state"], in: directory)
                == RunResult(
                    standardOutput: Expected.loginScreen + Expected.loggedOutState, standardError: "",
                    status: 0))
    }

    @Test("a jump back to before the login is saved: the next run starts logged out")
    func jumpIsSaved() throws {
        let directory = try DemoProcess.makeDirectory()
        let url = directory.appendingPathComponent("state.json")
        let first = try DemoProcess.run(
            ["--state", "state.json"], input: Array("login Ada Lovelace\njump 0\nquit\n".utf8), in: directory)
        #expect(first.status == 0)
        #expect(first.standardError == "")
        #expect(try String(contentsOf: url, encoding: .utf8) == Self.encoded(nil))
        #expect(
            try DemoProcess.run(["--state", "state.json", "state"], in: directory)
                == RunResult(
                    standardOutput: Expected.loginScreen + Expected.loggedOutState, standardError: "",
                    status: 0))
    }

    @Test(
        "a state file that is not a saved user is set aside under a name that says why, and the run starts logged out"
    )
    func setAside() throws {
        let directory = try DemoProcess.makeDirectory()
        let url = directory.appendingPathComponent("state.json")
        try Data(#"{"value":"Ada","version":1}"#.utf8).write(to: url)
        let result = try DemoProcess.run(["--state", "state.json", "state"], in: directory)
        #expect(result.standardOutput == Expected.loginScreen + Expected.loggedOutState)
        #expect(result.status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasPrefix("state.json.") }
        let aside = try #require(names.first)
        #expect(names.count == 1)
        #expect(aside.wholeMatch(of: #/state\.json\.wrong-shape-[0-9]{8}T[0-9]{6}Z/#) != nil)
        #expect(
            result.standardError
                == "warning: state.json could not be restored; it was kept as \(aside), and the session starts "
                + "logged out\n")
        #expect(
            try String(contentsOf: directory.appendingPathComponent(aside), encoding: .utf8)
                == #"{"value":"Ada","version":1}"#)
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }

    @Test("bad --state options name the option")
    func badOptions() throws {
        #expect(
            try DemoProcess.run(["--state"])
                == RunResult(
                    standardOutput: "",
                    standardError: "error: --state needs a file name (try: remvvm-demo --state state.json)\n",
                    status: 1))
        #expect(
            try DemoProcess.run(["--state", "a", "--state=b"])
                == RunResult(
                    standardOutput: "", standardError: "error: --state was given twice (give one file)\n",
                    status: 1))
    }

    /// The bytes of a state file that holds `user`, or nobody.
    private static func encoded(_ user: (String, String)?) -> String {
        guard let (first, last) = user else { return #"{"value":null,"version":1}"# }
        return #"{"value":{"firstName":"\#(first)","lastName":"\#(last)"},"version":1}"#
    }

    @Test(
        "killed with SIGKILL at random moments, 200 times, the file always holds a value the run had committed"
    )
    func killedWhileSaving() throws {
        // In memory where possible: a kill tests the process, not the disk, and tmpfs keeps the
        // 200 runs' fsyncs fast. (What a kill leaves is the same on any file system: the page
        // cache outlives the process.)
        let memory = URL(fileURLWithPath: "/dev/shm")
        let directory =
            FileManager.default.isWritableFile(atPath: memory.path)
            ? memory.appendingPathComponent("remvvm-demo-state-\(UUID().uuidString)")
            : try DemoProcess.makeDirectory()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("state.json")
        let seed = UInt64.random(in: 0...UInt64.max)
        var random = SeededGenerator(seed: seed)
        let clock = ContinuousClock()
        let start = clock.now

        // The first value, committed by a run that ends normally.
        let first = try DemoProcess.run(["--state", file.path, "login", "u0", "v0"], in: directory)
        try #require(first.status == 0, "\(first)")
        var previous = Self.encoded(("u0", "v0"))
        var savedRuns = 0
        // 20 under the sanitizers (`loadSize`): a kill tests the file's writes, not the engine.
        let runs = loadSize(200)

        for run in 1...runs {
            // The run starts logged in (restored), so it logs out and in, again and again, with
            // names of its own: far more than it can do before it is killed.
            var input = ""
            var committable: Set<String> = [previous, Self.encoded(nil)]
            for number in 1...3_000 {
                let user = ("u\(run)_\(number)", "v\(run)_\(number)")
                input += "logout\nlogin \(user.0) \(user.1)\n"
                committable.insert(Self.encoded(user))
            }
            let inputURL = directory.appendingPathComponent("input.txt")
            try Data(input.utf8).write(to: inputURL)

            let process = try DemoProcess.start(arguments: ["--state", file.path], input: inputURL)
            // Wait until the run saved something of its own, so the kill lands among its writes,
            // then let it go on for a random 0 to 3 ms. (Up to 30 s: a loaded machine starts it late.)
            for _ in 0..<120_000 {
                if !process.isRunning { break }
                if let text = try? String(contentsOf: file, encoding: .utf8), text != previous {
                    savedRuns += 1
                    break
                }
                usleep(250)
            }
            usleep(UInt32(Int.random(in: 0...3_000, using: &random)))
            #expect(process.isRunning, "run \(run) ended before it was killed (seed \(seed))")
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal, "run \(run) (seed \(seed))")

            let bytes = try Data(contentsOf: file)
            let text = String(decoding: bytes, as: UTF8.self)
            try #require(!bytes.isEmpty, "run \(run) left an empty file (seed \(seed))")
            try #require(
                committable.contains(text),
                "run \(run) left \(text.debugDescription), not a value it committed (seed \(seed))")
            previous = text
        }
        // Each run saved values of its own before it was killed; at most a temporary file is
        // left beside the state, and nothing was ever set aside.
        #expect(
            savedRuns >= runs - runs / 20, "only \(savedRuns) of \(runs) runs saved a value before the kill")
        let leftover = Set(try FileManager.default.contentsOfDirectory(atPath: directory.path))
            .subtracting(["state.json", "input.txt", ".stdout", ".stderr"])
        #expect(leftover.isSubset(of: [".state.json.saving"]), "\(leftover)")
        // And the last file restores in a normal run.
        let last = try DemoProcess.run(["--state", file.path, "state"], in: directory)
        #expect(last.status == 0)
        #expect(last.standardError == "")
        print(
            "\(runs) SIGKILLs in \(clock.now - start); \(savedRuns) runs saved before the kill (seed \(seed))"
        )
    }
}

extension StateFileExecutableTests {
    @Test("a state file that cannot be saved is one warning, and the run goes on")
    func cannotSave() throws {
        let directory = try DemoProcess.makeDirectory()
        // A file where the state file's folder should be: the folder cannot be made.
        try Data("not a folder".utf8).write(to: directory.appendingPathComponent("taken"))
        let result = try DemoProcess.run(
            ["--state", "taken/state.json", "login", "Ada", "Lovelace", ";", "logout", ";", "state"],
            in: directory)
        #expect(
            result.standardOutput
                == Expected.loginScreen + Expected.greetingsScreen("Ada Lovelace") + Expected.loginScreen
                + Expected.loggedOutState)
        #expect(result.status == 0)
        // One warning for the streak of failed saves, naming what is in the way.
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.count == 1, "\(result)")
        let line = try #require(lines.first)
        #expect(line.hasPrefix("warning: cannot save Optional<User> to '"))
        #expect(line.contains("taken/state.json': "))
        #expect(line.hasSuffix("/taken' is not a folder; the next change will try again"))
    }
}
