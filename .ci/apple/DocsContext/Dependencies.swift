// The names the docs of reducers that read dependencies take as given (Sources/Store/Dependencies
// and the Dependencies article): a library whose books get an id and a date when added.
public import Foundation
public import ReMVVMStore

private func given<T>() -> T { fatalError("DocsContext is type-checked, never run") }

public struct AddBook: StoreAction {
    public let title: String
    public init(title: String) { self.title = title }
}

extension Book {
    public init(id: UUID, title: String, added: Date) { self.init(title: title) }
    public init(id: UUID, title: String) { self.init(title: title) }
}

extension Library {
    public var books: [Book] {
        get { given() }
        set {}
    }
    public var lastAdded: Date? {
        get { given() }
        set {}
    }
}
