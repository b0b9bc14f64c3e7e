import Foundation
import Testing

@testable import ReMVVMStore

// Tests Sources/Store/Lists/IdentifiedArray.swift and its conformances. The seeded model check
// is in IdentifiedArrayModelCheckTests.swift.

private struct Book: Identifiable, Codable, Hashable, Sendable {
    let id: Int
    var title: String
    var isFavorite = false
}

private func book(_ id: Int) -> Book { Book(id: id, title: "Book \(id)") }

/// Books of ids `0..<count`, in order.
private func shelf(_ count: Int) -> IdentifiedArray<Book> {
    IdentifiedArray((0..<count).map(book))
}

private func ids(_ books: IdentifiedArray<Book>) -> [Int] { books.ids }

/// 100,000 books, four levels of trie: made once, shared by the tests that only read it.
private let largeShelf = shelf(100_000)

@Suite struct IdentifiedArrayTests {
    // MARK: - Reading

    @Test(
        "[id:] reads the element of that id, and nil for an id not present",
        arguments: [0, 1, 31, 32, 33, 99, -1, 100])
    func readByID(id: Int) {
        let books = shelf(100)
        #expect(books[id: id] == ((0..<100).contains(id) ? book(id) : nil))
    }

    @Test(
        "a position reads the element there, across leaves of the trie",
        arguments: [0, 15, 16, 31, 32, 255, 256, 1_023, 1_024, 1_999])
    func readByPosition(position: Int) {
        let books = IdentifiedArray(shelf(2_000).reversed())
        #expect(books[position] == book(1_999 - position))
        #expect(books.index(id: 1_999 - position) == position)
    }

    @Test("ids, iteration and the description follow the order of the elements")
    func order() {
        let books: IdentifiedArray = [book(3), book(1), book(2)]
        #expect(books.ids == [3, 1, 2])
        #expect(Array(books) == [book(3), book(1), book(2)])
        #expect(books.description == [book(3), book(1), book(2)].description)
        #expect(books.count == 3 && !books.isEmpty && books.first == book(3) && books.last == book(2))
        #expect(IdentifiedArray<Book>().isEmpty && IdentifiedArray<Book>().ids.isEmpty)
        #expect(IdentifiedArray<Book>().description == "[]")
    }

    @Test("iteration reads every element once, in order", arguments: [0, 1, 32, 33, 1_024, 1_025, 3_000])
    func iteration(count: Int) {
        #expect(Array(shelf(count)) == (0..<count).map(book))
        #expect(shelf(count).reversed().map(\.id) == Array((0..<count).reversed()))
    }

    // MARK: - Writing by id and by position

    @Test("[id:] = element replaces the element of that id in place", arguments: [0, 17, 40, 99])
    func replaceByID(id: Int) {
        var books = shelf(100)
        books[id: id]?.isFavorite.toggle()
        books[id: id]?.title = "Changed"
        #expect(books[id: id] == Book(id: id, title: "Changed", isFavorite: true))
        #expect(books.index(id: id) == id)
        #expect(books.ids == Array(0..<100))
        #expect(books.filter(\.isFavorite).map(\.id) == [id])
    }

    @Test("[id:] = element appends when the id is not present")
    func setAbsentIDAppends() {
        var books = shelf(3)
        books[id: 10] = book(10)
        #expect(books.ids == [0, 1, 2, 10])
        #expect(books[id: 10] == book(10))
        books[id: 11]?.isFavorite = true  // optional chaining on an absent id changes nothing
        #expect(books.ids == [0, 1, 2, 10])
    }

    @Test(
        "[id:] = nil removes the element of that id and moves the later ones forward",
        arguments: [0, 1, 2, 9])
    func setNilRemoves(id: Int) {
        var books = shelf(3)
        books[id: id] = nil
        let expected = [0, 1, 2].filter { $0 != id }
        #expect(books.ids == expected)
        #expect(books[id: id] == nil)
        for (position, remaining) in expected.enumerated() {
            #expect(books.index(id: remaining) == position)
        }
    }

    @Test("a position is writable and keeps its element's id")
    func writeByPosition() {
        var books = shelf(40)
        books[35].title = "Thirty-five"
        books[0] = Book(id: 0, title: "Zero", isFavorite: true)
        #expect(books[id: 35]?.title == "Thirty-five")
        #expect(books[id: 0] == Book(id: 0, title: "Zero", isFavorite: true))
        #expect(books.ids == Array(0..<40))
    }

