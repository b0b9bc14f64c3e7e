import Foundation
import ReMVVMStore
import ReMVVMTestSupport
import Testing

@testable import remvvm_demo

// 100,000 seeded random lines (random bytes, invalid UTF-8, control characters, long lines,
// near-misses and valid commands) through the line reader, the parser and the app, in-process.
// The demo must not crash, must change the state only for valid commands, and must answer every
// rejected line with exactly one error line that can neither flood nor drive the terminal.

/// A generated line, and the command it must parse to when the generator knows.
private struct FuzzLine {
    enum Kind: CaseIterable {
        case randomBytes
        case invalidUTF8
        case controlCharacters
        case long
        case nearMiss
        case valid
    }

    let kind: Kind
    let bytes: [UInt8]
    let expected: Command?
}

private enum FuzzLineGenerator {
    static let names = ["Ada", "Lovelace", "Grace", "Hopper", "Zoë", "李", "O'Brien", "🙂", "Jean-Luc", "x"]
    static let controls: [UInt8] = [0, 1, 7, 8, 9, 11, 12, 13, 27, 127]
    static let invalidSequences: [[UInt8]] = [
        [0xFF], [0xFE], [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80],
        [0xF4, 0x90, 0x80, 0x80], [0xF8, 0x88, 0x80, 0x80, 0x80], [0xC3], [0xE2, 0x82], [0x80], [0xBF],
    ]
    static let validLines: [(String, Command)] = [
        ("logout", .logout), ("profile", .profile), ("back", .back), ("state", .state), ("help", .help),
        ("trace on", .trace(on: true)),
        ("trace off", .trace(on: false)), ("", .nothing), ("   ", .nothing), ("# note", .nothing),
    ]

    static func line(using random: inout SeededGenerator) -> FuzzLine {
        // Long lines are slow to build and parse in debug builds: one in 2,000 is plenty.
        let roll = random.below(2000)
        if roll == 0 { return long(using: &random) }
        switch roll % 5 {
        case 0: return randomBytes(using: &random)
        case 1: return invalidUTF8(using: &random)
        case 2: return controlCharacters(using: &random)
        case 3: return nearMiss(using: &random)
        default: return valid(using: &random)
        }
    }

    static func randomBytes(using random: inout SeededGenerator) -> FuzzLine {
        let count = random.below(120)
        // Any byte but the newline, which ends a line before the parser sees it.
        let bytes = (0..<count).map { _ -> UInt8 in
            let byte = UInt8(truncatingIfNeeded: random.next())
            return byte == 10 ? 0 : byte
        }
        return FuzzLine(kind: .randomBytes, bytes: bytes, expected: nil)
    }

    static func invalidUTF8(using random: inout SeededGenerator) -> FuzzLine {
        var bytes = Array(validText(using: &random).utf8)
        let position = random.below(bytes.count + 1)
        bytes.insert(contentsOf: random.element(of: invalidSequences), at: position)
        return FuzzLine(kind: .invalidUTF8, bytes: bytes, expected: nil)
    }

    static func controlCharacters(using random: inout SeededGenerator) -> FuzzLine {
        var bytes = Array(validText(using: &random).utf8)
        for _ in 0...random.below(3) {
            bytes.insert(random.element(of: controls), at: random.below(bytes.count + 1))
        }
        if random.below(4) == 0 { bytes += Array("\u{1B}[2J\u{1B}[31m".utf8) }
        return FuzzLine(kind: .controlCharacters, bytes: bytes, expected: nil)
    }

    static func long(using random: inout SeededGenerator) -> FuzzLine {
        let count = 4096 + random.below(60_000)
        let word = random.element(of: ["login ", "x", "\"", "a b ", "'", "\\\\", "é"])
        var text = String(repeating: word, count: count / word.utf8.count + 1)
        if random.below(2) == 0 { text = "login " + text }
        return FuzzLine(kind: .long, bytes: Array(text.utf8), expected: nil)
    }

    static func nearMiss(using random: inout SeededGenerator) -> FuzzLine {
        var characters = Array(validText(using: &random))
        switch random.below(6) {
        case 0 where !characters.isEmpty:
            characters.remove(at: random.below(characters.count))
        case 1:
            characters.insert(
                random.element(of: ["\"", "'", "\\", " ", "#", "q"]), at: random.below(characters.count + 1))
        case 2 where !characters.isEmpty:
            let index = random.below(characters.count)
            characters[index] = Character(characters[index].uppercased())
        case 3:
            characters += Array(" extra")
        case 4:
            characters += Array("\\")
        default:
            characters = Array(
                random.element(of: [
                    "lgoin Ada Lovelace", "log in", "LOGIN a b", "exit", "trace", "trace maybe",
                    "login \"\" x", "login \"Ada", "quit now", "help me",
                ]))
        }
        return FuzzLine(kind: .nearMiss, bytes: Array(String(characters).utf8), expected: nil)
    }

