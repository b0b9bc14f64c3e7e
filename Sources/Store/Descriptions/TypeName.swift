/// The one way the package writes a type's name for people: traces, `TestStore` failures,
/// diagnostics, action logs and exported tests all say it the same way.
///
/// A name is qualified by its enclosing types and has no module prefix:
/// `FavoritesFeature.Toggle`, never `Toggle` or `MyApp.FavoritesFeature.Toggle`. Generic
/// arguments are written by the same rule, so they are qualified too: `NavigationAction<Screen>`,
/// `Box<Catalog.Book>`, `Optional<Int>` (the standard library's module goes as any other). The
/// contexts of local and private types (`(unknown context at $10f2c)`) are left out, since their
/// addresses change from run to run: a local `Twin` is `Twin`.
///
/// The name is also what an action log stores in its `"type"` field, so what a log holds and what
/// a trace or a failure shows for one action are the same text.
package enum TypeName {
    /// The name of `type`: qualified by its enclosing types, without its module.
    ///
    /// <!-- snippet: not checked (package API, which a client cannot call) -->
    /// ```swift
    /// TypeName.of(FavoritesFeature.Toggle.self)     // "FavoritesFeature.Toggle"
    /// TypeName.of(NavigationAction<Screen>.self)    // "NavigationAction<Screen>"
    /// ```
    ///
    /// - Parameter type: Any type.
    /// - Returns: Its name as the package shows it.
    package static func of(_ type: any Any.Type) -> String {
        unqualifyingModules(String(reflecting: type))
    }

    /// A type's full name, as `String(reflecting:)` writes it, without its modules:
    /// `MyApp.SearchFeature.Changed` becomes `SearchFeature.Changed`, `MyApp.Box<Swift.Int>`
    /// becomes `Box<Int>`. Local contexts are left out too.
    ///
    /// - Parameter reflected: A name as `String(reflecting:)` writes a type.
    /// - Returns: The name with each dotted path's first component, its module, left out.
    package static func unqualifyingModules(_ reflected: String) -> String {
        var result = ""
        var path: [Substring] = []
        func endPath() {
            let names = path.filter { !$0.hasPrefix("(unknown context") }
            // The first component of a qualified path is its module.
            result += names.dropFirst(path.count > 1 && !path[0].hasPrefix("(") ? 1 : 0).joined(
                separator: ".")
            path.removeAll()
        }
        var index = reflected.startIndex
        while index < reflected.endIndex {
            let character = reflected[index]
            if character.isLetter || character == "_" {
                var end = index
                while end < reflected.endIndex,
                    reflected[end].isLetter || reflected[end].isNumber || reflected[end] == "_"
                {
                    end = reflected.index(after: end)
                }
                path.append(reflected[index..<end])
                index = end
            } else if reflected[index...].hasPrefix("(unknown context"),
                let close = reflected[index...].firstIndex(of: ")")
            {
                path.append(reflected[index...close])
                index = reflected.index(after: close)
            } else if character == ".", !path.isEmpty {
                index = reflected.index(after: index)
            } else {
                if !path.isEmpty { endPath() }
                result.append(character)
                index = reflected.index(after: index)
            }
        }
        if !path.isEmpty { endPath() }
        return result
    }
}