    // MARK: - Adding and removing

    @Test(
        "append adds at the end, across leaves and levels of the trie",
        arguments: [0, 1, 2, 15, 16, 31, 32, 255, 256, 1_023, 1_024, 4_095, 4_096])
    func append(count: Int) {
        var books = shelf(count)
        books.append(book(-1))
        #expect(books.count == count + 1)
        #expect(books.last == book(-1))
        #expect(books[id: -1] == book(-1) && books.index(id: -1) == count)
        #expect(books.invariantViolation() == nil)
    }

    @Test(
        "insert puts the element at the position and moves the rest back", arguments: [0, 1, 20, 32, 39, 40])
    func insert(position: Int) {
        var books = shelf(40)
        books.insert(book(100), at: position)
        var expected = Array(0..<40)
        expected.insert(100, at: position)
        #expect(books.ids == expected)
        #expect(books.index(id: 100) == position)
        #expect(books.invariantViolation() == nil)
    }

    @Test(
        "remove(at:) returns the element and moves the rest forward",
        arguments: [0, 1, 15, 16, 17, 31, 32, 33, 256, 1_024, 1_056])
    func removeAt(position: Int) {
        var books = shelf(1_057)
        let removed = books.remove(at: position)
        #expect(removed == book(position))
        #expect(books.ids == (0..<1_057).filter { $0 != position })
        #expect(books[id: position] == nil)
        #expect(books.invariantViolation() == nil)
    }

    @Test(
        "remove(id:) returns the element of that id, or nil when there is none", arguments: [0, 2, 4, 5, -3])
    func removeByID(id: Int) {
        var books = shelf(5)
        let removed = books.remove(id: id)
        #expect(removed == ((0..<5).contains(id) ? book(id) : nil))
        #expect(books.ids == (0..<5).filter { $0 != id })
        #expect(books.invariantViolation() == nil)
    }

    @Test("removeAll(where:) removes the matching elements and keeps the order of the rest")
    func removeAllWhere() {
        var books = shelf(100)
        books.removeAll { $0.id % 3 == 0 }
        #expect(books.ids == (0..<100).filter { $0 % 3 != 0 })
        #expect(books[id: 3] == nil && books.index(id: 4) == 2)
        #expect(books.invariantViolation() == nil)
    }

    @Test("removeAll(where:) that matches nothing leaves the array shared with its copies")
    func removeAllNothing() {
        let old = shelf(100)
        var new = old
        new.removeAll { $0.id < 0 }
        #expect(new == old)
        #expect(new.trieNodesNotShared(with: old) == 0)
        #expect(new.sharesPositions(with: old))
    }

    @Test("removing down to nothing and refilling gives a sound array", arguments: [1, 33, 1_025])
    func emptyAndRefill(count: Int) {
        var books = shelf(count)
        while !books.isEmpty { books.remove(at: books.count - 1) }
        #expect(books.invariantViolation() == nil)
        books.append(contentsOf: (0..<count).map(book))
        #expect(books == shelf(count))
        #expect(books.invariantViolation() == nil)
    }

    // MARK: - Moving

    /// Offsets, a destination, and what SwiftUI's `onMove` makes of `[0, 1, 2, 3, 4]`.
    struct Move: Sendable, CustomTestStringConvertible {
        let offsets: [Int]
        let destination: Int
        let expected: [Int]

        init(_ offsets: [Int], to destination: Int, gives expected: [Int]) {
            self.offsets = offsets
            self.destination = destination
            self.expected = expected
        }

        var testDescription: String { "\(offsets) to \(destination)" }
    }

