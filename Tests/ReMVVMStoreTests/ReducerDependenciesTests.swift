import Foundation
import ReMVVMStore
import ReMVVMTesting
import Testing

// Reducers that read dependencies: `@Dependency` inside a reducer, the built-in `uuid` and
// `date` with their test values, unimplemented test values, and draws replayed in order.

private struct Book: Equatable, Sendable {
    var id: UUID
    var title: String
    var added: Date
}

private struct Library: StoreState, Equatable {
    var books: [Book] = []
}

private struct AddBook: StoreAction {
    let title: String
}

private enum AddBookReducer: Reducer {
    static func reduce(state: inout Library, with action: AddBook) {
        @Dependency(\.uuid) var uuid
        @Dependency(\.date) var date
        state.books.append(Book(id: uuid(), title: action.title, added: date.now))
    }
}

private let day = Date(timeIntervalSinceReferenceDate: 800_000_000)

private func counted(_ number: Int) -> UUID {
    let digits = String(number, radix: 16, uppercase: true)
    return UUID(
        uuidString: "00000000-0000-0000-0000-" + String(repeating: "0", count: 12 - digits.count) + digits)!
}

private func later(_ date: Date, by seconds: Double) -> Date {
    Date(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate + seconds)
}

@MainActor
@Suite struct ReducerDependenciesTests {
    @Test("a reducer reads the test store's uuid and date: counted ids, the constant date")
    func reducerReadsTestValues() async throws {
        let store = TestStore(with: Library()) {
            $0.uuid = .incrementing
            $0.date = .constant(day)
        }
        store.register(reducer: AddBookReducer.self)
        try await store.send(AddBook(title: "Dune")) {
            $0.books = [Book(id: counted(0), title: "Dune", added: day)]
        }
        try await store.send(AddBook(title: "Emma")) {
            $0.books.append(Book(id: counted(1), title: "Emma", added: day))
        }
        try await store.finish()
    }

    @Test("each store's reducers read that store's dependencies")
    func eachStoreItsOwn() {
        let minuteLater = later(day, by: 60)
        let first = Store(with: Library()) { $0.date = .constant(day) }
        let second = Store(with: Library()) { $0.date = .constant(minuteLater) }
        for store in [first, second] { store.register(reducer: AddBookReducer.self) }
        first.dispatch(action: AddBook(title: "Dune"))
        second.dispatch(action: AddBook(title: "Emma"))
        #expect(first.state.books.map(\.added) == [day])
        #expect(second.state.books.map(\.added) == [minuteLater])
        // Live ids: random, and different.
        #expect(first.state.books[0].id != second.state.books[0].id)
    }

    @Test("a uuid the test did not set is one issue where the test store was made; ids still count")
    func unsetUUIDReported() async throws {
        var line = 0
        let (store, issues) = await TestStoreIssues.collect {
            line = #line + 1
            let store = TestStore(with: Library()) { $0.date = .constant(day) }
            store.register(reducer: AddBookReducer.self)
            store.store.dispatch(action: AddBook(title: "Dune"))
            store.store.dispatch(action: AddBook(title: "Emma"))
            return store
        }
        store.exhaustivity = .off
        #expect(issues.map { "\($0.filePath):\($0.line)" } == ["\(#filePath):\(line)"])
        #expect(issues.first?.message.contains("$0.uuid = .incrementing") == true)
        #expect(store.store.state.books.map(\.id) == [counted(0), counted(1)])
    }

    @Test("a date the test did not set is an issue too")
    func unsetDateReported() async throws {
        let (_, issues) = await TestStoreIssues.collect {
            let store = TestStore(with: Library()) { $0.uuid = .incrementing }
            store.register(reducer: AddBookReducer.self)
            store.store.dispatch(action: AddBook(title: "Dune"))
            store.exhaustivity = .off
        }
        #expect(issues.count == 1)
        #expect(issues.first?.message.contains("$0.date = .constant(...)") == true)
    }

    @Test("@Dependency read outside a reducer gives the live value and is an issue at its line")
    func readOutsideReducer() async throws {
        var line = 0
        let (date, issues) = await TestStoreIssues.collect {
            line = #line + 1
            @Dependency(\.date) var date
            return date.now
        }
        #expect(abs(Date().timeIntervalSince1970 - date.timeIntervalSince1970) < 60)
        #expect(issues.map(\.line) == [UInt(line)])
        #expect(issues.first?.message.contains("outside a reducer") == true)
    }

    @Test("an unimplemented test value is an issue at its call and returns the placeholder")
    func unimplementedReported() async throws {
        var line = 0
        let (result, issues) = await TestStoreIssues.collect {
            line = #line + 1
            return unimplemented("SearchClient.search", placeholder: ["none"])
        }
        #expect(result == ["none"])
        #expect(issues.map(\.line) == [UInt(line)])
        #expect(issues.first?.message.hasPrefix("SearchClient.search is unimplemented") == true)
    }

    @Test("replayed draws give the reducer the session's values in order, then the dependency draws anew")
    func replayedDraws() async throws {
        let recorded = UUID()
        let store = TestStore(with: Library()) {
            $0.uuid = .incrementing
            $0.date = .constant(day)
            $0.replayedDraws = [.uuid(recorded), .date(later(day, by: 1))]
        }
        store.register(reducer: AddBookReducer.self)
        try await store.send(AddBook(title: "Dune")) {
            $0.books = [Book(id: recorded, title: "Dune", added: later(day, by: 1))]
        }
        try await store.send(AddBook(title: "Emma")) {
            $0.books.append(Book(id: counted(0), title: "Emma", added: day))
        }
        try await store.finish()
    }

    @Test("a replayed draw of another name is reported, and the value is drawn anew")
    func replayedDrawMismatchReported() {
        var diagnostics: [StoreDiagnostic] = []
        let store = Store(with: Library()) {
            $0.uuid = .constant(counted(7))
            $0.date = .constant(day)
            $0.replayedDraws = [.date(day)]
        }
        store.diagnosticsHandler = { diagnostics.append($0) }
        store.register(reducer: AddBookReducer.self)
        store.dispatch(action: AddBook(title: "Dune"))
        #expect(store.state.books.map(\.id) == [counted(7)])
        #expect(diagnostics.map(\.kind) == [.drawNotRecorded])
        #expect(diagnostics.first?.message.contains("drew uuid where the next of the replayed draws") == true)
    }

    @Test("a dependency of one's own draws through DependencyValues.draw, recorded like uuid")
    func ownDraws() async throws {
        let store = TestStore(with: Library()) {
            $0.uuid = .incrementing
            $0.date = .constant(day)
            $0.replayedDraws = [DependencyDraw("uuid", counted(9))]
        }
        store.register(reducer: AddBookReducer.self)
        try await store.send(AddBook(title: "Dune")) {
            $0.books = [Book(id: counted(9), title: "Dune", added: day)]
        }
        try await store.finish()
    }
}
