// Generated from a recorded session by ReMVVM's SessionTestExporter.
// Regenerate it rather than edit it.
// swift-format-ignore-file

import ReMVVMMiddleware
import ReMVVMStore
import ReMVVMTesting
import Testing

@MainActor
@Suite struct RecordedReadingListTests {
    @Test("the recorded session")
    func recordedSession() async throws {
        let clock = TestClock()
        let store = makeReadingListTestStore(clock: clock)
        try await store.send(ReadingList.Add(id: 1, title: "Dune")) {
            $0.books = [ReadingBook(id: 1, title: "Dune", isRead: false)]
        }
        try await store.send(ReadingList.Add(id: 2, title: "Emma")) {
            $0.books = [ReadingBook(id: 1, title: "Dune", isRead: false), ReadingBook(id: 2, title: "Emma", isRead: false)]
        }
        try await store.send(ReadingList.Add(id: 3, title: "Ulysses")) {
            $0.books = [ReadingBook(id: 1, title: "Dune", isRead: false), ReadingBook(id: 2, title: "Emma", isRead: false), ReadingBook(id: 3, title: "Ulysses", isRead: false)]
        }
        try await store.send(ReadingList.Rename(id: 2, title: "Emma (annotated)")) {
            $0.books = [ReadingBook(id: 1, title: "Dune", isRead: false), ReadingBook(id: 2, title: "Emma (annotated)", isRead: false), ReadingBook(id: 3, title: "Ulysses", isRead: false)]
        }
        try await store.send(ReadingList.Open(id: 1)) {
            $0.navigation.apply(.push(ReadingScreen.book(id: 1)))
        }
        try await store.send(ReadingList.MarkRead(id: 1)) {
            $0.books = [ReadingBook(id: 1, title: "Dune", isRead: true), ReadingBook(id: 2, title: "Emma (annotated)", isRead: false), ReadingBook(id: 3, title: "Ulysses", isRead: false)]
        }
        try await store.send(ReadingList.Back()) {
            $0.navigation.apply(.pop(count: 1))
        }
        try await store.send(ReadingList.Remove(id: 3)) {
            $0.books = [ReadingBook(id: 1, title: "Dune", isRead: true), ReadingBook(id: 2, title: "Emma (annotated)", isRead: false)]
        }
        try await store.send(UndoAction()) {
            $0.books = [ReadingBook(id: 1, title: "Dune", isRead: true), ReadingBook(id: 2, title: "Emma (annotated)", isRead: false), ReadingBook(id: 3, title: "Ulysses", isRead: false)]
        }
        try await store.send(RedoAction()) {
            $0.books = [ReadingBook(id: 1, title: "Dune", isRead: true), ReadingBook(id: 2, title: "Emma (annotated)", isRead: false)]
        }
        try await store.send(UndoAction()) {
            $0.books = [ReadingBook(id: 1, title: "Dune", isRead: true), ReadingBook(id: 2, title: "Emma (annotated)", isRead: false), ReadingBook(id: 3, title: "Ulysses", isRead: false)]
        }
        try await store.send(ReadingList.Open(id: 3)) {
            $0.navigation.apply(.push(ReadingScreen.book(id: 3)))
        }
        try await store.finish()
    }
}