    static let moves = [
        Move([0], to: 2, gives: [1, 0, 2, 3, 4]),
        Move([2], to: 0, gives: [2, 0, 1, 3, 4]),
        Move([0], to: 5, gives: [1, 2, 3, 4, 0]),
        Move([4], to: 0, gives: [4, 0, 1, 2, 3]),
        Move([1], to: 1, gives: [0, 1, 2, 3, 4]),
        Move([1], to: 2, gives: [0, 1, 2, 3, 4]),
        Move([1, 3], to: 0, gives: [1, 3, 0, 2, 4]),
        Move([3, 1], to: 5, gives: [0, 2, 4, 1, 3]),
        Move([0, 4], to: 2, gives: [1, 0, 4, 2, 3]),
        Move([1, 2], to: 4, gives: [0, 3, 1, 2, 4]),
        Move([0, 1, 2, 3, 4], to: 3, gives: [0, 1, 2, 3, 4]),
        Move([2, 2], to: 0, gives: [2, 0, 1, 3, 4]),
        Move([], to: 3, gives: [0, 1, 2, 3, 4]),
    ]

    @Test("move(fromOffsets:toOffset:) moves as SwiftUI's onMove does", arguments: moves)
    func move(_ move: Move) {
        var books = shelf(5)
        books.move(fromOffsets: move.offsets, toOffset: move.destination)
        #expect(books.ids == move.expected)
        #expect(books.invariantViolation() == nil)
        for (position, id) in move.expected.enumerated() {
            #expect(books[id: id] == book(id) && books.index(id: id) == position)
        }
    }

    @Test("a move that leaves every element in place shares everything with the copy")
    func moveInPlace() {
        let old = shelf(100)
        var new = old
        new.move(fromOffsets: [40, 41], toOffset: 40)
        new.move(fromOffsets: 40...41, toOffset: 42)
        #expect(new.trieNodesNotShared(with: old) == 0)
        #expect(new.sharesPositions(with: old))
    }

    // MARK: - Making

    @Test("an array literal and a sequence make the same array")
    func literalAndSequence() {
        let literal: IdentifiedArray = [book(2), book(0), book(1)]
        #expect(literal == IdentifiedArray([book(2), book(0), book(1)]))
        #expect(literal.ids == [2, 0, 1])
        #expect(IdentifiedArray(literal.lazy.filter { $0.id != 0 }).ids == [2, 1])
    }

    /// Programmer errors, the text the program stops with, and the code that makes them.
    static let traps: [(name: String, message: String)] = [
        ("literal", "two elements have the id 7"),
        ("sequence", "two elements have the id 7"),
        ("append", "the id 7 is already present"),
        ("insert", "the id 7 is already present"),
        ("position", "the element set at position 1 has the id 9, not the id 7 of the element there"),
        ("id", "the element set for the id 7 has the id 9"),
    ]

