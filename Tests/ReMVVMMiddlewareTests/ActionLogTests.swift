import Foundation
import ReMVVMMiddleware
import Testing

@Suite struct ActionLogTests {
    @Test("a log's lines become entries, with skipped lines as gaps")
    func entries() throws {
        let log = try ActionLog(
            text: """
                {"seq":1,"type":"Increment","action":{"by":2}}
                {"seq":2,"type":"Ping","skipped":true}
                {"seq":4,"type":"Rename","action":{}}

                """)
        #expect(log.entries.map(\.sequenceNumber) == [1, 2, 4])
        #expect(log.entries.map(\.typeName) == ["Increment", "Ping", "Rename"])
        #expect(log.entries.map(\.lineNumber) == [1, 2, 3])
        #expect(log.entries.map(\.isSkipped) == [false, true, false])
        #expect(log.gaps.map(\.typeName) == ["Ping"])
        #expect(log.lastSequenceNumber == 4)
        #expect(log.warnings.isEmpty)
    }

    @Test("empty logs, blank lines, CRLF line ends and a complete last line without newline are fine")
    func lenient() throws {
        #expect(try ActionLog(text: "").entries.isEmpty)
        #expect(try ActionLog(text: "\n\n").entries.isEmpty)
        let log = try ActionLog(
            text: "{\"seq\":1,\"type\":\"A\",\"action\":{}}\r\n\n  \n{\"seq\":2,\"type\":\"B\",\"action\":{}}"
        )
        #expect(log.entries.map(\.typeName) == ["A", "B"])
        #expect(log.entries.map(\.lineNumber) == [1, 4])
        #expect(log.warnings.isEmpty)
    }

