import Foundation
import Testing

@testable import remvvm_demo

/// Decodes every byte of `bytes`, keeping the keys completed.
private func keys(_ bytes: String) -> [Key] {
    var decoder = KeyDecoder()
    return bytes.utf8.compactMap { decoder.feed($0) }
}

/// Types `bytes` into an editor with echo on; returns the editor, the outcomes and the output.
private func type(
    _ bytes: String, into editor: inout LineEditor
) -> (outcomes: [LineEditor.Outcome], output: String) {
    var output = ""
    let outcomes = keys(bytes).map { editor.apply($0, output: &output) }
    return (outcomes, output)
}

@Suite struct KeyDecoderTests {
    @Test(
        "escape sequences become keys or are consumed whole, never text",
        arguments: [
            ("\u{1B}[A", Key.up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
            ("\u{1B}OA", .up), ("\u{1B}[H", .home), ("\u{1B}[F", .end), ("\u{1B}[1~", .home),
            ("\u{1B}[4~", .end), ("\u{1B}[3~", .delete), ("\u{1B}[24~", .ignored), ("\u{1B}[200~", .ignored),
            ("\u{1B}x", .ignored),
        ]
    )
    func escapeSequences(sequence: String, key: Key) {
        #expect(keys(sequence) == [key])
    }

    @Test("control keys, UTF-8 characters and plain text")
    func controlKeysAndText() {
        #expect(
            keys("a\u{1}\u{5}\u{3}\u{4}\u{C}\u{7F}\r\n") == [
                .character([0x61]), .home, .end, .interrupt, .endOfInput, .redraw, .backspace, .enter, .enter,
            ])
        #expect(keys("é") == [.character(Array("é".utf8))])
        #expect(keys("\u{1B}[Aok") == [.up, .character([0x6F]), .character([0x6B])])
    }
}

@Suite struct LineEditorTests {
    @Test("editing in the middle of a line, then enter, returns the edited line")
    func editInTheMiddle() {
        var editor = LineEditor(prompt: "> ", echoes: true)
        editor.startLine()
        let (outcomes, _) = type("frob\u{1B}[D\u{1B}[D\u{7F}X\r", into: &editor)
        #expect(outcomes.last == .line(Array("fXob".utf8)))
    }

    @Test("up and down walk the session's history and come back to the line being typed")
    func history() {
        var editor = LineEditor(prompt: "> ", echoes: false)
        editor.startLine()
        _ = type("one\r", into: &editor)
        editor.startLine()
        _ = type("two\r", into: &editor)
        editor.startLine()
        _ = type("dra\u{1B}[A\u{1B}[A", into: &editor)
        #expect(editor.text == "one")
        _ = type("\u{1B}[B", into: &editor)
        #expect(editor.text == "two")
        _ = type("\u{1B}[B", into: &editor)
        #expect(editor.text == "dra")
    }

    @Test("Ctrl-C clears the line; Ctrl-D deletes on a non-empty line and ends the input on an empty one")
    func controlKeys() {
        var editor = LineEditor(prompt: "> ", echoes: false)
        editor.startLine()
        let (cleared, _) = type("abc\u{3}", into: &editor)
        #expect(cleared.allSatisfy { $0 == .editing })
        #expect(editor.text == "")
        _ = type("stat\u{1}\u{4}", into: &editor)
        #expect(editor.text == "tat")
        let (ended, _) = type("\u{5}\u{15}\u{4}", into: &editor)
        #expect(ended.last == .endOfInput)
    }

    @Test("the screen text redraws the line after the cursor, and Ctrl-L redraws the prompt")
    func screenText() {
        var editor = LineEditor(prompt: "> ", echoes: true)
        editor.startLine()
        #expect(type("ab", into: &editor).output == "ab")
        #expect(type("\u{1B}[D", into: &editor).output == "\u{1B}[1D")
        #expect(type("X", into: &editor).output == "\u{1B}[1DaXb\u{1B}[K\u{1B}[1D")
        #expect(type("\u{C}", into: &editor).output == "\u{1B}[H\u{1B}[2J> aXb\u{1B}[1D")
    }

