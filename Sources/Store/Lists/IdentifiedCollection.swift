/// A collection whose elements are reached by their id: what a store needs to reduce one row of
/// a list (`Store.register(reducer:forEach:id:)`) and to describe changes by id.
///
/// ``IdentifiedArray`` conforms. An app's own collection conforms with the id subscript; a
/// wrapper of an array, say:
///
/// ```swift
/// struct Book: Identifiable, Sendable {
///     let id: Int
///     var title: String
/// }
///
/// struct Shelf: IdentifiedCollection, Sendable {
///     var books: [Book] = []
///
///     var startIndex: Int { books.startIndex }
///     var endIndex: Int { books.endIndex }
///     subscript(position: Int) -> Book { books[position] }
///     func index(after index: Int) -> Int { index + 1 }
///
///     subscript(id id: Book.ID) -> Book? {
///         get { books.first { $0.id == id } }
///         set {
///             guard let index = books.firstIndex(where: { $0.id == id }) else { return }
///             if let newValue { books[index] = newValue } else { books.remove(at: index) }
///         }
///     }
/// }
/// ```
public protocol IdentifiedCollection: Collection where Element: Identifiable {
    /// The element whose id is `id`, or `nil` when there is none.
    ///
    /// Setting replaces that element in place; setting `nil` removes it. Setting an element
    /// whose own id differs from `id`, or setting an id that is not in the collection, is up to
    /// the conforming type (``IdentifiedArray`` traps on the first and appends on the second).
    subscript(id id: Element.ID) -> Element? { get set }
}