    @Test("a cut-off last line is a warning, and the lines before it are kept")
    func truncatedLastLine() throws {
        let log = try ActionLog(
            text: """
                {"seq":1,"type":"Increment","action":{"by":2}}
                {"seq":2,"type":"Rename","action":{"name":"Ad
                """)
        #expect(log.entries.map(\.sequenceNumber) == [1])
        #expect(
            log.warnings.map(\.description) == [
                "line 2: the last line is cut off (the recording stopped while writing it); it was left out"
            ])
    }

    @Test(
        "every bad line throws one error naming the line and what is wrong",
        arguments: [
            ("not json\n", "line 1: not JSON: 'not json'"),
            (
                "{\"seq\":1,\"type\":\"A\",\"action\":{}}\n{\"seq\":2,\"type\":\n{\"seq\":3}\n",
                "line 2: not JSON: '{\"seq\":2,\"type\":'"
            ),
            ("[1, 2]\n", "line 1: not an action log entry: expected "),
            ("{\"type\":\"A\",\"action\":{}}\n", "line 1: not an action log entry: missing \"seq\""),
            (
                "{\"seq\":\"1\",\"type\":\"A\",\"action\":{}}\n",
                "line 1: not an action log entry: \"seq\": expected a whole number"
            ),
            (
                "{\"seq\":1.5,\"type\":\"A\",\"action\":{}}\n",
                "line 1: not an action log entry: \"seq\": expected a whole number"
            ),
            (
                "{\"seq\":0,\"type\":\"A\",\"action\":{}}\n",
                "line 1: not an action log entry: \"seq\" must be 1 or more, got 0"
            ),
            ("{\"seq\":1,\"action\":{}}\n", "line 1: not an action log entry: missing \"type\""),
            (
                "{\"seq\":1,\"type\":\"\",\"action\":{}}\n",
                "line 1: not an action log entry: \"type\" is empty"
            ),
            (
                "{\"seq\":1,\"type\":\"A\"}\n",
                "line 1: not an action log entry: missing \"action\" (and not marked skipped)"
            ),
            (
                "{\"seq\":1,\"type\":\"A\",\"skipped\":\"yes\"}\n",
                "line 1: not an action log entry: \"skipped\": expected true or false"
            ),
            (
                "{\"seq\":2,\"type\":\"A\",\"action\":{}}\n{\"seq\":2,\"type\":\"A\",\"action\":{}}\n",
                "line 2: sequence number 2 does not follow 2 (the numbers must increase: were two logs joined?)"
            ),
            (
                "{\"seq\":1,\"type\":\"A\",\"time\":-1,\"action\":{}}\n",
                "line 1: not an action log entry: \"time\" must be 0 or more seconds, got -1.0"
            ),
            (
                "{\"seq\":1,\"type\":\"A\",\"time\":\"soon\",\"action\":{}}\n",
                "line 1: not an action log entry: \"time\": expected a number"
            ),
            (
                "{\"seq\":2,\"type\":\"UndoAction\",\"restores\":2,\"action\":{}}\n",
                "line 1: not an action log entry: \"restores\" must name an earlier line's \"seq\", got 2"
            ),
            (
                "{\"seq\":5,\"type\":\"A\",\"action\":{}}\n{\"seq\":1,\"type\":\"A\",\"action\":{}}\n",
                "line 2: sequence number 1 does not follow 5 (the numbers must increase: were two logs joined?)"
            ),
        ]
    )
    func badLine(text: String, message: String) {
        #expect {
            try ActionLog(text: text)
        } throws: { error in
            String(describing: error).hasPrefix(message)
        }
    }

    @Test("times and restored lines read when present; older lines without them read as nil")
    func timesAndRestoredLines() throws {
        let log = try ActionLog(
            text: """
                {"seq":1,"type":"A","action":{}}
                {"seq":2,"type":"A","origin":"outside","time":0.3,"action":{}}
                {"seq":3,"type":"UndoAction","origin":"outside","time":300.000125,"restores":2,"action":{}}
                {"seq":4,"type":"RedoAction","origin":"outside","time":301,"restores":null,"action":{}}
                {"seq":5,"type":"B","origin":"followUp","time":302,"skipped":true}

                """)
        #expect(
            log.entries.map(\.time) == [
                nil, .milliseconds(300), .seconds(300) + .microseconds(125), .seconds(301), .seconds(302),
            ])
        #expect(log.entries.map(\.restored) == [nil, nil, .stateBefore(sequenceNumber: 2), .nothing, nil])
    }

    @Test("a cut line that is not the last is an error, not a warning")
    func truncatedInsideIsError() {
        #expect(throws: ActionLogError.self) {
            try ActionLog(text: "{\"seq\":1,\"type\":\"A\",\"act\n{\"seq\":2,\"type\":\"A\",\"action\":{}}\n")
        }
        do {
            _ = try ActionLog(text: "{\"seq\":1,\"type\":\"A\",\"act\n")
            Issue.record("a cut line with its newline was accepted")
        } catch {
            #expect(error.lineNumber == 1)
        }
    }

    @Test("a line that is not UTF-8 is not JSON")
    func notUTF8() throws {
        try withTemporaryFile { (url: URL) throws in
            try Data([0xFF, 0xFE, 0x0A]).write(to: url)
            #expect {
                try ActionLog(contentsOf: url)
            } throws: { error in
                (error as? ActionLogError)?.lineNumber == 1
                    && String(describing: error) == "line 1: not JSON: '\u{FFFD}\u{FFFD}'"
            }
        }
    }

    @Test("a file that cannot be read throws with its path and the system's reason")
    func unreadable() {
        #expect(
            throws: ActionLogError.unreadable(
                path: "/nonexistent-remvvm/log.jsonl", reason: "No such file or directory")
        ) {
            try ActionLog(contentsOf: URL(fileURLWithPath: "/nonexistent-remvvm/log.jsonl"))
        }
        let directory = FileManager.default.temporaryDirectory
        #expect(throws: ActionLogError.unreadable(path: directory.path, reason: "Is a directory")) {
            try ActionLog(contentsOf: directory)
        }
        #expect(
            ActionLogError.unreadable(path: "x.jsonl", reason: "Permission denied").description
                == "cannot read action log 'x.jsonl': Permission denied")
        #expect(ActionLogError.unreadable(path: "x", reason: "y").lineNumber == nil)
    }
}
