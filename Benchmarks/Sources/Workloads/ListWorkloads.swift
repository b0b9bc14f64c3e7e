import ReMVVMStore

// The workloads of lists of features: a row action on a list of n rows (`list.n`), with one
// subscriber that reads the old and the new state, and the comparison of two versions of a
// list that differ in one row (`compare.n`). A list that copied itself at each change would
// cost O(n) per dispatch; `IdentifiedArray` changes one path of its tree.

struct BenchBook: Identifiable, Equatable, Sendable {
    let id: Int
    var title: String
    var isFavorite = false
}

struct ListState: StoreState {
    var books: IdentifiedArray<BenchBook>
}

struct ToggleBook: StoreAction {
    let bookID: Int
}

enum ToggleBookReducer: Reducer {
    static func reduce(state: BenchBook, with action: ToggleBook) -> BenchBook {
        var book = state
        book.isFavorite.toggle()
        return book
    }
}

/// Compares the row the action changed, in the old and the new state, as a row's view would;
/// keeps the last old state when asked, as an undo history would.
@MainActor
final class RowWatcher: StoreSubscriber {
    private let id: Int
    private let keepsOldState: Bool
    private var kept: ListState?
    private(set) var changes = 0

    init(id: Int, keepsOldState: Bool) {
        self.id = id
        self.keepsOldState = keepsOldState
    }

    func didChange(state: ListState, oldState: ListState) {
        if state.books[id: id] != oldState.books[id: id] { changes &+= 1 }
        if keepsOldState { kept = oldState }
    }
}

func makeBooks(_ count: Int) -> IdentifiedArray<BenchBook> {
    IdentifiedArray((0..<count).map { BenchBook(id: $0, title: "Book \($0)") })
}

/// Toggles one row in the middle of a list of `rows` rows, reduced by
/// `register(reducer:forEach:id:)`, with one subscriber that reads both states. A subscriber
/// that keeps the old state (`list.kept.*`) keeps the version the store would reuse, so each
/// row action copies the path instead.
final class ListWorkload: Workload {
    private let store: Store<ListState>
    private let watcher: RowWatcher
    private let id: Int

    init(rows: Int, keepsOldState: Bool = false) {
        id = rows / 2
        watcher = RowWatcher(id: id, keepsOldState: keepsOldState)
        store = Store(with: ListState(books: makeBooks(rows)))
        store.register(reducer: ToggleBookReducer.self, forEach: \.books, id: \.bookID)
        store.add(subscriber: watcher)
        run(2)
    }

    func run(_ count: Int) {
        let action = ToggleBook(bookID: id)
        for _ in 0..<count {
            store.dispatch(action: action)
        }
        precondition(watcher.changes > 0, "the row did not change")
    }
}

/// Compares two versions of a list of `rows` rows that differ in one row: one operation is one
/// `==`.
final class ListComparisonWorkload: Workload {
    private let old: IdentifiedArray<BenchBook>
    private let new: IdentifiedArray<BenchBook>
    private var equal = 0

    init(rows: Int) {
        old = makeBooks(rows)
        var new = old
        new[id: rows / 2]?.isFavorite = true
        self.new = new
        run(2)
    }

    func run(_ count: Int) {
        var equal = 0
        for _ in 0..<count where compareLists(old, new) { equal &+= 1 }
        precondition(equal == 0, "two different lists compared equal")
        self.equal &+= equal
    }
}

@inline(never)
func compareLists(_ lhs: IdentifiedArray<BenchBook>, _ rhs: IdentifiedArray<BenchBook>) -> Bool {
    lhs == rhs
}
