extension StoreRegistering {
    /// Registers the reducer of one row of a list: the reducer's `State` is the row, and the
    /// action names its row by id.
    ///
    /// ```swift
    /// struct Book: Identifiable, Equatable, Sendable {
    ///     let id: Int
    ///     var isFavorite = false
    /// }
    /// struct Library: StoreState { var books: IdentifiedArray<Book> = [] }
    /// struct ToggleFavorite: StoreAction { let bookID: Book.ID }
    /// enum ToggleFavoriteReducer: Reducer {
    ///     static func reduce(state: Book, with action: ToggleFavorite) -> Book {
    ///         var book = state
    ///         book.isFavorite.toggle()
    ///         return book
    ///     }
    /// }
    ///
    /// let store = Store(with: Library(books: [Book(id: 1), Book(id: 2)]))
    /// store.register(reducer: ToggleFavoriteReducer.self, forEach: \.books, id: \.bookID)
    /// store.dispatch(action: ToggleFavorite(bookID: 2))
    /// ```
    ///
    /// The row is found by id, reduced, and written back in place; subscribers see the whole
    /// new state. An action whose id is not in the collection changes nothing and is reported
    /// through ``Store/diagnosticsHandler`` as ``StoreDiagnostic/Kind/rowNotFound``, naming the
    /// action, the id and the collection. The one-reducer rule holds as for
    /// ``register(reducer:)``.
    ///
    /// The store keeps the list as it was before a row action until the state changes again:
    /// the next row action writes into that version's storage, which nobody else holds by then,
    /// instead of allocating its own (a subscriber that keeps its `oldState` keeps that version
    /// its own, and the next row action copies instead).
    ///
    /// - Parameters:
    ///   - reducer: The reducer type; its `State` is the row's type.
    ///   - rows: Where the collection lives in the store's state.
    ///   - id: Where the action holds the id of its row.
    /// - Complexity: Finding the row costs what the collection's id subscript costs: O(1) on
    ///   average for an ``IdentifiedArray``, whose one-row change costs O(log *n*).
    @inlinable
    public func register<R: Reducer, Rows: IdentifiedCollection>(
        reducer: R.Type,
        forEach rows: WritableKeyPath<State, Rows>,
        id: KeyPath<R.Action, Rows.Element.ID>
    ) where Rows.Element == R.State {
        _storeBeingSetUp.engine.register(reducer: reducer, forEach: rows, id: id)
    }

    /// Registers the reducer of a part of the state that may be `nil`: it runs while the part
    /// has a value.
    ///
    /// ```swift
    /// struct Draft: Equatable, Sendable { var title: String }
    /// struct EditorState: StoreState { var editing: Draft? = nil }
    /// struct EditTitle: StoreAction { let title: String }
    /// enum EditTitleReducer: Reducer {
    ///     static func reduce(state: Draft, with action: EditTitle) -> Draft { Draft(title: action.title) }
    /// }
    ///
    /// let store = Store(with: EditorState(editing: Draft(title: "Dune")))
    /// store.register(reducer: EditTitleReducer.self, ifLet: \.editing)
    /// store.dispatch(action: EditTitle(title: "Dune Messiah"))
    /// ```
    ///
    /// While the part is `nil`, an action of the reducer changes nothing and is reported
    /// through ``Store/diagnosticsHandler`` as ``StoreDiagnostic/Kind/partIsNil``, naming the action
    /// and the key path.
    ///
    /// - Parameters:
    ///   - reducer: The reducer type; its `State` is the part's wrapped type.
    ///   - part: Where the optional part lives in the store's state.
    @inlinable
    public func register<R: Reducer>(reducer: R.Type, ifLet part: WritableKeyPath<State, R.State?>) {
        _storeBeingSetUp.engine.register(reducer: reducer, ifLet: part)
    }
}