    @Test(
        "two elements of one id, or an element set under another id, stop the program naming the id",
        arguments: traps)
    func programmerErrors(name: String, message: String) async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            [name] in
            var books: IdentifiedArray = [book(1), book(7)]
            switch name {
            case "literal": books = [book(7), book(1), book(7)]
            case "sequence": books = IdentifiedArray([book(7), book(1), book(7)])
            case "append": books.append(book(7))
            case "insert": books.insert(book(7), at: 0)
            case "position": books[1] = book(9)
            case "id": books[id: 7] = book(9)
            default: Issue.record("no trap named \(name)")
            }
            print(books)
        }
        let output = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(output.contains(message), "\(output)")
    }

    // MARK: - Codable, Hashable

    @Test("Codable: encodes as a plain array and decodes back", arguments: [0, 1, 40])
    func codableRoundTrip(count: Int) throws {
        var books = shelf(count)
        if count > 0 { books[id: 0]?.isFavorite = true }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(books)
        #expect(data == (try encoder.encode(Array(books))))
        #expect(try JSONDecoder().decode([Book].self, from: data) == Array(books))
        let decoded = try JSONDecoder().decode(IdentifiedArray<Book>.self, from: data)
        #expect(decoded == books)
        #expect(decoded.invariantViolation() == nil)
    }

    @Test("decoding two elements of one id throws dataCorrupted naming the id, at the second")
    func decodingDuplicates() throws {
        let json = Data(
            #"[{"id":4,"title":"a","isFavorite":false},{"id":7,"title":"b","isFavorite":false},{"id":4,"title":"c","isFavorite":true}]"#
                .utf8)
        #expect {
            try JSONDecoder().decode(IdentifiedArray<Book>.self, from: json)
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.debugDescription.contains("two elements have the id 4 (at positions 0 and 2)")
                && context.codingPath.last?.intValue == 2
        }
    }

    @Test("equal arrays hash alike; a changed row changes the hash")
    func hashing() {
        var books = shelf(100)
        #expect(books.hashValue == shelf(100).hashValue)
        books[id: 50]?.isFavorite = true
        #expect(books.hashValue != shelf(100).hashValue)
        #expect(Set([books, shelf(100), shelf(100)]).count == 2)
    }

    // MARK: - Persistence: what a changed copy shares

    /// Ways of changing one row of a copy, at a few ids of `largeShelf`: each way at each id, or
    /// under the sanitizers (`Reliability.isSanitized`), where a case takes a second, each id once
    /// with the ways taken in turn, so that every way and every id is still changed.
    static let rowEdits: [(edit: String, id: Int)] = {
        let edits = ["toggle", "set", "position"]
        let ids = [0, 31, 32, 50_000, 99_999]
        if Reliability.isSanitized {
            return ids.enumerated().map { (edits[$0.offset % edits.count], $0.element) }
        }
        return edits.flatMap { edit in ids.map { (edit, $0) } }
    }()

    @Test(
        "a changed row of a 100,000-row copy copies one path: old unchanged, the rest shared",
        arguments: rowEdits)
    func rowChangeCopiesOnePath(edit: String, id: Int) {
        let old = largeShelf
        var new = old
        switch edit {
        case "toggle": new[id: id]?.isFavorite.toggle()
        case "set": new[id: id] = Book(id: id, title: "Changed")
        default: new[id].title = "Changed"  // position == id in a shelf
        }
        #expect(old[id: id] == book(id))
        #expect(new[id: id] != book(id))
        #expect(old.trieDepth == 6)  // leaves of 8 under branches of 8
        let notShared = new.trieNodesNotShared(with: old)
        #expect(notShared >= 1 && notShared <= old.trieDepth)
        #expect(old.trieNodesNotShared(with: new) == notShared)
        #expect(new.sharesPositions(with: old))
        #expect(new.invariantViolation() == nil && old.invariantViolation() == nil)
    }

    @Test("a second change of the same leaf copies nothing more; one of another leaf copies its path")
    func laterChangesOfACopy() {
        let old = largeShelf
        var new = old
        new[id: 10]?.isFavorite = true
        new[id: 11]?.isFavorite = true
        #expect(new.trieNodesNotShared(with: old) == old.trieDepth)
        new[id: 90_000]?.isFavorite = true
        #expect(new.trieNodesNotShared(with: old) == 2 * old.trieDepth - 1)  // the root once
        #expect(old.filter(\.isFavorite).isEmpty)
    }

    @Test("append to a 100,000-row copy copies one path of the trie and leaves the old value alone")
    func appendToCopy() {
        let old = largeShelf
        var new = old
        new.append(book(-1))
        #expect(new.trieNodesNotShared(with: old) <= old.trieDepth + 1)
        #expect(old.count == 100_000 && old[id: -1] == nil)
        #expect(new.count == 100_001 && new[id: -1] == book(-1))
        #expect(!new.sharesPositions(with: old))  // the dictionary of positions was copied
    }

    // MARK: - Comparing versions

    @Test(
        "== on two 100,000-row versions that differ in one row compares one leaf",
        arguments: [0, 33, 65_537, 99_999])
    func equalityComparesWhatDiffers(id: Int) {
        let old = largeShelf
        var new = old
        new[id: id]?.isFavorite.toggle()
        let differing = new.comparingElements(with: old)
        #expect(!differing.isEqual)
        #expect(differing.comparisons >= 1 && differing.comparisons <= 8)
        #expect(old != new)

        new[id: id]?.isFavorite.toggle()  // equal again, in nodes of its own on that path
        let equalAgain = new.comparingElements(with: old)
        #expect(equalAgain.isEqual && old == new)
        #expect(equalAgain.comparisons == 8)  // one leaf
    }

    @Test("== compares nothing for copies of one value, and every element for arrays built apart")
    func equalityCounts() {
        let copy = largeShelf
        #expect(copy.comparingElements(with: largeShelf) == (true, 0))
        let apart = shelf(3_000)
        #expect(apart.comparingElements(with: shelf(3_000)) == (true, 3_000))
        #expect(apart.comparingElements(with: shelf(2_999)) == (false, 0))
    }
}
