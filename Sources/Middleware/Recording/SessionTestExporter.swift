public import ReMVVMStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Turns a recorded session into the source of a Swift Testing test: the actions from outside
/// are `send`s, the follow-ups that middleware, effects and subscribers dispatched are
/// `receive`s, the test's `TestClock` moves by the recorded gaps between them, and each state
/// change is asserted as code built from the values.
///
/// <!-- snippet: given log: ActionLog -->
/// ```swift
/// var exporter = SessionTestExporter(replayer: replayer, makeStore: "makeTestStore(clock: clock)")
/// exporter.imports += ["@testable import MyApp"]
/// let source = try exporter.source(for: log, from: Store(with: initialState))
/// // let clock = TestClock()
/// // let store = makeTestStore(clock: clock)
/// // try await store.send(LoginAction(firstName: "Ada", lastName: "Lovelace")) {
/// //     $0.user = User(firstName: "Ada", lastName: "Lovelace")
/// //     $0.navigation.apply(.present(Screen.greetings))
/// // }
/// // await clock.advance(by: .milliseconds(300))
/// // try await store.receive(GreetingsLoaded.self) {
/// //     $0.greeting = "Hello Ada Lovelace <3"
/// // }
/// ```
///
/// The file imports the library plainly (``imports``) and uses its public API alone, so it
/// compiles in an app's test target with `@testable` only of the app's own module.
///
/// The states come from the app's reducers, not from the log: each action of the log is
/// reduced in turn, from the initial state of the store given, and the test asserts what
/// changed. Reducers are pure and the log holds every follow-up, so this is exact, and a log
/// needs no `Codable` state (the seed's `AppState` holds a factory). The
/// ``ActionLog/Entry/Origin`` of each line says which actions are sent and which received; a
/// log written before origins were recorded has every action sent.
///
/// An ``UndoAction`` or a ``RedoAction`` is sent as itself and asserts the state its line says
/// it brought back (``ActionLog/Entry/restored``), which the ``UndoHistory`` in the test
/// store's middleware brings back too, since the test sends and receives in the recorded order.
///
/// The values become code when they are made of structs, enums, optionals, arrays, sets,
/// dictionaries, tuples, strings, `Bool`s and numbers, `UUID`s
/// (`UUID(uuidString: "...")!`), `Date`s (`Date(timeIntervalSinceReferenceDate: ...)`), `URL`s,
/// `Duration`s (`Duration.milliseconds(300)`) and the library's lists (an `IdentifiedArray`, as
/// an array literal of its elements, which its type accepts); the library's own actions are
/// code too (`NavigationAction<Screen>.dismiss`, `UndoAction()`). A ``NavigationState`` is not written
/// as its stored parts but as the actions that make the new one from the old, as the app
/// applied them (`$0.navigation.apply(.present(Screen.greetings))`), or from a new state when
/// an undo took it back (`$0.navigation = NavigationState(root: Screen.login)`, then `apply`s). A struct is written as its memberwise
/// initializer, so it must have one the test can call (with `@testable import`, an internal
/// one will do). What cannot be written as code falls back:
/// - An action becomes a JSON decode of its recorded payload
///   (`try JSONDecoder().decode(Type.self, from: Data(...))`, importing Foundation), so any
///   `Codable` action can be sent.
/// - A state property whose new value cannot be written is not asserted: a class instance,
///   a closure, a property wrapper or any struct with a stored property whose name starts
///   with an underscore (most Foundation values other than the four above, such as
///   `Decimal`), an enum case without payload of a type that describes itself, a metatype.
///   The step runs with `store.exhaustivity = .off`, so the rest of its change is still
///   compared, and a comment
///   names the property. An unchanged one is written as itself (`$0.factory`) in
///   ``StateAssertion/wholeState``.
///
/// What the session's reducers drew from `uuid` and `date` is given to the test store, in
/// order, right after it is made (`store.replayedDraws = [.uuid(UUID(uuidString: "...")!), ...]`),
/// so the test's ids and dates are the session's.
///
/// What cannot be exported throws ``ActionLogError/notExportable(line:typeName:reason:)``
/// naming the line: an ``UndoAction`` or a ``RedoAction`` whose line does not say what it
/// brought back (a log written before lines said it; export the session up to the line before
/// with `through:`); a draw from a dependency of the app's own (`DependencyValues.draw(_:_:)`),
/// whose value's type only its reducer knows. A gap (an action that was not recorded) becomes a comment, and the test
/// goes on with exhaustivity off. An action that a middleware blocked when it was recorded is
/// reduced here all the same: such sessions need the test edited by hand. A session cut with
/// `through:` before the log's end says so, lets what was still running run to its end
/// (`await clock.run()`, `await store.store.idle()`) and skips what it dispatched
/// (`store.skipReceivedActions()`), so the test ends passing.
public struct SessionTestExporter: Sendable {
    /// How a test states the state after an action.
    ///
    /// ```swift
    /// var exporter = SessionTestExporter(replayer: replayer, makeStore: "makeTestStore(clock: clock)")
    /// exporter.stateAssertion = .wholeState   // for states with `let` properties
    /// ```
    public enum StateAssertion: Sendable, Equatable {
        /// One assignment per changed stored property: `$0.user = User(...)`. Needs `var`
        /// properties.
        case changedProperties
        /// One assignment of the whole state, unchanged properties written as themselves:
        /// `$0 = AppState(factory: $0.factory, user: User(...))`. For states with `let`
        /// properties, such as the seed's `AppState`.
        case wholeState
    }

