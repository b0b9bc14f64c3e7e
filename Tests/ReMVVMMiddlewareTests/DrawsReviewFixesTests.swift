import Foundation
import ReMVVMMiddleware
import ReMVVMStore
import Testing

// The defects a review of reducers' draws found, each with the case that showed it.

private struct Pad: StoreState, Equatable {
    var ids: [UUID] = []
    var stamps: [Date] = []
}

private struct Jot: StoreAction, Codable, Equatable {}
private struct PadPing: StoreAction, Codable, Equatable {}
/// Draws a date, then an id: a reducer that changed since its session.
private struct StampedJot: StoreAction, Codable, Equatable {}

@MainActor
private func registerPad(on store: some StoreRegistering<Pad>) {
    store.register(Jot.self) { pad, _ in
        @Dependency(\.uuid) var uuid
        pad.ids.append(uuid())
    }
    store.register(StampedJot.self) { pad, _ in
        @Dependency(\.date) var date
        @Dependency(\.uuid) var uuid
        pad.stamps.append(date.now)
        pad.ids.append(uuid())
    }
    store.register(PadPing.self) { _, _ in }
}

/// Holds every `Jot` back until the test lets it go.
@MainActor
private final class JotHolder: Middleware {
    var held: [Dispatcher<Jot, Pad>] = []

    func applyMiddleware(for state: Pad, action: Jot, dispatcher: Dispatcher<Jot, Pad>) {
        held.append(dispatcher)
    }
}

private func id(_ number: Int) -> UUID {
    UUID(uuidString: "BBBBBBBB-0000-0000-0000-00000000000\(number)")!
}

@MainActor
@Suite("Draws: what a review found")
struct DrawsReviewFixesTests {
    @Test("an action a middleware held back while another passed has its draws read back from the log")
    func heldBackAction() throws {
        try withTemporaryFile { file in
            let holder = JotHolder()
            let store = Store(with: Pad(), middleware: [ActionRecorder(fileURL: file), holder])
            registerPad(on: store)
            store.dispatch(action: Jot())
            store.dispatch(action: PadPing())
            holder.held.first?.next()
            let log = try ActionLog(contentsOf: file)
            #expect(log.entries.map(\.draws.count) == [1, 0])
            let replayed = Store(with: Pad()) { $0.uuid = .incrementing }
            registerPad(on: replayed)
            try ActionReplayer(types: [Jot.self, PadPing.self]).replay(log, into: replayed)
            #expect(replayed.state == store.state)
        }
    }

    @Test("a subscriber that draws while a change is told takes nothing of the reducer's draws")
    func subscriberDrawsAreNotTheReducers() {
        let store = Store(with: Pad()) {
            $0.uuid = .incrementing
            $0.replayedDraws = [.uuid(id(1)), .uuid(id(2))]
        }
        registerPad(on: store)
        var drawnBySubscriber: [UUID] = []
        let subscription = store.subscribe(to: \.self) { [unowned store] _, _ in
            drawnBySubscriber.append(store.dependencies.uuid())
        }
        store.dispatch(action: Jot())
        store.dispatch(action: Jot())
        #expect(store.state.ids == [id(1), id(2)])
        #expect(drawnBySubscriber.count == 2 && !drawnBySubscriber.contains(id(2)))
        subscription.cancel()
    }

    @Test("a history that moved to another store leaves the first one keeping no draws")
    func movedHistoryKeepsNoDraws() {
        let history = ActionHistory<Pad>()
        let first = Store(with: Pad(), middleware: [history]) { $0.uuid = .incrementing }
        registerPad(on: first)
        #expect(first.recordsDraws)
        let second = Store(with: Pad(), middleware: [history])
        registerPad(on: second)
        for _ in 0..<100 { first.dispatch(action: Jot()) }
        #expect(!first.recordsDraws)
        #expect(first.drawsOfCurrentChange.isEmpty)
        #expect(second.recordsDraws)
    }

    @Test("a replayed draw of another name leaves the queued one for the draw it names")
    func mismatchedNameIsNotConsumed() {
        var kinds: [StoreDiagnostic.Kind] = []
        let store = Store(with: Pad()) {
            $0.uuid = .incrementing
            $0.date = .constant(Date(timeIntervalSinceReferenceDate: 0))
            $0.replayedDraws = [.uuid(id(1)), .uuid(id(2))]
        }
        store.diagnosticsHandler = { kinds.append($0.kind) }
        registerPad(on: store)
        store.dispatch(action: StampedJot())
        store.dispatch(action: StampedJot())
        #expect(store.state.ids == [id(1), id(2)])
        #expect(kinds == [.drawNotRecorded, .drawNotRecorded])
    }

    @Test("an export of a session that drew from a dependency of the app's own says it cannot")
    func customDrawsAreNotExported() throws {
        struct Roll: StoreAction, Codable {}
        try withTemporaryFile { file in
            let store = Store(with: Pad(), middleware: [ActionRecorder(fileURL: file)])
            store.register(Roll.self) { pad, _ in
                let score = DependencyValues.draw("score") { 3.0 }
                pad.stamps.append(Date(timeIntervalSinceReferenceDate: score))
            }
            store.dispatch(action: Roll())
            let log = try ActionLog(contentsOf: file)
            #expect(log.entries.first?.draws.map(\.name) == ["score"])
            let exporter = SessionTestExporter(
                replayer: try ActionReplayer(types: [Roll.self]), makeStore: "makeTestStore()")
            #expect(throws: ActionLogError.self) {
                _ = try exporter.source(for: log, from: Store(with: Pad()))
            }
        }
    }
}