    static func valid(using random: inout SeededGenerator) -> FuzzLine {
        if random.below(2) == 0 {
            let first = random.element(of: names)
            let last = random.element(of: names)
            let line = "login \(quote(first, using: &random)) \(quote(last, using: &random))"
            return FuzzLine(
                kind: .valid, bytes: Array(line.utf8), expected: .login(firstName: first, lastName: last))
        }
        let (line, command) = random.element(of: validLines)
        return FuzzLine(kind: .valid, bytes: Array(line.utf8), expected: command)
    }

    /// A name as a person might type it: bare, in double quotes, or in single quotes.
    static func quote(_ name: String, using random: inout SeededGenerator) -> String {
        if name.contains("'") { return "\"\(name)\"" }
        switch random.below(3) {
        case 0: return "\"\(name)\""
        case 1: return "'\(name)'"
        default: return name
        }
    }

    /// A valid command line (never `quit`), as the base of a corrupted one.
    static func validText(using random: inout SeededGenerator) -> String {
        String(decoding: valid(using: &random).bytes, as: UTF8.self)
    }
}

@MainActor
private final class Output {
    var chunks: [OutputChunk] = []

    var errorLines: [String] {
        chunks.filter { $0.stream == .standardError && $0.text.hasPrefix("error:") }.map(\.text)
    }

    var standardOutput: String {
        chunks.filter { $0.stream == .standardOutput }.map(\.text).joined()
    }
}

@MainActor
@Suite("Command fuzzing")
struct CommandFuzzTests {
    /// 10,000 under the sanitizers (`loadSize`); the soak step runs the 100,000 in release.
    static let lineCount = loadSize(100_000)

    @Test(
        "100,000 random lines: no crash, state changes only for valid commands, one error line per rejected line"
    )
    func randomLines() async throws {
        let seed = UInt64(ProcessInfo.processInfo.environment["REMVVM_SEED"] ?? "") ?? 0x5EED_2026
        var random = SeededGenerator(seed: seed)
        let lines = (0..<Self.lineCount).map { _ in FuzzLineGenerator.line(using: &random) }
        let readBack = try await Self.throughLineReader(lines.map(\.bytes))
        try #require(readBack.count == lines.count, "seed \(seed): the reader split the input differently")

        let output = Output()
        var app = DemoApp()
        var session = Session(app: app, source: .pipe) { output.chunks.append($0) }
        session.start()
        var accepted = 0
        var rejected = 0
        var quits = 0
        var kinds: Set<String> = []
        var failures = 0
        for (index, line) in lines.enumerated() {
            let number = index + 1
            let bytes = readBack[index]
            kinds.insert("\(line.kind)")
            let before = app.store.state.user
            let topBefore = app.store.state.navigation.top.screen
            let text = String(validUTF8: bytes)
            let parsed = text.map(CommandParser.parse)
            output.chunks.removeAll()

            let goesOn = session.run(line: bytes, number: number)

            let after = app.store.state.user
            let errors = output.errorLines
            // Built only for a failure: describing every line would double the test's time.
            var location: String { "seed \(seed), line \(number) (\(line.kind)): \(Self.describe(bytes))" }
            var expectedUser = before
            var shouldReject = true
            if case .success(let command) = parsed {
                if let expected = line.expected, command != expected {
                    Issue.record("parsed as \(command), generated as \(expected); \(location)")
                }
                // Quotes and backslashes may split a command's name (st\ate is `state`),
                // but its letters must all be there: garbage never parses by accident.
                let letters = text.map { $0.filter { !"\\\"'".contains($0) } } ?? ""
                if command != .nothing, !letters.contains(Self.name(of: command)) {
                    Issue.record("garbage parsed as \(command); \(location)")
                }
                switch command {
                case .login(let first, let last) where before == nil:
                    expectedUser = User(firstName: first, lastName: last)
                    shouldReject = false
                case .login: break
                case .logout where before != nil:
                    expectedUser = nil
                    shouldReject = false
                case .logout: break
                case .profile where topBefore == .greetings: shouldReject = false
                case .profile: break
                case .back where topBefore == .profile: shouldReject = false
                case .back: break
                default: shouldReject = false
                }
            } else if line.expected != nil {
                Issue.record("a valid line was rejected: \(errors); \(location)")
            }
            if shouldReject {
                rejected += 1
                let ok =
                    errors.count == 1 && after == before && output.standardOutput.isEmpty
                    && errors.allSatisfy { Self.isSafeErrorLine($0) }
                if !ok {
                    failures += 1
                    Issue.record(
                        "rejected line: \(errors.count) error lines \(errors.map(Self.describe)), user \(String(describing: before)) -> \(String(describing: after)), stdout \(output.standardOutput.utf8.count) bytes; \(location)"
                    )
                }
            } else {
                accepted += 1
                if !errors.isEmpty || after != expectedUser {
                    failures += 1
                    Issue.record(
                        "accepted line: errors \(errors), user \(String(describing: after)) expected \(String(describing: expectedUser)); \(location)"
                    )
                }
            }
            // The screens are state: the login screen is on top exactly while nobody is logged in,
            // and the screen shown is the one on top.
            let top = app.store.state.navigation.top.screen
            if (top == .login) != (after == nil) || app.render() != Self.screen(top, of: app) {
                failures += 1
                Issue.record("screen \(top) with user \(String(describing: after)); \(location)")
            }
            if !goesOn {
                quits += 1
                app = DemoApp()
                session = Session(app: app, source: .pipe) { output.chunks.append($0) }
                session.start()
            }
            if failures >= 10 { break }
        }
        #expect(kinds.count == FuzzLine.Kind.allCases.count)
        #expect(accepted > Self.lineCount / 10, "seed \(seed)")
        #expect(rejected > Self.lineCount / 2, "seed \(seed)")
        #expect(session.hasFailed)
    }