    /// The replayer that decodes the log's actions.
    public let replayer: ActionReplayer
    /// A Swift expression the test evaluates to make its `TestStore`, with the app's reducers
    /// and middleware and the initial state the session started from, such as
    /// `"makeTestStore(clock: clock)"`: the test binds its clock to `clock` first
    /// (``makeClock``), and a store that is not given it sleeps on another clock, which the
    /// test's advances never move.
    public var makeStore: String
    /// The import lines at the top of the file; add the app's (`@testable import MyApp`). The
    /// library's modules are imported plainly: the test uses their public API only.
    public var imports: [String] = [
        "import ReMVVMMiddleware", "import ReMVVMStore", "import ReMVVMTesting", "import Testing",
    ]
    /// A Swift expression that makes the test's clock, bound to `clock` in the test before
    /// ``makeStore`` runs; `"TestClock()"` by default.
    ///
    /// The test advances it by the gaps between the recorded times
    /// (``ActionLog/Entry/time``), so ``makeStore`` must give it to the store:
    /// `"makeTestStore(clock: clock)"`. The clock is made when the test advances it or
    /// ``makeStore`` names `clock`.
    public var makeClock = "TestClock()"
    /// The smallest step the test's clock moves by: the recorded times are rounded down to it
    /// before their gaps are taken, so that a session recorded on a real clock does not write
    /// a step for every microsecond between an action and its follow-ups. One millisecond by
    /// default; `.zero` keeps the microseconds.
    ///
    /// Rounding each time down, not each gap, keeps the sum of the steps within one resolution
    /// of the recorded time, and a gap of whole resolutions, such as a 300 ms debounce, never
    /// shrinks.
    public var timeResolution: Duration = .milliseconds(1)
    /// The name of the test suite, a Swift type name.
    public var suiteName = "RecordedSessionTests"
    /// The display name of the test.
    public var testName = "the recorded session"
    /// How the state after each action is asserted; ``StateAssertion/changedProperties`` by
    /// default.
    public var stateAssertion = StateAssertion.changedProperties
    /// The comment lines at the top of the file, without `//`.
    public var header = [
        "Generated from a recorded session by ReMVVM's SessionTestExporter.",
        "Regenerate it rather than edit it.",
    ]

    /// Creates an exporter.
    ///
    /// ```swift
    /// let exporter = SessionTestExporter(replayer: replayer, makeStore: "makeTestStore(clock: clock)")
    /// ```
    ///
    /// - Parameters:
    ///   - replayer: Decodes the log's actions; it must know every type in the log.
    ///   - makeStore: The Swift expression that makes the test's `TestStore`; name `clock` in
    ///     it to give the store the test's clock.
    public init(replayer: ActionReplayer, makeStore: String) {
        self.replayer = replayer
        self.makeStore = makeStore
    }