    @Test(
        "after output interrupts it, the line comes back after the prompt with the cursor in place; unechoed, nothing"
    )
    func lineAfterPrompt() {
        var editor = LineEditor(prompt: "> ", echoes: true)
        editor.startLine()
        _ = type("stat\u{1B}[D\u{1B}[D", into: &editor)
        #expect(editor.lineAfterPrompt == "stat\u{1B}[2D")
        _ = type("\u{5}", into: &editor)
        #expect(editor.lineAfterPrompt == "stat")
        var hidden = LineEditor(prompt: "> ", echoes: false)
        hidden.startLine()
        _ = type("secret", into: &hidden)
        #expect(hidden.lineAfterPrompt.isEmpty)
    }
}

@Suite(.enabled(if: DemoProcess.scriptTool != nil, "needs util-linux script for a pseudo-terminal"))
struct TerminalLineEditingTests {
    /// Runs the demo on a pseudo-terminal and types `input` once the first prompt is shown (typed
    /// earlier, the terminal's line discipline would take the control keys itself), then runs
    /// `stty -a` on the same terminal; returns everything shown and the demo's status.
    func runOnTerminal(_ input: String) throws -> (output: String, status: Int32) {
        let script = try #require(DemoProcess.scriptTool)
        let process = Process()
        process.executableURL = script
        let command = "NO_COLOR=1 '\(DemoProcess.executable.path)'; status=$?; stty -a; exit $status"
        process.arguments = ["--echo", "never", "-qec", command, "/dev/null"]
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stdout
        try process.run()
        var data = Data()
        while !String(decoding: data, as: UTF8.self).contains("> ") {
            let chunk = stdout.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            data.append(chunk)
        }
        // The prompt is written just before the terminal goes raw.
        Thread.sleep(forTimeInterval: 0.2)
        _ = DemoProcess.ignoreBrokenPipes
        try stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        data.append(try stdout.fileHandleForReading.readToEnd() ?? Data())
        process.waitUntilExit()
        let output = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
        return (output, process.terminationStatus)
    }

    @Test(
        "history, editing in the middle, Ctrl-C and both Ctrl-D cases on a terminal, which is then restored")
    func session() throws {
        let (output, status) = try runOnTerminal(
            "frob\u{1B}[D\u{1B}[D\u{7F}X\n"  // edit in the middle: fXob
                + "\u{1B}[A\n"  // recall it
                + "abc\u{3}state\n"  // Ctrl-C drops abc
                + "stat\u{1}\u{4}\n"  // Ctrl-D on a non-empty line deletes the s
                + "\u{1B}[1;5C\u{C}"  // an unknown sequence, and Ctrl-L
                + "\u{4}"  // Ctrl-D on an empty line quits
        )
        #expect(status == 0)
        let errors = output.split(separator: "\n").filter { $0.contains("error:") }
        #expect(
            errors.map { $0.replacingOccurrences(of: "> ", with: "") } == [
                "error: unknown command 'fXob' (type 'help' to list the commands)",
                "error: unknown command 'fXob' (type 'help' to list the commands)",
                "error: unknown command 'tat' (did you mean 'state'?)",
            ])
        #expect(output.contains(Expected.loggedOutState))
        #expect(output.contains("\u{1B}[H\u{1B}[2J> "))
        // The terminal is back in its usual mode after the demo quit.
        let settings = Set(output.split(whereSeparator: \.isWhitespace))
        #expect(settings.isSuperset(of: ["icanon", "isig", "icrnl", "iexten"]))
        #expect(settings.isDisjoint(with: ["-icanon", "-isig", "-icrnl", "-iexten"]))
    }
}
