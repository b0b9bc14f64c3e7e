import ReMVVMStore
import ReMVVMTesting
import Testing

// Tests what a user reads (DESIGN.md, "What users read"): values in TestStore failures and in
// ValueText (Sources/Store/Descriptions/ValueText.swift), written as people write them.

private struct Row: Identifiable, Equatable, Sendable {
    let id: Int
    var title: String
}

/// A tagged id, as swift-tagged's `Tagged`: its own description is its raw value.
private struct Tagged<Tag, RawValue: Hashable & Sendable>: Hashable, Sendable, CustomStringConvertible {
    let rawValue: RawValue
    var description: String { "\(rawValue)" }
}

private enum Meeting {}

/// Describes itself only for debugging.
private struct Version: Equatable, Sendable, CustomDebugStringConvertible {
    let major: Int
    let minor: Int
    var debugDescription: String { "v\(major).\(minor)" }
}

private struct Handler {
    let name: String
    let run: () -> Void
}

private struct Desk: StoreState, Equatable {
    var rows: IdentifiedArray<Row> = []
    var delay: Duration = .zero
    var selected: Tagged<Meeting, Int>?
    var version = Version(major: 1, minor: 0)
    var title = ""
}

private struct SetRows: StoreAction { let rows: IdentifiedArray<Row> }
private struct SetDelay: StoreAction { let delay: Duration }
private struct Select: StoreAction { let id: Tagged<Meeting, Int> }
private struct SetTitle: StoreAction { let title: String }
/// Sent without an id; ``NumberingMiddleware`` gives it one.
private struct AddRow: StoreAction { var id: Int? }

private enum DeskReducer {
    @MainActor static func register(on store: TestStore<Desk>) {
        store.register(reducer: SetRowsReducer.self)
        store.register(reducer: SetDelayReducer.self)
        store.register(reducer: SelectReducer.self)
        store.register(reducer: SetTitleReducer.self)
        store.register(reducer: AddRowReducer.self)
    }
}

private enum SetRowsReducer: Reducer {
    static func reduce(state: Desk, with action: SetRows) -> Desk {
        var state = state
        state.rows = action.rows
        return state
    }
}

private enum SetDelayReducer: Reducer {
    static func reduce(state: Desk, with action: SetDelay) -> Desk {
        var state = state
        state.delay = action.delay
        return state
    }
}

private enum SelectReducer: Reducer {
    static func reduce(state: Desk, with action: Select) -> Desk {
        var state = state
        state.selected = action.id
        state.version = Version(major: 1, minor: 1)
        return state
    }
}

private enum SetTitleReducer: Reducer {
    static func reduce(state: Desk, with action: SetTitle) -> Desk {
        var state = state
        state.title = action.title
        return state
    }
}

private enum AddRowReducer: Reducer {
    static func reduce(state: Desk, with action: AddRow) -> Desk {
        var state = state
        let id = action.id ?? 0
        state.rows.append(Row(id: id, title: "row \(id)"))
        return state
    }
}

/// Gives an ``AddRow`` without an id the next id.
private struct NumberingMiddleware: Middleware {
    func applyMiddleware(for state: Desk, action: AddRow, dispatcher: Dispatcher<AddRow, Desk>) {
        guard action.id == nil else { return dispatcher.next() }
        dispatcher.next(action: AddRow(id: state.rows.count + 1))
    }
}

@MainActor
private func makeDeskStore(middleware: [any AnyMiddleware] = []) -> TestStore<Desk> {
    let store = TestStore(with: Desk(), middleware: middleware)
    DeskReducer.register(on: store)
    return store
}

