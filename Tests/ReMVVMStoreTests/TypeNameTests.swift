import ReMVVMStore
import Testing

// Feature apps name their types inside a namespace; every text the library prints names them
// the same way: qualified by their enclosing types, without the module.

private enum FavoritesFeature {
    struct Toggle: StoreAction, Equatable { let id: Int }
}

private enum Catalog {
    struct Book: Equatable, Sendable { let id: Int }
}

private struct Box<Value> {}

private func localType() -> any Any.Type {
    struct Twin {}
    return Twin.self
}

@Suite struct TypeNameTests {
    @Test("a type is named by its enclosing types, without its module; so are generic arguments")
    func qualified() {
        #expect(TypeName.of(FavoritesFeature.Toggle.self) == "FavoritesFeature.Toggle")
        #expect(TypeName.of(Box<Catalog.Book>.self) == "Box<Catalog.Book>")
        #expect(TypeName.of([Catalog.Book].self) == "Array<Catalog.Book>")
        #expect(TypeName.of([String: Catalog.Book?].self) == "Dictionary<String, Optional<Catalog.Book>>")
        #expect(TypeName.of(Int.self) == "Int")
    }

    @Test("a local type's context, which changes from run to run, is left out")
    func local() {
        #expect(TypeName.of(localType()) == "Twin")
    }
}
