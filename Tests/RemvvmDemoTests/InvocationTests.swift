import Testing

@testable import remvvm_demo

@Suite struct InvocationTests {
    @Test(
        "arguments choose the mode",
        arguments: [
            ([], Invocation.standardInput),
            (["--help"], .help),
            (["-h", "login"], .help),
            (["--version"], .version),
            (["--script", "s.txt"], .script(path: "s.txt")),
            (["--script=s.txt"], .script(path: "s.txt")),
            (["login", "Ada", "Lovelace"], .commands([["login", "Ada", "Lovelace"]])),
            (["login", "Ada Augusta", "King"], .commands([["login", "Ada Augusta", "King"]])),
            (
                ["login", "A", "B", ";", "state", ";", "logout"],
                .commands([["login", "A", "B"], ["state"], ["logout"]])
            ),
            (["state", ";", ";", "state", ";"], .commands([["state"], ["state"]])),
            (["--", "--help"], .commands([["--help"]])),
            (["login", "--help", "x"], .commands([["login", "--help", "x"]])),
            (["-"], .commands([["-"]])),
        ]
    )
    func modes(words: [String], invocation: Invocation) {
        #expect(Invocation.parse(words: words) == .success(invocation))
    }

    @Test(
        "bad arguments give one message and a hint",
        arguments: [
            (["--frob"], "unknown option '--frob' (see: remvvm-demo --help)"),
            (["-x", "state"], "unknown option '-x' (see: remvvm-demo --help)"),
            (["--script"], "--script needs a file name (try: remvvm-demo --script session.txt)"),
            (["--script="], "--script needs a file name (try: remvvm-demo --script session.txt)"),
            (["--script", "a", "--script", "b"], "--script was given twice (run one script at a time)"),
            (
                ["--script", "a", "state"],
                "--script cannot be combined with commands (put the commands in the script, or leave out --script)"
            ),
            (
                ["--idle-timeout"],
                "--idle-timeout needs a number of seconds (try: remvvm-demo --idle-timeout 300)"
            ),
            (
                ["--idle-timeout="],
                "--idle-timeout needs a number of seconds (try: remvvm-demo --idle-timeout 300)"
            ),
            (
                ["--idle-timeout", "soon"],
                "--idle-timeout takes a number of seconds, got 'soon' (try: remvvm-demo --idle-timeout 300)"
            ),
            (
                ["--idle-timeout", "1e3"],
                "--idle-timeout takes a number of seconds, got '1e3' (try: remvvm-demo --idle-timeout 300)"
            ),
            (
                ["--idle-timeout", "nan"],
                "--idle-timeout takes a number of seconds, got 'nan' (try: remvvm-demo --idle-timeout 300)"
            ),
            (
                ["--idle-timeout", "0"],
                "--idle-timeout must be from 0.001 to 86400 seconds (a day), got '0' (try: remvvm-demo --idle-timeout 300)"
            ),
            (
                ["--idle-timeout", "-5"],
                "--idle-timeout must be from 0.001 to 86400 seconds (a day), got '-5' (try: remvvm-demo --idle-timeout 300)"
            ),
            (
                ["--idle-timeout", "0.0004"],
                "--idle-timeout must be from 0.001 to 86400 seconds (a day), got '0.0004' (try: remvvm-demo --idle-timeout 300)"
            ),
            (
                ["--idle-timeout", "86401"],
                "--idle-timeout must be from 0.001 to 86400 seconds (a day), got '86401' (try: remvvm-demo --idle-timeout 300)"
            ),
            (
                ["--idle-timeout", "5", "--idle-timeout", "6"],
                "--idle-timeout was given twice (give one timeout)"
            ),
            (
                ["--export-test", "s.jsonl", "--idle-timeout", "5"],
                "--export-test takes no other option and no commands (try: remvvm-demo --export-test session.jsonl > Tests/RemvvmDemoTests/SessionTests.swift)"
            ),
        ]
    )
    func invalid(words: [String], message: String) {
        guard case .failure(let error) = Invocation.parse(words: words) else {
            Issue.record("\(words) parsed")
            return
        }
        #expect(error.description == message)
    }

    @Test(
        "--record and --replay go with every input mode",
        arguments: [
            (["--record", "r.jsonl"], Invocation(mode: .standardInput, recordPath: "r.jsonl")),
            (["--replay=p.jsonl", "state"], Invocation(mode: .commands([["state"]]), replayPath: "p.jsonl")),
            (
                ["--replay", "p.jsonl", "--script", "s.txt", "--record=r.jsonl"],
                Invocation(mode: .script(path: "s.txt"), recordPath: "r.jsonl", replayPath: "p.jsonl")
            ),
            (["--record", "r.jsonl", "--help"], .help),
            (["--", "--record", "r.jsonl"], .commands([["--record", "r.jsonl"]])),
        ]
    )
    func files(words: [String], invocation: Invocation) {
        #expect(Invocation.parse(words: words) == .success(invocation))
    }

    @Test(
        "--idle-timeout takes seconds, fractions too, and goes with every input mode",
        arguments: [
            (["--idle-timeout", "300"], Invocation(mode: .standardInput, idleTimeout: .seconds(300))),
            (
                ["--idle-timeout=0.5", "state"],
                Invocation(mode: .commands([["state"]]), idleTimeout: .milliseconds(500))
            ),
            (
                ["--script", "s.txt", "--idle-timeout", "86400"],
                Invocation(mode: .script(path: "s.txt"), idleTimeout: .seconds(86_400))
            ),
            (["--idle-timeout", "0.001"], Invocation(mode: .standardInput, idleTimeout: .milliseconds(1))),
            (["--idle-timeout", "1.0004"], Invocation(mode: .standardInput, idleTimeout: .seconds(1))),
        ]
    )
    func idleTimeout(words: [String], invocation: Invocation) {
        #expect(Invocation.parse(words: words) == .success(invocation))
    }

    @Test("an argument that is not UTF-8 is reported with its position")
    func notUTF8() {
        let result = Invocation.parse(arguments: [Array("login".utf8), [0x41, 0xFF], Array("B".utf8)])
        #expect(result == .failure(.argumentNotUTF8(2)))
        #expect(
            CommandError.argumentNotUTF8(2).description == "argument 2 is not valid UTF-8 (pass UTF-8 text)")
    }
}