    /// Writes the lines to a file joined by newlines, and reads them back with the demo's
    /// ``LineReader``, as a piped session would.
    static func throughLineReader(_ lines: [[UInt8]]) async throws -> [[UInt8]] {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "remvvm-fuzz-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        var data = Data()
        for line in lines {
            data.append(contentsOf: line)
            data.append(10)
        }
        try data.write(to: url)
        let descriptor = open(url.path, O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let reader = LineReader(descriptor: descriptor)
        var result: [[UInt8]] = []
        while let next = await reader.nextLine() {
            result.append(try next.get())
        }
        // The reader drops one carriage return before each newline, as a terminal sends it.
        for (index, line) in lines.enumerated() where index < result.count {
            let expected = line.last == 13 ? Array(line.dropLast()) : line
            if result[index] != expected {
                Issue.record(
                    "line \(index + 1) read back as \(describe(result[index])), written \(describe(line))")
                break
            }
        }
        return result
    }

    /// One line ending in a newline, short, with no control character a terminal would act on.
    static func isSafeErrorLine(_ text: String) -> Bool {
        guard text.hasSuffix("\n"), text.utf8.count <= 400 else { return false }
        // The C0 and C1 control characters, and DEL: what a terminal acts on.
        return !text.utf8.dropLast().contains { $0 < 0x20 || $0 == 0x7F }
            && !text.unicodeScalars.contains { (0x80...0x9F).contains($0.value) }
    }

    static func name(of command: Command) -> String {
        switch command {
        case .login: "login"
        case .logout: "logout"
        case .profile: "profile"
        case .back: "back"
        case .state: "state"
        case .trace: "trace"
        case .undo: "undo"
        case .redo: "redo"
        case .history: "history"
        case .jump: "jump"
        case .skip: "skip"
        case .help: "help"
        case .quit: "quit"
        case .nothing: ""
        }
    }

    /// The text of `screen` as the app's renderer draws it for the app's state.
    static func screen(_ screen: Screen, of app: DemoApp) -> String {
        let user = app.store.state.user
        return switch screen {
        case .login: ScreenRenderer.render(app.loginViewModel?.state, style: .plain)
        case .greetings: ScreenRenderer.render(GreetingsViewState(user: user), style: .plain)
        case .profile: ScreenRenderer.render(ProfileViewState(user: user), style: .plain)
        }
    }

    static func describe(_ bytes: [UInt8]) -> String {
        let shown = bytes.prefix(80).map { byte in
            (32..<127).contains(byte) ? String(UnicodeScalar(byte)) : "\\x" + String(byte, radix: 16)
        }
        return "\"" + shown.joined() + (bytes.count > 80 ? "...\" (\(bytes.count) bytes)" : "\"")
    }

    static func describe(_ text: String) -> String {
        describe(Array(text.utf8))
    }
}