@MainActor
@Suite("What users read: values in TestStore failures and in ValueText")
struct PrintedValuesTests {
    @Test("an IdentifiedArray inside an action is written as its elements, not as its storage")
    func listInAction() async {
        let store = makeDeskStore()
        let failure = await caughtTestStoreFailure {
            try await store.send(SetRows(rows: [Row(id: 1, title: "a")]))
        }
        #expect(
            failure?.message == """
                send SetRows(rows: [Row(id: 1, title: "a")]): the state differs from the expected one:
                  rows[id: 1]: expected no element, got Row(id: 1, title: "a")
                """)
        #expect(
            ValueText.value([Row(id: 2, title: "b")] as IdentifiedArray<Row>) == #"[Row(id: 2, title: "b")]"#)
    }

    @Test(
        "a Duration is written as the code that makes it",
        arguments: [
            (Duration.seconds(2), ".seconds(2)"),
            (.milliseconds(1_500), ".seconds(1.5)"),
            (.milliseconds(300), ".milliseconds(300)"),
            (.microseconds(20), ".microseconds(20)"),
            (.nanoseconds(5), ".nanoseconds(5)"),
            (.zero, ".seconds(0)"),
            (.zero - .milliseconds(1_500), ".seconds(-1.5)"),
            (.seconds(1) + .nanoseconds(1), ".seconds(1.000000001)"),
        ])
    func duration(_ duration: Duration, _ text: String) {
        #expect(ValueText.value(duration) == text)
    }

    @Test("a Duration in a failure and in an action reads as code")
    func durationInFailure() async {
        let store = makeDeskStore()
        let failure = await caughtTestStoreFailure {
            try await store.send(SetDelay(delay: .milliseconds(300))) { $0.delay = .seconds(1.5) }
        }
        #expect(
            failure?.message == """
                send SetDelay(delay: .milliseconds(300)): the state differs from the expected one:
                  delay: expected .seconds(1.5), got .milliseconds(300)
                """)
    }

    @Test(
        "a type with its own description is written as it: a tagged id as its raw value, a version as its debug text"
    )
    func ownDescriptions() async {
        let store = makeDeskStore()
        let failure = await caughtTestStoreFailure {
            try await store.send(Select(id: Tagged(rawValue: 7)))
        }
        #expect(
            failure?.message == """
                send Select(id: 7): the state differs from the expected one:
                  selected: expected nil, got 7
                  version: expected v1.0, got v1.1
                """)
        #expect(ValueText.value(Version(major: 2, minor: 5)) == "v2.5")
        #expect(ValueText.value([Tagged<Meeting, String>(rawValue: "a")]) == "[a]")
    }

    @Test("a function is written (function)")
    func function() {
        #expect(ValueText.value(Handler(name: "save", run: {})) == #"Handler(name: "save", run: (function))"#)
    }

    @Test("a long value cut in a failure keeps its first difference in view on both sides")
    func cutKeepsTheDifference() async throws {
        let start = String(repeating: "a", count: 120)
        let end = String(repeating: "z", count: 120)
        let store = makeDeskStore()
        try await store.send(SetTitle(title: start + "1" + end)) { $0.title = start + "1" + end }
        let failure = await caughtTestStoreFailure {
            try await store.send(SetTitle(title: start + "2" + end)) { $0.title = start + "3" + end }
        }
        let message = try #require(failure?.message)
        let lines = message.split(separator: "\n")
        #expect(lines.count == 2)
        let line = String(try #require(lines.last))
        #expect(line.hasPrefix(#"  title: expected "aaaa"#))
        // Each side shows where it differs, and how much it left out.
        #expect(line.contains(#"aaaaaaaa3zz"#))
        #expect(line.contains(#"aaaaaaaa2zz"#))
        #expect(line.contains(" more)…"))
        let sides = line.dropFirst("  title: expected ".count).components(separatedBy: ", got ")
        #expect(sides.count == 2)
        #expect(sides.allSatisfy { $0.count <= ValueDiff.testStoreValueLimit })
    }

    @Test("a cut around the difference says how many characters it left out, before and after")
    func cutCounts() {
        let first =
            "[.list, .detail(\"" + String(repeating: "0", count: 60) + "1" + String(repeating: "9", count: 60)
            + "\")]"
        let second = first.replacingOccurrences(of: "1", with: "2")
        let (cutFirst, cutSecond) = ValueText.cut(first, second, limit: 60)
        #expect(cutFirst.count <= 60 && cutSecond.count <= 60)
        #expect(cutFirst.contains("01") && cutSecond.contains("02"))
        #expect(cutFirst.hasPrefix("[.list"))
        // What is kept and what each marker says it left out add up to the whole text.
        for (cut, whole) in [(cutFirst, first), (cutSecond, second)] {
            let parts = cut.components(separatedBy: "…")
            var count = 0
            for part in parts {
                if part.hasPrefix("("), part.hasSuffix(" more)") {
                    count += Int(part.dropFirst().dropLast(" more)".count)) ?? -1_000
                } else {
                    count += part.count
                }
            }
            #expect(count == whole.count, "\(cut)")
        }
        // A difference near the start is kept by the ordinary cut: start and end.
        let (early, _) = ValueText.cut(
            "ab" + String(repeating: "x", count: 200), "ac" + String(repeating: "x", count: 200), limit: 40)
        #expect(early.hasPrefix("ab") && early.hasSuffix("xxx"))
    }

    @Test("a failure names the action as the reducer got it, and says a middleware replaced it")
    func replacedAction() async {
        let store = makeDeskStore(middleware: [NumberingMiddleware()])
        let failure = await caughtTestStoreFailure {
            try await store.send(AddRow())
        }
        #expect(
            failure?.message == """
                send AddRow(id: nil), which a middleware replaced with AddRow(id: 1): the state differs from the expected one:
                  rows[id: 1]: expected no element, got Row(id: 1, title: "row 1")
                """)
        // An action passed on as it came is named once.
        let failure2 = await caughtTestStoreFailure {
            try await store.send(AddRow(id: 5))
        }
        #expect(failure2?.message.hasPrefix("send AddRow(id: 5): the state differs") == true)
    }

    @Test("an action the test did not send is named as its reducer got it, and received by that value")
    func replacedActionReceived() async throws {
        let store = makeDeskStore(middleware: [NumberingMiddleware()])
        // As a view model would dispatch it: not sent, so received.
        store.store.dispatch(action: AddRow())
        let failure = await caughtTestStoreFailure {
            try await store.receive(SetTitle.self)
        }
        #expect(
            failure?.message.contains(
                "the next action reduced was AddRow(id: nil), which a middleware replaced with AddRow(id: 1), "
                    + "expected SetTitle") == true, "\(failure?.message ?? "no failure")")
        store.store.dispatch(action: AddRow())
        try await store.receive(
            AddRow.self, where: { $0.id == 2 },
            assert: { $0.rows = [Row(id: 1, title: "row 1"), Row(id: 2, title: "row 2")] })
        store.store.dispatch(action: AddRow())
        let unreceived = await caughtTestStoreFailure { try await store.finish() }
        #expect(
            unreceived?.message.contains("AddRow(id: nil), which a middleware replaced with AddRow(id: 3)")
                == true,
            "\(unreceived?.message ?? "no failure")")
    }
}