    /// The source of a Swift Testing test that replays `log` and checks every state on the way.
    ///
    /// <!-- snippet: given exporter: SessionTestExporter -->
    /// <!-- snippet: given log: ActionLog -->
    /// ```swift
    /// import Foundation
    /// import ReMVVMMiddleware
    /// import ReMVVMStore
    ///
    /// let source = try exporter.source(for: log, from: Store(with: initialState))
    /// let file = URL(fileURLWithPath: "Tests/AppTests/RecordedSessionTests.swift")
    /// try source.write(to: file, atomically: true, encoding: .utf8)
    /// ```
    ///
    /// - Parameters:
    ///   - log: The recorded session.
    ///   - store: A store with the app's reducers whose state is the one the session started
    ///     from; it is not changed (its middleware do not matter, they do not run).
    ///   - last: The sequence number of the last entry to export; every entry by default. A
    ///     test cut before the log's end lets what still runs finish and skips its actions.
    /// - Returns: The whole file, ending with a newline.
    /// - Throws: ``ActionLogError`` for a line the replayer cannot decode, or one that cannot
    ///   be exported; nothing is written.
    @MainActor
    public func source<State: StoreState>(
        for log: ActionLog,
        from store: Store<State>,
        through last: Int = .max
    ) throws(ActionLogError) -> String {
        let decoded = try replayer.decodedEntries(in: log, through: last)
        let replay: ExactReplay<State>
        do {
            replay = try ExactReplay(decoded, from: store.state, store: store)
        } catch .needsMiddleware(let line, let typeName) {
            let sequenceNumber = decoded.first { $0.entry.lineNumber == line }?.entry.sequenceNumber ?? line
            throw .notExportable(
                line: line, typeName: typeName,
                reason: "its line does not say which state it brought back (a log recorded before lines said "
                    + "it, or without an UndoHistory in the store); export the session up to the line before "
                    + "(through: \(sequenceNumber - 1))")
        } catch {
            throw error
        }
        var body: [String] = []
        var usesFoundation = false
        var usesClock = false
        var state = store.state
        var isExhaustive = true
        var next = zip(decoded, replay.steps).makeIterator()
        var clockTime: Duration?
        /// Moves the test's clock to the time of `entry`, rounded down to the resolution.
        func advanceClock(to entry: ActionLog.Entry) {
            guard let time = entry.time else { return }
            let rounded = Self.roundedDown(time, to: timeResolution)
            defer { clockTime = rounded }
            guard let now = clockTime, rounded > now else { return }
            usesClock = true
            body.append("await clock.advance(by: \(Self.code(for: rounded - now)))")
        }
        for entry in log.entries where entry.sequenceNumber <= last {
            advanceClock(to: entry)
            if entry.isSkipped {
                body.append(
                    "// line \(entry.lineNumber): a \(entry.typeName) was not recorded; the test leaves it out"
                )
                if isExhaustive {
                    body.append("// and from here on asserts only what it sets.")
                    body.append("store.exhaustivity = .off")
                    isExhaustive = false
                }
                continue
            }
            guard let ((_, action), step) = next.next() else { break }
            let after = step.state
            var assertion = assertion(from: state, to: after, exhaustive: isExhaustive)
            let unwritten = assertion.unwritten
            let needsOff = isExhaustive && !unwritten.isEmpty
            // With exhaustivity off, the closure gets the state after the action: a change
            // written as steps from the state before would be applied twice.
            if needsOff { assertion = self.assertion(from: state, to: after, exhaustive: false) }
            let leftOut = assertion.unwritten.filter { !unwritten.contains($0) }
            state = after
            let call: String
            if entry.origin == .followUp {
                guard let name = SwiftValueCode.typeName(of: action) else {
                    throw .notExportable(
                        line: entry.lineNumber, typeName: entry.typeName,
                        reason: "its type has no name a test can use")
                }
                call = "try await store.receive(\(name).self)"
            } else {
                let code = try actionCode(action, entry: entry, usesFoundation: &usesFoundation)
                call = "try await store.send(\(code))"
            }
            if needsOff {
                body.append(
                    "// \(unwritten.joined(separator: ", ")) cannot be written as code"
                        + (leftOut.isEmpty
                            ? ""
                            : ", and \(leftOut.joined(separator: ", ")) is not asserted without exhaustivity")
                        + ": this step asserts only the rest.")
                body.append("store.exhaustivity = .off")
            }
            if assertion.lines.isEmpty {
                body.append(call)
            } else {
                body.append(call + " {")
                body += assertion.lines.map { "    " + $0 }
                body.append("}")
            }
            if needsOff { body.append("store.exhaustivity = .on") }
        }
        if let cut = log.entries.first(where: { $0.sequenceNumber > last }) {
            // What ran on after the cut would dispatch actions the test does not expect, or
            // keep the store busy: it runs to its end, and its actions are skipped, said so.
            body.append(
                "// The session goes on in the log from line \(cut.lineNumber) (\(cut.typeName)); "
                    + "the test stops before it.")
            body.append("// What was still running runs to its end, and what it dispatched is skipped:")
            if usesClock || mentionsClock { body.append("await clock.run()") }
            body.append("await store.store.idle()")
            body.append("store.skipReceivedActions()")
        }
        body.append("try await store.finish()")
        let draws = try drawsCode(replay.steps.flatMap(\.draws), decoded: decoded)

        var imports = self.imports
        // A value of Foundation written as code (SwiftValueCode) needs its import too.
        let foundationCalls = ["UUID(uuidString:", "Date(timeIntervalSinceReferenceDate:", "URL(string:"]
        if (body + draws).contains(where: { line in foundationCalls.contains { line.contains($0) } }) {
            usesFoundation = true
        }
        if usesFoundation && !imports.contains("import Foundation") {
            imports.insert("import Foundation", at: 0)
        }
        var lines = header.map { "// " + $0 }
        lines.append("// swift-format-ignore-file")
        lines.append("")
        lines += imports
        lines.append("")
        lines.append("@MainActor")
        lines.append("@Suite struct \(suiteName) {")
        lines.append("    @Test(\(String(reflecting: testName)))")
        lines.append("    func recordedSession() async throws {")
        if usesClock || mentionsClock { lines.append("        let clock = \(makeClock)") }
        lines.append("        let store = \(makeStore)")
        lines += draws.map { "        " + $0 }
        lines += body.map { "        " + $0 }
        lines.append("    }")
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The lines that give the test store what the session's reducers drew, in order, so the
    /// test's ids and dates are the session's; none when they drew nothing.
    private func drawsCode(
        _ draws: [DependencyDraw], decoded: [(entry: ActionLog.Entry, action: any StoreAction)]
    ) throws(ActionLogError) -> [String] {
        guard !draws.isEmpty else { return [] }
        var lines = ["store.replayedDraws = ["]
        for draw in draws {
            guard let code = Self.code(for: draw) else {
                let entry = decoded.first { $0.entry.draws.contains { $0.name == draw.name } }?.entry
                throw .notExportable(
                    line: entry?.lineNumber ?? 0, typeName: entry?.typeName ?? draw.name,
                    reason: "its reducer drew from \(draw.name), a dependency whose values an exported test "
                        + "cannot write (only uuid and date)")
            }
            lines.append("    \(code),")
        }
        lines.append("]")
        return lines
    }

    /// `.uuid(UUID(uuidString: "...")!)` or `.date(...)`; `nil` for a draw of another dependency.
    private static func code(for draw: DependencyDraw) -> String? {
        switch draw.name {
        case "uuid":
            if let uuid = draw.value(as: UUID.self), let code = SwiftValueCode.code(for: uuid) {
                return ".uuid(\(code))"
            }
        case "date":
            if let date = draw.value(as: Date.self), let code = SwiftValueCode.code(for: date) {
                return ".date(\(code))"
            }
        default:
            // A dependency of the app's own: its value's type is known only to its reducer, and a
            // literal guessed from the log (`3` for a `Double`) would not be taken back.
            break
        }
        return nil
    }

    /// Whether ``makeStore`` uses the test's clock, by its name `clock`.
    private var mentionsClock: Bool {
        var word = ""
        for character in makeStore + " " {
            if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
            } else {
                if word == "clock" { return true }
                word = ""
            }
        }
        return false
    }

