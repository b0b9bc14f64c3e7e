// The name of a part, derived from its key path when none is given.

/// Derives the stable name of a part from its key path: `\Editor.draft.title` is `draft.title`.
///
/// The name comes from the key path's `debugDescription`, which the Swift runtime writes from
/// the reflection metadata of the state's types (the field names Mirror reads too). It is the
/// same in every run and every build of the same source, but only for a path of stored
/// properties: a computed property or a subscript on the path is written as an address
/// (`<computed 0x00007f96... (Int)>`), which changes from run to run, so such a path has no
/// derived name. Apple runtimes before macOS 14, iOS 17, tvOS 17 and watchOS 10 either lack the
/// description (before macOS 13.3 and iOS 16.4) or can crash writing it (Swift 5.8's runtime,
/// swiftlang/swift#64865), hence the availability of the registration that derives it.
package enum BindingName {
    /// The name of the part at `keyPath`, or `nil` when it cannot be derived.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    static func derived<Root, Value>(from keyPath: WritableKeyPath<Root, Value>) -> String? {
        // The root as the runtime writes it (`\Editor.`, `\Box<Int>.`), from the identity path.
        let identity = (\Root.self as AnyKeyPath).debugDescription
        guard identity.hasSuffix(".self") else { return nil }
        let prefix = identity.dropLast("self".count)
        let text = keyPath.debugDescription
        guard text.hasPrefix(prefix) else { return nil }
        return checked(String(text.dropFirst(prefix.count)))
    }

    /// `text` when it is a path of names (`draft.title`, `draft.subtitle?`), or `nil` for
    /// anything else: a computed component, a subscript, an empty path.
    /// The name of a part of a screen's state: its key path's text with its root type,
    /// `FormState.series.title`, so that it differs from any part of the store's state.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    package static func derivedWithRoot<Root, Value>(from keyPath: WritableKeyPath<Root, Value>) -> String? {
        guard let part = derived(from: keyPath) else { return nil }
        return "\(TypeName.of(Root.self)).\(part)"
    }

    static func checked(_ text: String) -> String? {
        let components = text.split(separator: ".", omittingEmptySubsequences: false)
        guard text != "self", !components.isEmpty else { return nil }
        for component in components {
            // Optional chaining and forced unwrapping follow a name: `subtitle?`, `subtitle!`.
            var name = Substring(component)
            while let last = name.last, last == "?" || last == "!" { name = name.dropLast() }
            guard let first = name.first, first.isLetter || first == "_",
                name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
            else { return nil }
        }
        return text
    }
}
