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

    @Test("an argument that is not UTF-8 is reported with its position")
    func notUTF8() {
        let result = Invocation.parse(arguments: [Array("login".utf8), [0x41, 0xFF], Array("B".utf8)])
        #expect(result == .failure(.argumentNotUTF8(2)))
        #expect(
            CommandError.argumentNotUTF8(2).description == "argument 2 is not valid UTF-8 (pass UTF-8 text)")
    }
}