    /// `duration` rounded down to a whole number of `resolution`s.
    static func roundedDown(_ duration: Duration, to resolution: Duration) -> Duration {
        guard resolution > .zero else { return duration }
        let unit = max(1, LogLine.microseconds(in: resolution))
        return .microseconds(LogLine.microseconds(in: duration) / unit * unit)
    }

    /// `.seconds(300)`, `.milliseconds(150)`, `.microseconds(125)`.
    static func code(for duration: Duration) -> String {
        let microseconds = LogLine.microseconds(in: duration)
        if microseconds % 1_000_000 == 0 { return ".seconds(\(microseconds / 1_000_000))" }
        if microseconds % 1_000 == 0 { return ".milliseconds(\(microseconds / 1_000))" }
        return ".microseconds(\(microseconds))"
    }

    // MARK: - Code

    /// The lines that turn the state before into the state after, and the properties whose new
    /// values cannot be written.
    ///
    /// With exhaustivity off (`exhaustive` is `false`), a change stated as steps from the state
    /// before (a navigation) is not stated: the test store passes the state after the action.
    private func assertion(from before: Any, to after: Any, exhaustive: Bool) -> (
        lines: [String], unwritten: [String]
    ) {
        if SwiftValueCode.isSame(before, after) { return ([], []) }
        guard Mirror(reflecting: after).displayStyle == .struct,
            let oldParts = SwiftValueCode.labeledParts(of: before),
            let newParts = SwiftValueCode.labeledParts(of: after),
            oldParts.map(\.label) == newParts.map(\.label)
        else {
            if let code = SwiftValueCode.code(for: after) { return (["$0 = \(code)"], []) }
            return ([], ["the state"])
        }
        var unwritten: [String] = []
        var changed: [String] = []
        var arguments: [String] = []
        var stepLines: [String] = []
        for (old, new) in zip(oldParts, newParts) {
            let label = new.label
            if SwiftValueCode.isSame(old.value, new.value) {
                arguments.append("\(label): $0.\(label)")
            } else if !exhaustive, old.value is any SessionTestSteps {
                // Not stated: its steps start from the state before.
                unwritten.append(label)
                arguments.append("\(label): $0.\(label)")
            } else if let steps = (old.value as? any SessionTestSteps)?.sessionTestSteps(to: new.value) {
                // A navigation: the actions that make the new one, as the app applied them.
                let lines = steps.map { step in
                    if step.hasPrefix("=") { return "$0.\(label) \(step)" }
                    if step.hasPrefix("[") { return "$0.\(label)\(step)" }
                    return "$0.\(label).\(step)"
                }
                changed += lines
                stepLines += lines
                arguments.append("\(label): $0.\(label)")
            } else if let code = SwiftValueCode.code(for: new.value) {
                changed.append("$0.\(label) = \(code)")
                arguments.append("\(label): \(code)")
            } else {
                unwritten.append(label)
                // With exhaustivity off, `$0` is the state after the action.
                arguments.append("\(label): $0.\(label)")
            }
        }
        switch stateAssertion {
        case .changedProperties:
            return (changed, unwritten)
        case .wholeState:
            guard let name = SwiftValueCode.typeName(of: after) else { return (changed, unwritten) }
            return (["$0 = \(name)(\(arguments.joined(separator: ", ")))"] + stepLines, unwritten)
        }
    }

    /// The code of an action, or a decode of its recorded JSON when it cannot be written.
    private func actionCode(
        _ action: any StoreAction, entry: ActionLog.Entry, usesFoundation: inout Bool
    ) throws(ActionLogError) -> String {
        if let code = SwiftValueCode.code(for: action) { return code }
        guard let name = SwiftValueCode.typeName(of: action), let json = LogLine.payloadText(of: entry.line)
        else {
            throw .notExportable(
                line: entry.lineNumber, typeName: entry.typeName,
                reason: "it cannot be written as code, and its payload cannot be quoted")
        }
        usesFoundation = true
        var delimiter = "#"
        while json.contains("\"" + delimiter) { delimiter += "#" }
        return "try JSONDecoder().decode(\(name).self, from: Data(\(delimiter)\"\(json)\"\(delimiter).utf8))"
    }
}
